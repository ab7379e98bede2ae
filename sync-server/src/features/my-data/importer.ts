/**
 * "Import from a DigQuest export" (docs/export.md): finds with their photos, and spots with their
 * permission records, come back as the signed-in member's own, on this server or another. Every record
 * goes through the sync push path (sync/push.ts applyMutations: the same contracts as any write, the
 * change log written, so the member's devices pull them), as a create whose uid and mutation id are
 * derived from (member, original uid): importing the same file twice finds them there and adds nothing,
 * and a record the member still holds under its original uid (the same account) is skipped too.
 * Photos are stored byte for byte under their content's name, as uploads are.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { blobUploads, finds, imageStorage, locations } from '@schema/db/tables';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IMPORT_PROBLEMS_SHOWN,
  myDataMessages,
  type ImportResult,
} from '@schema/contracts/my-data';
import type { Mutation } from '@schema/contracts/sync';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/user-row';
import { badRequest } from '../../lib/errors';
import { thumbnailOfDisplay } from '../../lib/images';
import { photoStoreFor } from '../../lib/photo-store';
import { exists } from '../../lib/query';
import { applyMutations } from '../../sync/push';
import type { SyncEntityHandler } from '../../sync/registry';
import { entryBytes, entryLines, readEntries, type ZipEntry } from './zip-reader';

/** A photo larger than this is not one the server stored (uploads are re-encoded to at most 1600 px). */
const MAX_PHOTO_BYTES = 64 * 1024 * 1024;
const MAX_LINE = 4 * 1024 * 1024;
const BATCH = 100;
const PHOTO_TYPES: Readonly<Record<string, string>> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** A UUID (version 5 layout: SHA-1 of a name) naming the imported copy of a record for this member. */
export function derivedUid(memberId: number, kind: string, originalUid: string): string {
  const hash = createHash('sha1')
    .update(`digquest-import:${memberId}:${kind}:${originalUid.toLowerCase()}`)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Tally = ImportResult;

function problem(tally: Tally, text: string) {
  if (tally.problems.length < IMPORT_PROBLEMS_SHOWN) tally.problems.push(text);
}

/** Reads the manifest; a file that is not a DigQuest export of a version we read is a 400. */
async function checkManifest(fh: FileHandle, entries: ZipEntry[]) {
  const entry = entries.find((e) => e.name === 'manifest.json');
  if (!entry) throw badRequest(myDataMessages.notAnExport);
  let manifest: unknown;
  try {
    manifest = JSON.parse(new TextDecoder().decode(await entryBytes(fh, entry, 1024 * 1024)));
  } catch {
    throw badRequest(myDataMessages.notAnExport);
  }
  if (
    typeof manifest !== 'object' ||
    manifest === null ||
    !('format' in manifest) ||
    manifest.format !== EXPORT_FORMAT
  )
    throw badRequest(myDataMessages.notAnExport);
  if (!('version' in manifest) || typeof manifest.version !== 'number')
    throw badRequest(myDataMessages.notAnExport);
  if (manifest.version > EXPORT_VERSION) throw badRequest(myDataMessages.newerExport);
}

/** Stores one photo as it is, with the rows an upload leaves; answers its content hash. */
async function importPhoto(
  deps: Deps,
  user: UserRow,
  bytes: Uint8Array,
  ext: string,
): Promise<{ sha256: string }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const name = `${sha256}${ext}`;
  const store = photoStoreFor(deps.config);
  const created = !(await store.has(name));
  const contentType = PHOTO_TYPES[ext] ?? 'application/octet-stream';
  if (created) {
    await store.put(name, bytes, contentType);
    // The list's thumbnail, made as the upload made it; a photo that does not decode keeps none.
    const thumb = ext === '.webp' ? await thumbnailOfDisplay(bytes) : null;
    if (thumb) await store.put(`${sha256}-thumb.webp`, thumb, 'image/webp');
  }
  await deps.db
    .insert(imageStorage)
    .values({ filename: name, mimeType: contentType, size: bytes.byteLength, uploadedBy: user.id })
    .onConflictDoNothing({ target: imageStorage.filename });
  // The sync path finds a photo by hash (sync/blobs.ts): the hash of these very bytes names them.
  await deps.db
    .insert(blobUploads)
    .values({ sha256, url: `/uploads/${name}`, uploadedBy: user.id })
    .onConflictDoNothing({ target: blobUploads.sha256 });
  return { sha256 };
}

/** Records of a JSON-lines array file (finds.json, spots.json), one per line; a bad line is a problem. */
async function* records(fh: FileHandle, entry: ZipEntry, tally: Tally, kind: 'finds' | 'spots') {
  let line = 0;
  for await (const text of entryLines(fh, entry, MAX_LINE)) {
    line += 1;
    const trimmed = text.trim().replace(/,$/, '');
    if (trimmed === '' || trimmed === '[' || trimmed === ']') continue;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        yield value as Record<string, unknown>;
      else throw new Error('not a record');
    } catch {
      tally.skipped[kind] += 1;
      problem(tally, `${entry.name} line ${line}: not a record`);
    }
  }
}

interface Pending {
  mutation: Mutation;
  label: string;
}

