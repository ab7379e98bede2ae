/**
 * Every change a member makes to finds, as local writes (web/src/sync writeLocal): the record changes in
 * IndexedDB and its mutation is queued in one transaction, so it shows at once — offline too — marked
 * waiting, and the engine pushes it when it can. Comments and likes are the engagement module's writes
 * (web/src/engagement), bound to the finds' descriptor; their counters are bumped optimistically and the
 * server's counts replace them on the next pull (they are the server's to compute).
 */
import { uuidv7 } from 'uuidv7';
import type { FindCreateInput } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalFind } from '@web/db/database';
import { engagementWrites } from '@web/engagement/writes';
import { preparePhoto, writeLocal } from '@web/sync';
import { findEngagement } from '../engagement';

const engagement = engagementWrites(findEngagement);
export const { addComment, editComment, deleteComment, setLiked } = engagement;

export interface PhotoInput {
  blob: Blob;
  mime: string;
}

export interface FindFields {
  title: string;
  description: string;
  location: string;
  period: string;
  latitude: number | null;
  longitude: number | null;
}

function coordinates(fields: Pick<FindFields, 'latitude' | 'longitude'>): {
  latitude?: number;
  longitude?: number;
} {
  return fields.latitude !== null && fields.longitude !== null
    ? { latitude: fields.latitude, longitude: fields.longitude }
    : {};
}

/** Share Your Find: returns the new find's uid (its address until the server assigns an id). */
export async function createFind(user: SelfUser, input: FindCreateInput, photo: PhotoInput): Promise<string> {
  const uid = uuidv7();
  const blob = await preparePhoto(photo.blob, photo.mime);
  const position = coordinates({ latitude: input.latitude ?? null, longitude: input.longitude ?? null });
  const text = {
    title: input.title,
    description: input.description,
    location: input.location,
    period: input.period,
  };
  const record: LocalFind = {
    id: null,
    uid,
    userId: user.id,
    username: user.username,
    ...text,
    ...position,
    imageUrl: '',
    thumbUrl: '',
    likes: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
    imageSha256: blob.sha256,
  };
  await writeLocal(db, {
    entity: 'finds',
    op: 'create',
    uid,
    userId: user.id,
    payload: { ...text, ...position, imageSha256: blob.sha256 },
    record,
    blobs: [blob],
  });
  return uid;
}

/** Edit: only the fields that changed are sent, so edits of other fields elsewhere survive (S17). */
export async function updateFind(
  user: SelfUser,
  find: LocalFind,
  fields: FindFields,
  photo: PhotoInput | null,
): Promise<void> {
  const payload: Record<string, unknown> = {};
  for (const key of ['title', 'description', 'location', 'period'] as const) {
    if (fields[key] !== (find[key] ?? '')) payload[key] = fields[key];
  }
  if (fields.latitude !== (find.latitude ?? null) || fields.longitude !== (find.longitude ?? null)) {
    payload.latitude = fields.latitude;
    payload.longitude = fields.longitude;
  }
  const blob = photo ? await preparePhoto(photo.blob, photo.mime) : null;
  if (blob) payload.imageSha256 = blob.sha256;
  if (Object.keys(payload).length === 0) return;
  await writeLocal(db, {
    entity: 'finds',
    op: 'update',
    uid: find.uid,
    userId: user.id,
    payload,
    blobs: blob ? [blob] : [],
  });
}

export async function deleteFind(user: SelfUser, find: LocalFind): Promise<void> {
  await writeLocal(
    db,
    { entity: 'finds', op: 'delete', uid: find.uid, userId: user.id },
    {
      tables: [],
      // The server deletes the comments and likes with the find; mirror it now so nothing dangles offline.
      run: () => engagement.forgetParent(find.uid),
    },
  );
}
