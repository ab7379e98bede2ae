/** Reading the record a page's address names for its first look (docs/architecture.md "First paint"). */
import type { HideableEntity } from '@schema/contracts/moderation';
import type { Store } from '../lib/db';
import { HttpError } from '../lib/errors';
import { shownUnlessHidden } from '../lib/moderation';

/** The first-visit hints read every record as a visitor signed out (a service's `viewer`). */
export const ANONYMOUS = null;

/**
 * The record a page's address names, or null when there is none for an anonymous visitor (no such record,
 * or an address that is not an id): the page then says so itself, with nothing to hint.
 */
export async function recordOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof HttpError) return null;
    throw err;
  }
}

/**
 * A record as a signed-out visitor may see it: one a moderator hid answers like a missing one (a 404, so
 * `recordOrNull` gives null and the page has no first look of it), docs/moderation.md.
 */
export async function shownToVisitor<T extends { id: number }>(
  store: Store,
  entity: HideableEntity,
  read: Promise<T>,
): Promise<T> {
  return shownUnlessHidden(store, entity, await read, ANONYMOUS, 'Not found');
}
