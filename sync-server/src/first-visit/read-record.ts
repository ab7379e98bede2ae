/** Reading the record a page's address names for its first look (docs/architecture.md "First paint"). */
import { HttpError } from '../lib/errors';

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
