/**
 * The finds contracts' plain values — limits, periods and their badge colours, labels and the exact
 * messages — kept apart from the Zod schemas in ./finds so that a screen needing only these (the home page,
 * the sync engine) does not download Zod on the first visit (docs/architecture.md). ./finds re-exports
 * everything here, so either import path gives the same values.
 */

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

/**
 * The periods a member chooses from, oldest first, as British finds are dated (docs/product/finds.md):
 * the order of the period filter and the form. 'Saxon' is the Anglo-Saxon / early medieval period (the
 * stored value is kept, so finds already logged still match the filter).
 */
export const FIND_PERIODS = [
  'Stone Age',
  'Bronze Age',
  'Iron Age',
  'Roman',
  'Saxon',
  'Viking',
  'Medieval',
  'Tudor',
  'Post-medieval',
  'Georgian',
  'Victorian',
  'Modern',
  'Unknown',
] as const;

/**
 * Periods no longer offered but still accepted (finds logged before, other clients): the server and the
 * forms take them, and the edit form keeps one a find already has.
 */
export const LEGACY_FIND_PERIODS = ['Byzantine Era'] as const;

export const ACCEPTED_FIND_PERIODS = [...FIND_PERIODS, ...LEGACY_FIND_PERIODS] as const;
export type FindPeriod = (typeof ACCEPTED_FIND_PERIODS)[number];
export const DEFAULT_FIND_PERIOD: FindPeriod = 'Unknown';
export const ALL_PERIODS_LABEL = 'All Periods';

export type BadgeColour = 'red' | 'blue' | 'purple' | 'amber' | 'orange' | 'green' | 'grey' | 'light-grey';

/**
 * Period badge colours (docs/product/finds.md): the spec's eight; the periods it does not colour (Viking,
 * Byzantine Era, Georgian) and the ones we added (Stone Age, Tudor, Post-medieval) use Unknown's.
 */
export const PERIOD_BADGE_COLOURS: Readonly<Record<FindPeriod, BadgeColour>> = {
  'Stone Age': 'light-grey',
  'Bronze Age': 'amber',
  'Iron Age': 'orange',
  Roman: 'red',
  Saxon: 'green',
  Viking: 'light-grey',
  Medieval: 'blue',
  Tudor: 'light-grey',
  'Post-medieval': 'light-grey',
  Georgian: 'light-grey',
  Victorian: 'purple',
  Modern: 'grey',
  Unknown: 'light-grey',
  'Byzantine Era': 'light-grey',
};

/** Any period the server accepts, offered or legacy. */
export function isFindPeriod(value: string): value is FindPeriod {
  return (ACCEPTED_FIND_PERIODS as readonly string[]).includes(value);
}

/** An unrecognised period uses the Unknown colour (docs/product/finds.md). */
export function periodBadgeColour(period: string | null | undefined): BadgeColour {
  return period && isFindPeriod(period) ? PERIOD_BADGE_COLOURS[period] : PERIOD_BADGE_COLOURS.Unknown;
}

export const UNKNOWN_LOCATION_LABEL = 'Unknown Location';

/** Cards show only the first comma-separated segment of a location, or 'Unknown Location' (docs/product/finds.md). */
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
