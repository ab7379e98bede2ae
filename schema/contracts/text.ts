/**
 * Free text members write — names, titles, descriptions, comments, messages, bios — read through one rule
 * (docs/api.md "Ids and text fields"): no C0 control character is ever stored. A vertical tab pasted from a word
 * processor made a whole GPX or KML export unreadable to strict readers and broke RFC 5545 in `.ics`; a NUL
 * is refused by PostgreSQL itself. Pasted text is cleaned rather than refused, since the member cannot see
 * what is wrong with it: a vertical tab or form feed (a word processor's line and page breaks) becomes a
 * line feed, every other C0 control is removed. Tab, line feed and carriage return are text and stay.
 * Every text field of the contracts is built with `text()`, so the forms and the server clean alike and
 * the rules after it (trim, lengths) judge what is stored.
 */
import { z } from 'zod';

import { withoutControls } from './text-clean';

export { withoutControls };

/** A string schema that cleans C0 controls first; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(withoutControls);
}
