/** Reading request input through the shared Zod contracts: bad input is a 400 with the rule's message. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { issuesToFields } from '@schema/contracts/validation';
import { badRequest } from './errors';

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(result.error.issues[0]?.message ?? 'Invalid input', {
    fields: issuesToFields(result.error.issues),
  });
}

/** Parses a JSON body; malformed JSON is a 400, never a stack trace. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Invalid JSON body');
  }
  return parseWith(schema, body);
}

/**
 * A JSON body that must be an object, before a schema reads it: for routes that look at a field (a uid, a
 * photo) before choosing the schema. Malformed JSON or a non-object is a 400.
 */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Invalid JSON body');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Invalid JSON body');
  return Object.fromEntries(Object.entries(body));
}

/**
 * `{id}` path parameters accept the numeric id or, for offline-created records, the uid
 * (docs/sync.md#record-identity).
 */
export function parseIdParam(raw: string): { id: number } | { uid: string } {
  if (/^\d{1,15}$/.test(raw)) return { id: Number(raw) };
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw))
    return { uid: raw.toLowerCase() };
  throw badRequest('Invalid id');
}
