import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  DEFAULT_FIND_PERIOD,
  FIND_DESCRIPTION_MAX,
  FIND_LOCATION_MAX,
  FIND_PERIODS,
  PERIOD_BADGE_COLOURS,
  findCommentSchema,
  findCommentSyncCreatePayloadSchema,
  findCreateSchema,
  findMessages,
  findSyncCreatePayloadSchema,
  findSyncUpdatePayloadSchema,
  findUpdateSchema,
  locationLabel,
  optionalUidSchema,
  periodBadgeColour,
} from './finds';

const errors = fieldMessages;

const ok = { title: 'Roman denarius', location: 'Norfolk, UK' };
const sha = 'a'.repeat(64);

describe('product texts (docs/product/finds.md) are verbatim', () => {
  it.each([
    ['titleTooShort', 'Title must be at least 3 characters'],
    ['titleTooLong', 'Title cannot exceed 100 characters'],
    ['locationRequired', 'Location is required'],
    ['imageRequired', 'Please upload an image of your find.'],
    ['imageRequiredShort', 'Image is required'],
    ['invalidFileTypeTitle', 'Invalid File Type'],
    ['invalidFileType', 'Please upload a JPG or PNG image.'],
    ['fileTooLargeTitle', 'File Too Large'],
    ['fileTooLarge', 'Please upload an image smaller than 5MB.'],
    ['loginToUpload', 'Please log in to upload a find.'],
    ['authRequiredTitle', 'Authentication Required'],
    ['loginToEdit', 'Please log in to edit a find.'],
    ['permissionDeniedTitle', 'Permission Denied'],
    ['notOwner', 'You can only edit your own finds.'],
    ['notFound', 'Find Not Found'],
    ['commentTooShort', 'Comment must be at least 3 characters.'],
    ['commentTooLong', 'Comment cannot be longer than 1000 characters.'],
  ] as const)('%s', (key, text) => expect(findMessages[key]).toBe(text));
});

