/**
 * Builds a member's "Download my data" archive into a file (docs/export.md): one pass per file, each a
 * page of rows at a time, photos one at a time from the photo store (the data directory or S3), so memory
 * stays flat for a member with 100,000 finds or gigabytes of photos. Text is deflated, photos stored as
 * they are (byte-identical). manifest.json comes last, with the counts of what was written.
 */
import path from 'node:path';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportManifest } from '@schema/contracts/my-data';
import { floCsvHead, floCsvLine, type FloCsvFind } from '@schema/contracts/flo-csv';
import type { Location } from '@schema/contracts/locations';
import { toGeoJson, toGpx, toKml } from '@schema/contracts/spot-export/export';
import type { Deps } from '../../deps';
import type { UserRow } from '../../lib/auth/user-row';
import { photoStoreFor } from '../../lib/photo-store';
import type { SyncEntityHandler } from '../../sync/registry';
import {
  achievementsOf,
  commentKinds,
  eventPages,
  findPages,
  followsOf,
  groupsOf,
  messagePages,
  originalNames,
  postPages,
  profileOf,
  spotPages,
  storyPages,
} from './collect';
import { readmeText } from './readme';
import { ZipFileWriter, type TextEntry } from './zip-writer';

/** A find as exported: the owner's wire shape plus its photos' paths in the archive. */
type ExportedFind = FloCsvFind & { photos: string[] };

const JSON_HEAD = '[\n';
const JSON_TAIL = '\n]\n';

/** A JSON array written one record per line, so readers (and the import) can take it line by line. */
async function jsonLines<T>(entry: TextEntry, pages: AsyncIterable<T[]>): Promise<number> {
  let count = 0;
  await entry.write(JSON_HEAD);
  for await (const page of pages) {
    const lines = page.map((row) => JSON.stringify(row));
    await entry.write((count > 0 ? ',\n' : '') + lines.join(',\n'));
    count += page.length;
  }
  await entry.write(count > 0 ? JSON_TAIL : ']\n');
  await entry.end();
  return count;
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  if (rows.length > 0) yield rows;
}

/** The photo-store name behind a find's image URL, or null for a URL the store does not hold. */
export function storedPhotoName(imageUrl: string): string | null {
  const match = /^\/uploads\/([A-Za-z0-9][A-Za-z0-9._-]{0,254})$/.exec(imageUrl);
  return match?.[1] ?? null;
}

/** `photos/<findId>/1-<original name or stored name>.<ext of the stored file>`. */
function photoPath(findId: number, stored: string, originalName: string | null | undefined): string {
  const ext = path.extname(stored).toLowerCase();
  const label = originalName ? path.parse(originalName).name : path.parse(stored).name;
  const safe =
    label
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 80) || 'photo';
  return `photos/${findId}/1-${safe}${ext}`;
}

/** The member's finds page by page, each with its photo's archive path. */
async function* exportedFinds(deps: Deps, handler: SyncEntityHandler, userId: number) {
  for await (const page of findPages(deps.db, handler, userId)) {
    const found = page.flatMap((row) => (row.data ? [row.data as unknown as FloCsvFind] : []));
    const stored = found.map((f) => storedPhotoName(f.imageUrl));
    const names = await originalNames(
      deps.db,
      stored.filter((s): s is string => s !== null),
    );
    yield found.map((find, i): ExportedFind & { storedPhoto: string | null } => {
      const name = stored[i] ?? null;
      const photos = name && find.id !== null ? [photoPath(find.id, name, names.get(name))] : [];
      return { ...find, photos, storedPhoto: name };
    });
  }
}

async function* withoutStoredPhoto(pages: AsyncIterable<(ExportedFind & { storedPhoto: unknown })[]>) {
  for await (const page of pages) yield page.map(({ storedPhoto: _stored, ...find }) => find);
}

export interface BuiltExport {
  manifest: ExportManifest;
}

