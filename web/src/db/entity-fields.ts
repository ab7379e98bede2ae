/**
 * Field-level building blocks of the entity descriptors (entity-descriptor.ts): checking that a stored,
 * queued or pulled value has a record's shape, and overlaying a payload's fields on a record. Pulled rows
 * and payloads are checked field by field — cheap enough to run on every pulled row — never trusted.
 */

export type Payload = Record<string, unknown>;

/**
 * A moderator's hiding as the author's device keeps it (docs/moderation.md "Hidden records"): only pulled,
 * never written by a queued change; the next pull after a restore brings the row without it.
 */
export interface ModeratorMark {
  hiddenByModerator?: { reason: string } | undefined;
}

/** The mark a pulled row carries, checked; undefined when it has none (or a malformed one). */
export function moderatorMarkOf(data: Payload): { reason: string } | undefined {
  const mark = data.hiddenByModerator;
  return isRow(mark) && typeof mark.reason === 'string' ? { reason: mark.reason } : undefined;
}

/**
 * How a payload field changes the record:
 * - 'text' / 'number': a value of that type replaces the field; anything else leaves it as it is;
 * - 'text-or-empty': when the payload has the key, a string replaces the field and anything else
 *   (null) empties it (a find's description);
 * - 'number-or-absent': when the payload has the key, a number replaces the field and anything else
 *   (null) removes it (a find's coordinates);
 * - 'boolean': a boolean replaces the field; anything else leaves it (a spot's flags);
 * - 'text-or-null': when the payload has the key, a string replaces the field and anything else (null)
 *   clears it to null (a group's cover);
 * - 'text-list': a list of strings replaces the field, null empties it (a group's tags);
 * - 'object-or-null': when the payload has the key, an object or a list replaces the field and anything else
 *   (null) clears it to null (a permission's boundary, its allowed days; the queue checked them already).
 */
export type FieldChange =
  | 'text'
  | 'number'
  | 'text-or-empty'
  | 'number-or-absent'
  | 'boolean'
  | 'text-or-null'
  | 'text-list'
  | 'object-or-null';

/** The fields an update may carry, and how each changes the record. */
export type Overlay<R> = { readonly [K in keyof R]?: FieldChange };

export const isRow = (value: unknown): value is Payload =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
/** A list of strings, or none. */
export const textList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The fields a record must have, by type ('number|null': present, a number or null). */
export type Shape = Record<string, 'string' | 'number' | 'number|null'>;

/** A guard for R from the fields that tell it apart. */
export function hasShape<R>(shape: Shape, absent: readonly string[] = []) {
  const fields = Object.entries(shape);
  return (value: unknown): value is R =>
    isRow(value) &&
    absent.every((key) => !(key in value)) &&
    fields.every(([key, type]) =>
      type === 'number|null'
        ? key in value && (value[key] === null || typeof value[key] === 'number')
        : typeof value[key] === type,
    );
}

/** A loose copy of `record` with the payload's fields applied; the caller checks the result's shape. */
export function overlay<R extends object>(record: R, payload: Payload, fields: Overlay<R>): Payload {
  const next: Payload = Object.fromEntries(Object.entries(record));
  for (const [key, change] of Object.entries(fields)) {
    const value = payload[key];
    if (change === 'text' || change === 'number' || change === 'boolean') {
      if (typeof value === (change === 'text' ? 'string' : change)) next[key] = value;
    } else if (change === 'text-or-empty') {
      if (key in payload) next[key] = text(value) ?? '';
    } else if (change === 'number-or-absent' && key in payload) {
      if (typeof value === 'number') next[key] = value;
      else delete next[key];
    } else if (change === 'text-or-null' && key in payload) {
      next[key] = text(value) ?? null;
    } else if (change === 'object-or-null' && key in payload) {
      next[key] = typeof value === 'object' && value !== null ? value : null;
    } else if (change === 'text-list') {
      if (value === null) next[key] = [];
      else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) next[key] = value;
    }
  }
  return next;
}

/** The photo a payload names by `imageSha256` (a find's, a post's picture), for `blobRefs`. */
export const photoNamedIn = (payload: Payload): string[] => {
  const sha = text(payload.imageSha256);
  return sha ? [sha] : [];
};
