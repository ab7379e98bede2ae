/**
 * Ids on the wire, parsed strictly (docs/api.md "Ids and text fields"; docs/sync.md "Record identity"): a server id is a
 * positive whole number, sent as a JSON number or as its digits (a form field, a path, a query). Nothing
 * else becomes an id: `z.coerce.number()` read `true` as 1 and handed a group to the official account
 * (member 1); it also read `'1e3'`, `' 12 '`, `'0x10'` and `[5]` as numbers.
 */
import { z } from 'zod';

/** The digits of a server id as a path, query or form sends them (at most 15: a safe integer). */
export const ID_DIGITS = /^\d{1,15}$/;

/** A record's uid (UUID, any case; compared in lower case). */
export const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record named by its server id (digits) or its uid, as `{id}` paths name it; every other value is refused. */
export function idOrUidTextSchema(message: string) {
  return z.string({ error: message }).refine((v) => ID_DIGITS.test(v) || UID.test(v), message);
}

/** A positive safe integer, or its digits; every other value is refused with `message`. */
export function idSchema(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && ID_DIGITS.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message),
  );
}
