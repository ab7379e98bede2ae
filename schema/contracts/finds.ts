/**
 * Finds contracts (spec 1 §2, §3, §5, §9): the upload/edit/comment rules with the spec's exact messages,
 * the wire shapes REST and pull both answer with, and the sync payloads of the finds entities.
 * The web forms, the Dexie outbox and the server validate with these same schemas.
 */
import { z } from 'zod';
import { sha256Schema } from './sync';

export const FIND_TITLE_MIN = 3;
export const FIND_TITLE_MAX = 100;
export const FIND_LOCATION_MIN = 2;
/** Not in the spec: a place name, not an essay (and it bounds what a card has to truncate). */
export const FIND_LOCATION_MAX = 200;
/** Not in the spec: generous for a find's story, small enough that 10,000 finds pull quickly. */
export const FIND_DESCRIPTION_MAX = 5000;
export const FIND_COMMENT_MIN = 3;
export const FIND_COMMENT_MAX = 1000;
/** Gallery page size; Home "Recent Treasures" shows the first 4. */
export const FINDS_PAGE_SIZE = 24;
export const RECENT_FINDS_COUNT = 4;

/** Spec 1 §9, in the order the period filter lists them. */
export const FIND_PERIODS = [
  'Roman',
  'Medieval',
  'Victorian',
  'Bronze Age',
  'Iron Age',
  'Saxon',
  'Viking',
  'Byzantine Era',
  'Georgian',
  'Modern',
  'Unknown',
] as const;
export type FindPeriod = (typeof FIND_PERIODS)[number];
export const DEFAULT_FIND_PERIOD: FindPeriod = 'Unknown';
export const ALL_PERIODS_LABEL = 'All Periods';

export type BadgeColour = 'red' | 'blue' | 'purple' | 'amber' | 'orange' | 'green' | 'grey' | 'light-grey';

/** Spec 1 §9 badge colours. Viking, Byzantine Era and Georgian have none in the spec: they use Unknown's. */
export const PERIOD_BADGE_COLOURS: Readonly<Record<FindPeriod, BadgeColour>> = {
  Roman: 'red',
  Medieval: 'blue',
  Victorian: 'purple',
  'Bronze Age': 'amber',
  'Iron Age': 'orange',
  Saxon: 'green',
  Viking: 'light-grey',
  'Byzantine Era': 'light-grey',
  Georgian: 'light-grey',
  Modern: 'grey',
  Unknown: 'light-grey',
};

export function isFindPeriod(value: string): value is FindPeriod {
  return (FIND_PERIODS as readonly string[]).includes(value);
}

/** An unrecognised period uses the Unknown colour (spec 1 §9). */
export function periodBadgeColour(period: string | null | undefined): BadgeColour {
  return period && isFindPeriod(period) ? PERIOD_BADGE_COLOURS[period] : PERIOD_BADGE_COLOURS.Unknown;
}

export const UNKNOWN_LOCATION_LABEL = 'Unknown Location';

/** Cards show only the first comma-separated segment of a location, or 'Unknown Location' (spec 1 §9). */
export function locationLabel(location: string | null | undefined): string {
  const first = (location ?? '').split(',')[0]?.trim() ?? '';
  return first || UNKNOWN_LOCATION_LABEL;
}