export async function importExport(
  deps: Deps,
  user: UserRow,
  fh: FileHandle,
  size: number,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
): Promise<ImportResult> {
  let entries: ZipEntry[];
  try {
    entries = await readEntries(fh, size);
  } catch {
    throw badRequest(myDataMessages.notAnExport);
  }
  await checkManifest(fh, entries);
  const tally: Tally = {
    imported: { finds: 0, photos: 0, spots: 0 },
    skipped: { finds: 0, photos: 0, spots: 0 },
    problems: [],
  };

  // Photos first: a find names its photo by hash, as a device's queued find does.
  const photoHashes = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.name.startsWith('photos/') || entry.name.endsWith('/')) continue;
    const ext = path.extname(entry.name).toLowerCase();
    if (!(ext in PHOTO_TYPES)) {
      tally.skipped.photos += 1;
      problem(tally, `${entry.name}: not a photo`);
      continue;
    }
    try {
      const { sha256 } = await importPhoto(deps, user, await entryBytes(fh, entry, MAX_PHOTO_BYTES), ext);
      // Counted with its find below: the store keeps one copy per content, so bytes already stored (by
      // the exporting account on this server) are still this member's photo once the find is.
      photoHashes.set(entry.name, sha256);
    } catch (err) {
      tally.skipped.photos += 1;
      problem(tally, err instanceof Error ? err.message : `${entry.name}: unreadable`);
    }
  }

  const apply = async (pending: Pending[], kind: 'finds' | 'spots') => {
    if (pending.length === 0) return;
    const { results } = await applyMutations(
      deps,
      user,
      pending.map((p) => p.mutation),
      handlers,
    );
    results.forEach((result, i) => {
      if (result.status === 'applied') {
        tally.imported[kind] += 1;
        if (kind === 'finds') tally.imported.photos += 1;
      } else {
        tally.skipped[kind] += 1;
        if (kind === 'finds') tally.skipped.photos += 1;
        if (result.status === 'rejected') problem(tally, `${pending[i]?.label ?? kind}: ${result.message}`);
      }
    });
    pending.length = 0;
  };

  const mutationFor = (
    entity: 'finds' | 'locations',
    originalUid: string,
    payload: Record<string, unknown>,
  ): Mutation => ({
    mutationId: derivedUid(user.id, `${entity}:mutation`, originalUid),
    entity,
    op: 'create',
    uid: derivedUid(user.id, entity, originalUid),
    payload,
    createdAt: new Date().toISOString(),
  });

  /** The member's own record under its original uid: the export of this very account, re-imported. */
  const stillHeld = async (table: typeof finds | typeof locations, uid: string) =>
    exists(
      deps.db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.uid, uid.toLowerCase()), eq(table.userId, user.id))),
    );

  const spotsEntry = entries.find((e) => e.name === 'spots.json');
  if (spotsEntry) {
    const pending: Pending[] = [];
    for await (const spot of records(fh, spotsEntry, tally, 'spots')) {
      const uid = typeof spot.uid === 'string' ? spot.uid : null;
      const label = `Spot "${String(spot.name ?? spot.id ?? '?')}"`;
      if (!uid) {
        tally.skipped.spots += 1;
        problem(tally, `${label}: no uid`);
        continue;
      }
      if (await stillHeld(locations, uid)) {
        tally.skipped.spots += 1;
        continue;
      }
      // The create contract strips what it does not take (ids, owner, dates): the spot is the member's.
      // An imported spot starts private whatever it was: its permission record came with it, and the
      // member shares it again when they choose (docs/privacy.md: private by default).
      const { isPrivate: _private, ...rest } = spot;
      const payload = { ...rest, isShared: false };
      pending.push({ mutation: mutationFor('locations', uid, payload), label });
      if (pending.length >= BATCH) await apply(pending, 'spots');
    }
    await apply(pending, 'spots');
  }

  const findsEntry = entries.find((e) => e.name === 'finds.json');
  if (findsEntry) {
    const pending: Pending[] = [];
    for await (const find of records(fh, findsEntry, tally, 'finds')) {
      const uid = typeof find.uid === 'string' ? find.uid : null;
      const label = `Find "${String(find.title ?? find.id ?? '?')}"`;
      const photos = Array.isArray(find.photos)
        ? find.photos.filter((p): p is string => typeof p === 'string')
        : [];
      const imageSha256 = photos.map((p) => photoHashes.get(p)).find((h) => h !== undefined);
      if (!uid) {
        tally.skipped.finds += 1;
        problem(tally, `${label}: no uid`);
        continue;
      }
      if (await stillHeld(finds, uid)) {
        tally.skipped.finds += 1;
        continue;
      }
      if (!imageSha256) {
        tally.skipped.finds += 1;
        problem(tally, `${label}: its photo is not in the file`);
        continue;
      }
      // Server-made fields (treasureDeadline, counts, the public point) are stripped by the contract.
      const payload: Record<string, unknown> = { ...find, imageSha256 };
      pending.push({ mutation: mutationFor('finds', uid, payload), label });
      if (pending.length >= BATCH) await apply(pending, 'finds');
    }
    await apply(pending, 'finds');
  }
  return tally;
}