describe('find upload (docs/product/finds.md#rules-and-messages)', () => {
  it('accepts a minimal find and defaults the period to Unknown and the description to empty', () => {
    expect(findCreateSchema.parse(ok)).toEqual({ ...ok, description: '', period: 'Unknown' });
    expect(findCreateSchema.parse({ ...ok, period: '' }).period).toBe(DEFAULT_FIND_PERIOD);
    expect(findCreateSchema.parse({ ...ok, period: null }).period).toBe('Unknown');
  });

  it('title is 3 to 100 characters, trimmed', () => {
    expect(errors(findCreateSchema, { ...ok, title: 'ab' })).toEqual({
      title: 'Title must be at least 3 characters',
    });
    expect(errors(findCreateSchema, { ...ok, title: '   ab   ' })).toEqual({
      title: 'Title must be at least 3 characters',
    });
    expect(errors(findCreateSchema, { location: ok.location })).toEqual({
      title: 'Title must be at least 3 characters',
    });
    expect(errors(findCreateSchema, { ...ok, title: 'x'.repeat(101) })).toEqual({
      title: 'Title cannot exceed 100 characters',
    });
    expect(findCreateSchema.parse({ ...ok, title: 'x'.repeat(100) }).title).toHaveLength(100);
    expect(findCreateSchema.parse({ ...ok, title: '  abc  ' }).title).toBe('abc');
  });

  it('location is at least 2 characters, with a sane maximum', () => {
    expect(errors(findCreateSchema, { title: ok.title })).toEqual({ location: 'Location is required' });
    expect(errors(findCreateSchema, { ...ok, location: ' a ' })).toEqual({
      location: 'Location is required',
    });
    expect(findCreateSchema.parse({ ...ok, location: 'UK' }).location).toBe('UK');
    expect(errors(findCreateSchema, { ...ok, location: 'x'.repeat(FIND_LOCATION_MAX + 1) })).toEqual({
      location: findMessages.locationTooLong,
    });
  });

  it('description is optional with a maximum', () => {
    expect(findCreateSchema.parse({ ...ok, description: '  Silver  ' }).description).toBe('Silver');
    expect(errors(findCreateSchema, { ...ok, description: 'x'.repeat(FIND_DESCRIPTION_MAX + 1) })).toEqual({
      description: findMessages.descriptionTooLong,
    });
  });

  it('period is one of the list, or a period the list used to offer', () => {
    for (const period of FIND_PERIODS) expect(findCreateSchema.parse({ ...ok, period }).period).toBe(period);
    // Finds logged before the list was redone still validate (pushes, edits, other clients).
    for (const period of ['Byzantine Era', 'Saxon', 'Medieval', 'Victorian'])
      expect(findCreateSchema.parse({ ...ok, period }).period).toBe(period);
    expect(findUpdateSchema.parse({ period: 'Byzantine Era' }).period).toBe('Byzantine Era');
    expect(errors(findCreateSchema, { ...ok, period: 'Jurassic' })).toEqual({
      period: findMessages.invalidPeriod,
    });
  });

  it('coordinates are optional, in range, numeric text accepted, and come in pairs', () => {
    expect(findCreateSchema.parse({ ...ok, latitude: '51.5', longitude: '-0.12' })).toMatchObject({
      latitude: 51.5,
      longitude: -0.12,
    });
    expect(findCreateSchema.parse({ ...ok, latitude: '', longitude: '' }).latitude).toBeUndefined();
    expect(errors(findCreateSchema, { ...ok, latitude: 91, longitude: 0 })).toEqual({
      latitude: findMessages.latitudeRange,
    });
    expect(errors(findCreateSchema, { ...ok, latitude: 0, longitude: -181 })).toEqual({
      longitude: findMessages.longitudeRange,
    });
    expect(errors(findCreateSchema, { ...ok, latitude: 'north', longitude: 1 })).toEqual({
      latitude: findMessages.latitudeRange,
    });
    expect(errors(findCreateSchema, { ...ok, latitude: 51 })).toEqual({
      longitude: findMessages.coordinatesTogether,
    });
    expect(errors(findCreateSchema, { ...ok, longitude: 1 })).toEqual({
      latitude: findMessages.coordinatesTogether,
    });
  });

  it('ignores fields the server decides (userId)', () => {
    expect(findCreateSchema.parse({ ...ok, userId: 99 })).not.toHaveProperty('userId');
  });
});

describe('find edit (docs/product/finds.md#rules-and-messages: same rules, every field optional)', () => {
  it('keeps absent fields absent', () => {
    expect(findUpdateSchema.parse({})).toEqual({});
    expect(findUpdateSchema.parse({ title: 'New title' })).toEqual({ title: 'New title' });
  });

  it('applies the upload rules to given fields', () => {
    expect(errors(findUpdateSchema, { title: 'ab' })).toEqual({
      title: 'Title must be at least 3 characters',
    });
    expect(errors(findUpdateSchema, { location: 'a' })).toEqual({ location: 'Location is required' });
    expect(errors(findUpdateSchema, { period: 'Jurassic' })).toEqual({ period: findMessages.invalidPeriod });
    expect(findUpdateSchema.parse({ period: '' }).period).toBe('Unknown');
  });

  it('blank coordinates clear them, together only', () => {
    expect(findUpdateSchema.parse({ latitude: '', longitude: '' })).toEqual({
      latitude: null,
      longitude: null,
    });
    expect(findUpdateSchema.parse({ latitude: '1', longitude: '2' })).toEqual({ latitude: 1, longitude: 2 });
    expect(errors(findUpdateSchema, { latitude: '', longitude: '2' })).toEqual({
      latitude: findMessages.coordinatesTogether,
    });
  });
});

