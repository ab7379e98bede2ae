/**
 * Every change a member makes to finds, as local writes (web/src/sync writeLocal): the record changes in
 * IndexedDB and its mutation is queued in one transaction, so it shows at once — offline too — marked
 * waiting, and the engine pushes it when it can. Comments and likes are the engagement module's writes
 * (web/src/engagement), bound to the finds' descriptor; their counters are bumped optimistically and the
 * server's counts replace them on the next pull (they are the server's to compute).
 */
import { uuidv7 } from 'uuidv7';
import type { FindRecording } from '@schema/contracts/find-recording';
import {
  DEFAULT_DISCOVERY_METHOD,
  type FindRecordingOwnerOnly,
  type FindRecordingPublic,
} from '@schema/contracts/find-recording-constants';
import type { FindCreateInput } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalFind } from '@web/db/database';
import { withTreasureDeadline } from '@web/db/entities/finds';
import { engagementWrites } from '@web/engagement/writes';
import { preparePhoto, writeLocal } from '@web/sync';
import { findEngagement } from '../engagement';
import { localIsoDate } from '../model/recording-details-input';

const engagement = engagementWrites(findEngagement);
export const { addComment, editComment, deleteComment, setLiked } = engagement;

export interface PhotoInput {
  blob: Blob;
  mime: string;
}

/**
 * A change to a find's recording details (docs/find-recording.md), Treasure fields included: an absent
 * field stays as it is, null clears it.
 */
export type RecordingChanges = Partial<FindRecording>;

export interface FindFields extends RecordingChanges {
  title: string;
  description: string;
  location: string;
  period: string;
  latitude: number | null;
  longitude: number | null;
}

/** The contract's messages for a change the server would refuse, by field (shown where it was typed). */
export class FindRecordingError extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((p) => p.message).join(' '));
    this.name = 'FindRecordingError';
  }
}

function coordinates(fields: Pick<FindFields, 'latitude' | 'longitude'>): {
  latitude?: number;
  longitude?: number;
} {
  return fields.latitude !== null && fields.longitude !== null
    ? { latitude: fields.latitude, longitude: fields.longitude }
    : {};
}

type LocalRecording = Omit<FindRecordingPublic, 'publicGridRef' | 'publicLatitude' | 'publicLongitude'> &
  FindRecordingOwnerOnly;

/**
 * A new find's recording details with the contract's defaults (quantity 1, found by metal detector, the
 * spot hidden, found today on this device's calendar, no Treasure): as the find shows them at once, and
 * as the server is told, so both hold the same day even where the server's calendar differs.
 */
function newRecording(input: RecordingChanges): LocalRecording {
  return {
    objectType: input.objectType ?? null,
    quantity: input.quantity ?? 1,
    primaryMaterial: input.primaryMaterial ?? null,
    secondaryMaterial: input.secondaryMaterial ?? null,
    weightGrams: input.weightGrams ?? null,
    lengthMm: input.lengthMm ?? null,
    widthMm: input.widthMm ?? null,
    thicknessMm: input.thicknessMm ?? null,
    diameterMm: input.diameterMm ?? null,
    completeness: input.completeness ?? null,
    dateFromYear: input.dateFromYear ?? null,
    dateToYear: input.dateToYear ?? null,
    discoveryMethod: input.discoveryMethod ?? DEFAULT_DISCOVERY_METHOD,
    depthBand: input.depthBand ?? null,
    landUse: input.landUse ?? null,
    foundOn: input.foundOn ?? localIsoDate(),
    positionSource: input.positionSource ?? null,
    pasRecordId: input.pasRecordId ?? null,
    findspotPrecision: input.findspotPrecision ?? 'hidden',
    positionAccuracyM: input.positionAccuracyM ?? null,
    floNotes: input.floNotes ?? null,
    treasureStatus: input.treasureStatus ?? 'none',
    treasureRealisedOn: input.treasureRealisedOn ?? null,
    treasureReportedOn: input.treasureReportedOn ?? null,
    treasureReportedTo: input.treasureReportedTo ?? null,
    treasureReference: input.treasureReference ?? null,
    treasureDeadline: null,
  };
}

/**
 * The finds contracts' schemas: loaded with the first write, so a page that only shows finds downloads no
 * validation library (docs/architecture.md "First paint"); every write still runs them first.
 */
