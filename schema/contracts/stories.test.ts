import { describe, expect, it } from 'vitest';
import { fieldMessages as errors } from './validation';
import {
  STORY_CONTENT_MAX,
  storyCommentSchema,
  storyCommentSyncCreatePayloadSchema,
  storyCreateSchema,
  storyMessages,
  storySyncCreatePayloadSchema,
  storySyncUpdatePayloadSchema,
  storyUpdateSchema,
} from './stories';

const story = 'Forty minutes on the stubble and I forgot every worry I had.';

describe('product texts (docs/product/stories.md) are verbatim', () => {
  it.each([
    ['contentTooShort', 'Your story must be at least 20 characters long'],
    ['contentTooLong', 'Your story cannot be longer than 5000 characters'],
    ['yearsTooLow', 'Years must be 0 or greater'],
    ['yearsTooHigh', 'Years must be 100 or fewer'],
    ['yearsWhole', 'Years must be a whole number'],
    ['authRequiredTitle', 'Authentication Required'],
    ['loginToShare', 'Please log in to share your story.'],
    ['loginToEdit', 'Please log in to edit a story.'],
    ['loginToDelete', 'Please log in to delete a story.'],
    ['loginToLike', 'Please log in to like a story.'],
    ['loginToComment', 'Please log in to comment on a story.'],
    ['notOwner', 'You can only edit your own stories.'],
    ['notOwnerDelete', 'You can only delete your own stories.'],
    ['notFound', 'Story Not Found'],
    ['notFoundText', "The story you're looking for doesn't exist or has been removed."],
    ['likeNotEditable', 'A like can only be added or removed.'],
    ['uidTaken', 'This record id is already used by another member.'],
    ['commentTooShort', 'Comment must be at least 3 characters.'],
    ['commentTooLong', 'Comment cannot be longer than 1000 characters.'],
    ['commentNotFound', 'Comment not found'],
    ['notCommentOwnerEdit', 'You can only edit your own comments.'],
    ['notCommentOwnerDelete', 'You can only delete your own comments.'],
    ['shared', 'Story Shared'],
    ['shareFailed', 'There was a problem sharing your story. Please try again.'],
    ['updated', 'Story Updated'],
    ['updateFailed', 'There was a problem updating your story. Please try again.'],
    ['deleted', 'Story Deleted'],
    ['deleteFailed', 'There was a problem deleting the story. Please try again.'],
    ['savedOnDevice', 'Saved on this device. It will be shared with the community once it has synced.'],
  ] as const)('%s', (key, text) => {
    expect(storyMessages[key]).toBe(text);
  });

  it('every message is covered above', () => {
    expect(Object.keys(storyMessages)).toHaveLength(29);
  });
});

describe('Share Your Story (storyCreateSchema)', () => {
  it('content: at least 20 characters once trimmed, at most 5000', () => {
    for (const content of [undefined, null, '', 'x'.repeat(19), `   ${'x'.repeat(19)}   `, 42])
      expect(errors(storyCreateSchema, { content })).toEqual({ content: storyMessages.contentTooShort });
    expect(errors(storyCreateSchema, { content: 'x'.repeat(20) })).toEqual({});
    expect(errors(storyCreateSchema, { content: 'x'.repeat(STORY_CONTENT_MAX) })).toEqual({});
    expect(errors(storyCreateSchema, { content: 'x'.repeat(STORY_CONTENT_MAX + 1) })).toEqual({
      content: storyMessages.contentTooLong,
    });
  });

  it('content keeps its inner line breaks and is trimmed at the ends', () => {
    const parsed = storyCreateSchema.parse({ content: `  ${story}\n\nAnd then a hammered penny.  ` });
    expect(parsed.content).toBe(`${story}\n\nAnd then a hammered penny.`);
  });

  it('yearsDetecting: optional, a whole number of 0 or more ("Years must be 0 or greater")', () => {
    for (const yearsDetecting of [undefined, null, ''])
      expect(storyCreateSchema.parse({ content: story, yearsDetecting }).yearsDetecting).toBeNull();
    expect(storyCreateSchema.parse({ content: story, yearsDetecting: 0 }).yearsDetecting).toBe(0);
    expect(storyCreateSchema.parse({ content: story, yearsDetecting: '12' }).yearsDetecting).toBe(12);
    for (const yearsDetecting of [-1, '-3', 'lots'])
      expect(errors(storyCreateSchema, { content: story, yearsDetecting })).toEqual({
        yearsDetecting: storyMessages.yearsTooLow,
      });
    expect(errors(storyCreateSchema, { content: story, yearsDetecting: 2.5 })).toEqual({
      yearsDetecting: storyMessages.yearsWhole,
    });
    expect(errors(storyCreateSchema, { content: story, yearsDetecting: 101 })).toEqual({
      yearsDetecting: storyMessages.yearsTooHigh,
    });
  });

  it('userId in the body is not read: the session decides', () => {
    expect(storyCreateSchema.parse({ content: story, userId: 7 })).toEqual({
      content: story,
      yearsDetecting: null,
    });
  });

  it('the sync payloads are the REST bodies', () => {
    expect(storySyncCreatePayloadSchema).toBe(storyCreateSchema);
    expect(storySyncUpdatePayloadSchema).toBe(storyUpdateSchema);
  });
});

describe('editing (storyUpdateSchema)', () => {
  it('every field optional; the same rules and messages', () => {
    expect(storyUpdateSchema.parse({})).toEqual({});
    expect(storyUpdateSchema.parse({ yearsDetecting: null })).toEqual({ yearsDetecting: null });
    expect(errors(storyUpdateSchema, { content: 'too short' })).toEqual({
      content: storyMessages.contentTooShort,
    });
    expect(errors(storyUpdateSchema, { yearsDetecting: -2 })).toEqual({
      yearsDetecting: storyMessages.yearsTooLow,
    });
  });
});

describe('comments', () => {
  it('3 to 1000 characters, with the product messages', () => {
    expect(errors(storyCommentSchema, { content: 'ab' })).toEqual({ content: storyMessages.commentTooShort });
    expect(errors(storyCommentSchema, { content: 'x'.repeat(1001) })).toEqual({
      content: storyMessages.commentTooLong,
    });
    expect(errors(storyCommentSchema, { content: 'Lovely' })).toEqual({});
  });

  it('the sync create names the story by uid', () => {
    expect(errors(storyCommentSyncCreatePayloadSchema, { content: 'Lovely', storyUid: 'nope' })).toEqual({
      storyUid: storyMessages.notFound,
    });
    expect(
      errors(storyCommentSyncCreatePayloadSchema, {
        content: 'Lovely',
        storyUid: '01923456-7890-7abc-8def-0123456789ab',
      }),
    ).toEqual({});
  });
});