/** Writes the whole archive to `file` (the caller writes to a temporary name and renames). */
export async function buildExport(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'username'>,
  file: string,
  handlers: ReadonlyMap<string, SyncEntityHandler>,
  now = new Date(),
): Promise<BuiltExport> {
  const findsHandler = handlers.get('finds');
  const spotsHandler = handlers.get('locations');
  if (!findsHandler || !spotsHandler) throw new Error('The finds and locations entities are not registered');
  const { db } = deps;
  const zip = new ZipFileWriter(file);
  const counts: Record<string, number> = {};
  const omittedPhotos: string[] = [];
  const exportedAt = now.toISOString();
  try {
    await zip.file('README.txt', readmeText(user.username, exportedAt));
    await zip.file('profile.json', `${JSON.stringify(await profileOf(db, user.id), null, 2)}\n`);

    counts.finds = await jsonLines(
      zip.text('finds.json'),
      withoutStoredPhoto(exportedFinds(deps, findsHandler, user.id)),
    );
    const csv = zip.text('finds.csv');
    await csv.write(floCsvHead());
    for await (const page of exportedFinds(deps, findsHandler, user.id))
      await csv.write(page.map((f) => floCsvLine(f, { photoFile: () => f.photos[0] ?? '' })).join(''));
    await csv.end();

    // Photos one at a time, as stored: the bytes are never decoded or re-encoded.
    const photos = photoStoreFor(deps.config);
    counts.photos = 0;
    for await (const page of exportedFinds(deps, findsHandler, user.id))
      for (const find of page) {
        const archivePath = find.photos[0];
        if (!find.storedPhoto || !archivePath) continue;
        const photo = await photos.get(find.storedPhoto);
        if (!photo) continue;
        if (!zip.fits(photo.length)) {
          omittedPhotos.push(archivePath);
          if (!(photo.body instanceof Uint8Array)) await photo.body.cancel();
          continue;
        }
        await zip.stored(archivePath, photo.body);
        counts.photos += 1;
      }

    // Spots: a member's few thousand at most, held for the four files.
    const spots: Location[] = [];
    for await (const page of spotPages(db, spotsHandler, user.id))
      for (const row of page) if (row.data) spots.push(row.data as unknown as Location);
    counts.spots = spots.length;
    counts.permissionRecords = spots.filter(
      (s) => s.landownerName || s.permissionGranted || s.permissionBoundary,
    ).length;
    await jsonLines(zip.text('spots.json'), once(spots));
    await zip.file('spots.gpx', toGpx(spots, true));
    await zip.file('spots.kml', toKml(spots, true));
    await zip.file('spots.geojson', toGeoJson(spots, true));

    counts.posts = await jsonLines(zip.text('posts.json'), postPages(db, user.id));
    counts.comments = await jsonLines(zip.text('comments.json'), allComments(db, user.id));
    counts.stories = await jsonLines(zip.text('stories.json'), storyPages(db, user.id));
    counts.events = await jsonLines(zip.text('events.json'), eventPages(db, user.id));
    counts.messages = await jsonLines(zip.text('messages.json'), messagePages(db, user.id));
    const groups = await groupsOf(db, user.id);
    counts.groups = await jsonLines(zip.text('groups.json'), once(groups));
    const follows = await followsOf(db, user.id);
    counts.following = follows.following.length;
    counts.followers = follows.followers.length;
    await zip.file('follows.json', `${JSON.stringify(follows, null, 2)}\n`);
    const achievements = await achievementsOf(db, user.id);
    counts.achievements = await jsonLines(zip.text('achievements.json'), once(achievements));

    const manifest: ExportManifest = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt,
      user: { id: user.id, username: user.username },
      counts,
      ...(omittedPhotos.length > 0 ? { omittedPhotos } : {}),
    };
    await zip.file('manifest.json', `${JSON.stringify(manifest, null, 2)}\n`);
    await zip.finish();
    return { manifest };
  } catch (err) {
    await zip.abort();
    throw err;
  }
}

/** Every kind of comment, kind by kind, each row saying its kind. */
async function* allComments(db: Deps['db'], userId: number) {
  for (const { kind, pages } of commentKinds(db, userId))
    for await (const page of pages) yield page.map((row) => ({ kind, ...row }));
}