const recordingContract = () => import('@schema/contracts/find-recording');

/** The details worth sending: the server stores none for the rest (null is "none" on a create). */
async function filledIn(recording: LocalRecording): Promise<Record<string, unknown>> {
  const { RECORDING_INPUT_FIELDS } = await recordingContract();
  return Object.fromEntries(
    RECORDING_INPUT_FIELDS.flatMap((key) => (recording[key] === null ? [] : [[key, recording[key]]])),
  );
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
  const recording = newRecording(input);
  const record: LocalFind = withTreasureDeadline({
    id: null,
    uid,
    userId: user.id,
    username: user.username,
    ...text,
    ...position,
    ...recording,
    imageUrl: '',
    thumbUrl: '',
    likes: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
    imageSha256: blob.sha256,
  });
  await writeLocal(db, {
    entity: 'finds',
    op: 'create',
    uid,
    userId: user.id,
    payload: { ...text, ...position, ...(await filledIn(recording)), imageSha256: blob.sha256 },
    record,
    blobs: [blob],
  });
  return uid;
}

/** What the find holds for a recording field (none read as null, as the server sends it). */
const held = (find: LocalFind, key: keyof FindRecording): unknown => find[key] ?? null;

/**
 * The recording fields of `changes` that differ from the find, checked as the server will check them:
 * each field by the contract's schema, and the rules across fields on what the find will hold once they
 * are applied (recordingProblems). Throws FindRecordingError with the contract's messages.
 */
async function recordingPayload(
  find: LocalFind,
  changes: RecordingChanges,
): Promise<Record<string, unknown>> {
  const [{ RECORDING_INPUT_FIELDS, recordingProblems }, { findSyncUpdatePayloadSchema }] = await Promise.all([
    recordingContract(),
    import('@schema/contracts/finds'),
  ]);
  const payload: Record<string, unknown> = {};
  for (const key of RECORDING_INPUT_FIELDS) {
    const value = changes[key];
    if (value !== undefined && value !== held(find, key)) payload[key] = value;
  }
  const parsed = findSyncUpdatePayloadSchema.safeParse(payload);
  if (!parsed.success) {
    throw new FindRecordingError(
      parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
    );
  }
  const merged: RecordingChanges = {};
  for (const key of RECORDING_INPUT_FIELDS) {
    // The schema's reading (a PAS record ID in capitals, blank text as null) is what is stored and sent.
    if (key in payload) payload[key] = parsed.data[key];
    Object.assign(merged, { [key]: key in payload ? parsed.data[key] : held(find, key) });
  }
  const problems = recordingProblems(merged);
  if (problems.length > 0) throw new FindRecordingError(problems);
  return payload;
}

async function queueUpdate(
  user: SelfUser,
  find: LocalFind,
  payload: Record<string, unknown>,
  blob: Awaited<ReturnType<typeof preparePhoto>> | null,
): Promise<void> {
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

/** Edit: only the fields that changed are sent, so edits of other fields elsewhere survive (S17). */
export async function updateFind(
  user: SelfUser,
  find: LocalFind,
  fields: FindFields,
  photo: PhotoInput | null,
): Promise<void> {
  const payload: Record<string, unknown> = await recordingPayload(find, fields);
  for (const key of ['title', 'description', 'location', 'period'] as const) {
    if (fields[key] !== (find[key] ?? '')) payload[key] = fields[key];
  }
  if (fields.latitude !== (find.latitude ?? null) || fields.longitude !== (find.longitude ?? null)) {
    payload.latitude = fields.latitude;
    payload.longitude = fields.longitude;
  }
  const blob = photo ? await preparePhoto(photo.blob, photo.mime) : null;
  if (blob) payload.imageSha256 = blob.sha256;
  await queueUpdate(user, find, payload, blob);
}

/**
 * Saves recording details on an existing find — the Treasure assistant's status, days, recipient and
 * reference among them — applied to the find on this device at once (its Treasure deadline too) and
 * queued for the server. Only fields that differ are sent; null clears one. Throws FindRecordingError.
 */
export async function updateFindRecording(
  user: SelfUser,
  find: LocalFind,
  changes: RecordingChanges,
): Promise<void> {
  await queueUpdate(user, find, await recordingPayload(find, changes), null);
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
