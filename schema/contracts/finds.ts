/**
 * Finds contracts (docs/product/finds.md#screens, #rules-and-messages, docs/product/data-model.md,
 * docs/product/constants.md#finds): the upload/edit/comment rules with the product's exact messages,
 * the wire shapes REST and pull both answer with, and the sync payloads of the finds entities.
 * The web forms, the Dexie outbox and the server validate with these same schemas.
 */
import { z } from 'zod';
import { text } from './text';
import { sha256Schema } from './sync';
import {
  findRecordingShape,
  recordingProblems,
  type FindRecordingOwnerOnly,
  type FindRecordingPublic,
} from './find-recording';
import {
  FIND_TITLE_MIN,
  FIND_TITLE_MAX,
  FIND_LOCATION_MIN,
  FIND_LOCATION_MAX,
  FIND_DESCRIPTION_MAX,
  FIND_COMMENT_MIN,
  FIND_COMMENT_MAX,
  ACCEPTED_FIND_PERIODS,
  DEFAULT_FIND_PERIOD,
  findMessages,
} from './finds-constants';

export * from './finds-constants';

const title = text({ error: findMessages.titleTooShort })
  .trim()
  .min(FIND_TITLE_MIN, findMessages.titleTooShort)
  .max(FIND_TITLE_MAX, findMessages.titleTooLong);

const location = text({ error: findMessages.locationRequired })
  .trim()
  .min(FIND_LOCATION_MIN, findMessages.locationRequired)
  .max(FIND_LOCATION_MAX, findMessages.locationTooLong);

/** Optional: absent and null both mean "no description" (stored as ''). */
const description = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  text({ error: findMessages.descriptionTooLong })
    .trim()
    .max(FIND_DESCRIPTION_MAX, findMessages.descriptionTooLong),
);

const blankToUnknown = (v: unknown) => (v === '' || v === null ? DEFAULT_FIND_PERIOD : v);
// Legacy periods too: a find logged before the list changed must still sync and be editable.
const periodEnum = z.enum(ACCEPTED_FIND_PERIODS, { error: findMessages.invalidPeriod });

/** Multipart sends numbers as text; '' (an empty form field) means "none". */
function toCoordinate(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v);
  return v === null ? undefined : v;
}
const latitude = z
  .number({ error: findMessages.latitudeRange })
  .min(-90, findMessages.latitudeRange)
  .max(90, findMessages.latitudeRange);
const longitude = z
  .number({ error: findMessages.longitudeRange })
  .min(-180, findMessages.longitudeRange)
  .max(180, findMessages.longitudeRange);

const createShape = {
  title,
  description,
  location,
  /** Optional; blank or absent becomes 'Unknown' (docs/product/finds.md#rules-and-messages). */
  period: z.preprocess((v) => (v === undefined ? DEFAULT_FIND_PERIOD : blankToUnknown(v)), periodEnum),
  latitude: z.preprocess(toCoordinate, latitude.optional()),
  longitude: z.preprocess(toCoordinate, longitude.optional()),
};

/** On edit an absent field is kept; a blank coordinate (or null) clears it. */
const clearable = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? null : toCoordinate(v);
const updateShape = {
  title: title.optional(),
  description: text({ error: findMessages.descriptionTooLong })
    .trim()
    .max(FIND_DESCRIPTION_MAX, findMessages.descriptionTooLong)
    .nullable()
    .optional(),
  location: location.optional(),
  period: z.preprocess(blankToUnknown, periodEnum.optional()),
  latitude: z.preprocess(clearable, latitude.nullable().optional()),
  longitude: z.preprocess(clearable, longitude.nullable().optional()),
};

/** A find has both coordinates or neither: half a position is no position. */
function bothOrNeither(value: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const hasLat = value.latitude !== undefined && value.latitude !== null;
  const hasLng = value.longitude !== undefined && value.longitude !== null;
  if (hasLat !== hasLng || (value.latitude === null) !== (value.longitude === null)) {
    ctx.addIssue({
      code: 'custom',
      message: findMessages.coordinatesTogether,
      path: [hasLat ? 'longitude' : 'latitude'],
    });
  }
}

/**
 * A create's recording details are checked across fields here, since they are all it will hold; an edit's
 * are checked by the server on what the find will hold once applied (recordingProblems).
 */
function recordingRules(value: Parameters<typeof recordingProblems>[0], ctx: z.RefinementCtx) {
  for (const { field, message } of recordingProblems(value))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * The text fields of Share Your Find (the image is checked separately: it is a file or a blob hash), with
 * the optional recording details (find-recording.ts).
 */
export const findCreateSchema = z
  .object({ ...createShape, ...findRecordingShape })
  .superRefine(bothOrNeither)
  .superRefine(recordingRules);
export type FindCreateInput = z.output<typeof findCreateSchema>;

/** Edit: same rules, every field optional. */
export const findUpdateSchema = z
  .object({ ...updateShape, ...findRecordingShape })
  .superRefine(bothOrNeither);
export type FindUpdateInput = z.output<typeof findUpdateSchema>;

export const findCommentSchema = z.object({
  content: text({ error: findMessages.commentTooShort })
    .trim()
    .min(FIND_COMMENT_MIN, findMessages.commentTooShort)
    .max(FIND_COMMENT_MAX, findMessages.commentTooLong),
});
export type FindCommentInput = z.output<typeof findCommentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A device-made record id, optional on REST creates so that a retried upload cannot duplicate
 * (docs/sync.md#record-identity).
 */
export const optionalUidSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(UUID, 'Invalid uid')
    .transform((v) => v.toLowerCase())
    .optional(),
);

const imageSha256 = z.string({ error: findMessages.imageRequired }).pipe(sha256Schema);

/** Sync payloads (entity 'finds'): the photo is uploaded first and referenced by its SHA-256. */
export const findSyncCreatePayloadSchema = z
  .object({ ...createShape, ...findRecordingShape, imageSha256 })
  .superRefine(bothOrNeither)
  .superRefine(recordingRules);
export const findSyncUpdatePayloadSchema = z
  .object({ ...updateShape, ...findRecordingShape, imageSha256: imageSha256.optional() })
  .superRefine(bothOrNeither);
/** Entity 'find_comments' create: the parent find by uid, since it may not have a server id yet. */
export const findCommentSyncCreatePayloadSchema = findCommentSchema.extend({
  findUid: z.string({ error: findMessages.notFound }).regex(UUID, findMessages.notFound),
});

/**
 * A find on the wire. `latitude`/`longitude` are present only for the finder (docs/sync.md#visibility,
 * docs/privacy.md#find-spots), as are the owner-only recording details (find-recording.ts). The recording
 * details are optional in the type only because finds stored on a device before they existed lack them;
 * the server always sends them.
 */
export type Find = Partial<FindRecordingPublic> &
  Partial<FindRecordingOwnerOnly> & {
    id: number;
    uid: string;
    userId: number;
    username: string;
    title: string;
    description: string | null;
    location: string;
    period: string;
    imageUrl: string;
    thumbUrl: string;
    likes: number;
    commentCount: number;
    created_at: string;
    latitude?: number;
    longitude?: number;
  };

export type FindComment = {
  id: number;
  uid: string;
  findId: number;
  /** The parent's uid: offline clients link comments to finds that have no server id yet. */
  findUid: string;
  userId: number;
  username: string;
  content: string;
  created_at: string;
};

export type FindLikeStatus = {
  isLiked: boolean;
  likes: number;
};

/** The caller's own like, as pulled (entity 'find_likes'): keyed by the liked find's uid. */
export type FindLike = {
  uid: string;
  findId: number;
  userId: number;
  created_at: string;
};
