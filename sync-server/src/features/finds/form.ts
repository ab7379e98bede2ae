/**
 * Reading the Share Your Find / edit forms (multipart, docs/product/finds.md#api-calls). Text parts are
 * validated with the shared contracts; the image part is only size-checked here and sniffed and
 * re-encoded by storeImage.
 * Parts the server decides itself (`userId`) are never read.
 */
import type { Context } from 'hono';
import { MAX_IMAGE_BYTES } from '@schema/contracts/constants';
import { findMessages } from '@schema/contracts/finds';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import type { UserRow } from '../../lib/auth/session';
import { badRequest, tooLarge } from '../../lib/errors';
import { storeImage } from '../../lib/images';

export interface FindForm {
  fields: Record<string, string>;
  image: File | null;
}

/** Multipart or url-encoded; a JSON body is accepted too for edits without a new image. */
export async function readFindForm(c: Context<AppEnv>): Promise<FindForm> {
  if (/^application\/json/i.test(c.req.header('content-type') ?? '')) {
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      throw badRequest('Invalid JSON body');
    }
    const fields: Record<string, string> = {};
    if (json && typeof json === 'object') {
      for (const [key, value] of Object.entries(json)) {
        if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
        else if (value === null) fields[key] = '';
      }
    }
    return { fields, image: null };
  }
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw badRequest('Invalid form data');
  }
  const fields: Record<string, string> = {};
  let image: File | null = null;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'image' && value.size > 0) image = value;
  }
  return { fields, image };
}

/** Only the contract's text fields: everything else in the form (userId included) is ignored. */
export function pickFields(fields: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name] ?? '']));
}

export const FIND_TEXT_FIELDS = [
  'title',
  'description',
  'location',
  'period',
  'latitude',
  'longitude',
] as const;

/** Sniffed, re-encoded and stripped of metadata (GPS included) by lib/images; 413/415 come from there. */
export async function storeFindImage(deps: Deps, user: UserRow, image: File): Promise<string> {
  if (image.size > MAX_IMAGE_BYTES) throw tooLarge(findMessages.fileTooLarge);
  const stored = await storeImage(deps, new Uint8Array(await image.arrayBuffer()), {
    uploadedBy: user.id,
    originalName: image.name,
    kind: 'photo',
  });
  return stored.url;
}