export const findMessages = {
  titleTooShort: 'Title must be at least 3 characters',
  titleTooLong: 'Title cannot exceed 100 characters',
  locationRequired: 'Location is required',
  locationTooLong: `Location cannot exceed ${FIND_LOCATION_MAX} characters`,
  descriptionTooLong: `Description cannot exceed ${FIND_DESCRIPTION_MAX} characters`,
  invalidPeriod: 'Please choose one of the listed periods',
  imageRequired: 'Please upload an image of your find.',
  imageRequiredShort: 'Image is required',
  invalidFileTypeTitle: 'Invalid File Type',
  invalidFileType: 'Please upload a JPG or PNG image.',
  fileTooLargeTitle: 'File Too Large',
  fileTooLarge: 'Please upload an image smaller than 5MB.',
  loginToUpload: 'Please log in to upload a find.',
  authRequiredTitle: 'Authentication Required',
  loginToEdit: 'Please log in to edit a find.',
  loginToDelete: 'Please log in to delete a find.',
  loginToLike: 'Please log in to like a find.',
  loginToComment: 'Please log in to comment on a find.',
  permissionDeniedTitle: 'Permission Denied',
  notOwner: 'You can only edit your own finds.',
  notOwnerDelete: 'You can only delete your own finds.',
  notFound: 'Find Not Found',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  coordinatesTogether: 'Latitude and longitude must be given together',
  uidTaken: 'This record id is already used by another member.',
  commentTooShort: 'Comment must be at least 3 characters.',
  commentTooLong: 'Comment cannot be longer than 1000 characters.',
  commentNotFound: 'Comment not found',
  notCommentOwnerEdit: 'You can only edit your own comments.',
  notCommentOwnerDelete: 'You can only delete your own comments.',
} as const;

const title = z
  .string({ error: findMessages.titleTooShort })
  .trim()
  .min(FIND_TITLE_MIN, findMessages.titleTooShort)
  .max(FIND_TITLE_MAX, findMessages.titleTooLong);

const location = z
  .string({ error: findMessages.locationRequired })
  .trim()
  .min(FIND_LOCATION_MIN, findMessages.locationRequired)
  .max(FIND_LOCATION_MAX, findMessages.locationTooLong);

/** Optional: absent and null both mean "no description" (stored as ''). */
const description = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: findMessages.descriptionTooLong })
    .trim()
    .max(FIND_DESCRIPTION_MAX, findMessages.descriptionTooLong),
);

const blankToUnknown = (v: unknown) => (v === '' || v === null ? DEFAULT_FIND_PERIOD : v);
const periodEnum = z.enum(FIND_PERIODS, { error: findMessages.invalidPeriod });

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
  /** Optional; blank or absent becomes 'Unknown' (spec 1 §5 "defaults to Unknown on submit"). */
  period: z.preprocess((v) => (v === undefined ? DEFAULT_FIND_PERIOD : blankToUnknown(v)), periodEnum),
  latitude: z.preprocess(toCoordinate, latitude.optional()),
  longitude: z.preprocess(toCoordinate, longitude.optional()),
};

/** On edit an absent field is kept; a blank coordinate (or null) clears it. */
const clearable = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? null : toCoordinate(v);
const updateShape = {
  title: title.optional(),
  description: z
    .string({ error: findMessages.descriptionTooLong })
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

/** The text fields of Share Your Find (the image is checked separately: it is a file or a blob hash). */
export const findCreateSchema = z.object(createShape).superRefine(bothOrNeither);
export type FindCreateInput = z.output<typeof findCreateSchema>;

/** Edit: same rules, every field optional. */
export const findUpdateSchema = z.object(updateShape).superRefine(bothOrNeither);
export type FindUpdateInput = z.output<typeof findUpdateSchema>;

export const findCommentSchema = z.object({
  content: z
    .string({ error: findMessages.commentTooShort })
    .trim()
    .min(FIND_COMMENT_MIN, findMessages.commentTooShort)
    .max(FIND_COMMENT_MAX, findMessages.commentTooLong),
});
export type FindCommentInput = z.output<typeof findCommentSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A device-made record id, optional on REST creates so that a retried upload cannot duplicate (DESIGN.md §3). */
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
  .object({ ...createShape, imageSha256 })
  .superRefine(bothOrNeither);
export const findSyncUpdatePayloadSchema = z
  .object({ ...updateShape, imageSha256: imageSha256.optional() })
  .superRefine(bothOrNeither);
/** Entity 'find_comments' create: the parent find by uid, since it may not have a server id yet. */
export const findCommentSyncCreatePayloadSchema = findCommentSchema.extend({
  findUid: z.string({ error: findMessages.notFound }).regex(UUID, findMessages.notFound),
});

/** A find on the wire. `latitude`/`longitude` are present only for the finder (DESIGN.md §4, §5). */
export type Find = {
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