describe('find comment (docs/product/finds.md#rules-and-messages)', () => {
  it('is 3 to 1000 characters after trimming, with the spec messages and their full stops', () => {
    expect(findCommentSchema.parse({ content: '  Nice  ' })).toEqual({ content: 'Nice' });
    expect(errors(findCommentSchema, { content: 'ab' })).toEqual({
      content: 'Comment must be at least 3 characters.',
    });
    expect(errors(findCommentSchema, { content: '   ab   ' })).toEqual({
      content: 'Comment must be at least 3 characters.',
    });
    expect(errors(findCommentSchema, {})).toEqual({ content: 'Comment must be at least 3 characters.' });
    expect(errors(findCommentSchema, { content: 'x'.repeat(1001) })).toEqual({
      content: 'Comment cannot be longer than 1000 characters.',
    });
    expect(findCommentSchema.parse({ content: 'x'.repeat(1000) }).content).toHaveLength(1000);
  });
});

describe('sync payloads', () => {
  it('a find create names its uploaded photo by SHA-256', () => {
    expect(findSyncCreatePayloadSchema.parse({ ...ok, imageSha256: sha })).toMatchObject({
      imageSha256: sha,
      period: 'Unknown',
    });
    expect(errors(findSyncCreatePayloadSchema, ok)).toEqual({ imageSha256: findMessages.imageRequired });
    expect(errors(findSyncCreatePayloadSchema, { ...ok, imageSha256: 'nope' })).toEqual({
      imageSha256: 'Invalid content hash',
    });
  });

  it('a find update may change the photo', () => {
    expect(findSyncUpdatePayloadSchema.parse({ imageSha256: sha })).toEqual({ imageSha256: sha });
    expect(findSyncUpdatePayloadSchema.parse({ title: 'Abc' })).toEqual({ title: 'Abc' });
  });

  it('a comment create names its find by uid', () => {
    const findUid = '0192a0b4-7c3e-7d4f-8a9b-0c1d2e3f4a5b';
    expect(findCommentSyncCreatePayloadSchema.parse({ findUid, content: 'Lovely' })).toEqual({
      findUid,
      content: 'Lovely',
    });
    expect(errors(findCommentSyncCreatePayloadSchema, { content: 'Lovely' })).toEqual({
      findUid: findMessages.notFound,
    });
    expect(errors(findCommentSyncCreatePayloadSchema, { findUid, content: 'x' })).toEqual({
      content: findMessages.commentTooShort,
    });
  });

  it('an optional uid is a UUID, blank meaning none, stored lower case', () => {
    expect(optionalUidSchema.parse('')).toBeUndefined();
    expect(optionalUidSchema.parse(undefined)).toBeUndefined();
    expect(optionalUidSchema.parse('0192A0B4-7C3E-7D4F-8A9B-0C1D2E3F4A5B')).toBe(
      '0192a0b4-7c3e-7d4f-8a9b-0c1d2e3f4a5b',
    );
    expect(optionalUidSchema.safeParse('not-a-uid').success).toBe(false);
  });
});

describe('display rules (docs/product/constants.md#finds)', () => {
  it('lists the periods oldest first, Unknown last, with Tudor and Post-medieval', () => {
    expect(FIND_PERIODS).toEqual([
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
    ]);
  });

  it('has the spec badge colours; unlisted and unknown periods use the Unknown colour', () => {
    expect(PERIOD_BADGE_COLOURS).toMatchObject({
      Roman: 'red',
      Medieval: 'blue',
      Victorian: 'purple',
      'Bronze Age': 'amber',
      'Iron Age': 'orange',
      Saxon: 'green',
      Modern: 'grey',
      Unknown: 'light-grey',
    });
    for (const period of ['Viking', 'Byzantine Era', 'Georgian', 'Jurassic', '', null, undefined]) {
      expect(periodBadgeColour(period)).toBe('light-grey');
    }
  });

  it('shows the first comma-separated segment of a location, or Unknown Location', () => {
    expect(locationLabel('Norfolk, UK')).toBe('Norfolk');
    expect(locationLabel('  ')).toBe('Unknown Location');
    expect(locationLabel(null)).toBe('Unknown Location');
    expect(locationLabel(', UK')).toBe('Unknown Location');
  });
});
