/**
 * KML descriptions are HTML (Google Earth and My Maps render them so): `htmlToText` reads one as the text a
 * member sees, and `textToHtml` writes a spot's description so that `htmlToText` gives it back exactly
 * (docs/map.md "Export"). htmlparser2's tokenizer does the HTML — a `<` that starts no tag ("depth <6in")
 * stays text, every named and numeric entity (`&pound;`) is decoded — in one pass over the text, so time
 * grows linearly with the input, hostile or not.
 *
 * White space follows HTML: runs of spaces collapse, `<br>` and block elements break lines; a newline in the
 * text breaks the line too (plain-text descriptions from other tools rely on it), two or more leave one
 * blank line. White space written as an entity (`&#32;`) is text, never collapsed: that is how an export
 * keeps a description's own spacing.
 */
import { Tokenizer } from 'htmlparser2';

const BLOCK_TAGS = new Set(
  'address article aside blockquote caption dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li ol p pre section table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);
const HIDDEN_TAGS = new Set(['script', 'style', 'head', 'title']);
/**
 * Elements that are markup. Anything else in angle brackets ("<all day>", "<top field>") is the writer's
 * text, written by a program that did not escape it: kept as text, where a browser would hide it.
 */
const HTML_TAGS = new Set(
  'a abbr b bdi bdo big body br center cite code col colgroup del details dfn em font html i img ins kbd link main mark meta nav q s samp small span strike strong sub summary sup tt u var wbr'
    .split(' ')
    .concat([...BLOCK_TAGS, ...HIDDEN_TAGS]),
);
const NBSP = 0xa0;

/** White space between two pieces of text: what the markup and the raw white space asked for. */
interface Gap {
  space: boolean;
  rawLines: number;
  breaks: number;
  block: boolean;
}
const emptyGap = (): Gap => ({ space: false, rawLines: 0, breaks: 0, block: false });

export function htmlToText(html: string): string {
  const out: string[] = [];
  let gap = emptyGap();
  let hidden: string | null = null;
  const text = (value: string) => {
    if (hidden || !value) return;
    if (out.length > 0) {
      const lines = Math.max(gap.breaks, Math.min(gap.rawLines, 2), gap.block ? 1 : 0);
      if (lines > 0) out.push('\n'.repeat(lines));
      else if (gap.space) out.push(' ');
    }
    gap = emptyGap();
    out.push(value);
  };
  const rawText = (raw: string) => {
    // Raw runs of white space become gaps; everything between them is text.
    for (const part of raw.split(/([ \t\n\r\f]+)/)) {
      if (!part) continue;
      if (!/^[ \t\n\r\f]/.test(part)) text(part);
      else if (!hidden) {
        const lines = part.split('\n').length - 1;
        if (lines > 0) gap.rawLines = Math.max(gap.rawLines, lines);
        else gap.space = true;
      }
    }
  };
  let tagName = '';
  let tagStart = 0;
  const openTag = (name: string) => {
    if (HIDDEN_TAGS.has(name)) hidden ??= name;
    else if (name === 'br') gap.breaks += 1;
    else if (BLOCK_TAGS.has(name)) gap.block = true;
  };
  const endOfOpenTag = (end: number) => {
    if (!HTML_TAGS.has(tagName)) text(html.slice(tagStart, end + 1));
  };
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      ontext: (start, end) => rawText(html.slice(start, end)),
      ontextentity: (codepoint) => text(String.fromCodePoint(codepoint === NBSP ? 0x20 : codepoint)),
      onopentagname: (start, end) => {
        tagStart = start - 1;
        tagName = html.slice(start, end).toLowerCase();
        openTag(tagName);
      },
      onclosetag: (start, end) => {
        const name = html.slice(start, end).toLowerCase();
        if (hidden === name) hidden = null;
        else if (!HTML_TAGS.has(name)) text(html.slice(start - 2, html.indexOf('>', end) + 1));
        else if (name === 'br') gap.breaks += 1;
        else if (BLOCK_TAGS.has(name)) gap.block = true;
      },
      onselfclosingtag: (end) => {
        if (hidden === tagName) hidden = null;
        endOfOpenTag(end);
      },
      onopentagend: endOfOpenTag,
      onattribdata: () => {},
      onattribentity: () => {},
      onattribend: () => {},
      onattribname: () => {},
      oncdata: () => {},
      oncomment: () => {},
      ondeclaration: () => {},
      onprocessinginstruction: () => {},
      onend: () => {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return out.join('');
}

// The writing half is shared with the export, which the server writes too (schema/contracts/spot-export).
export { textToHtml } from '@schema/contracts/spot-export/html-text';
