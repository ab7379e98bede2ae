import { describe, expect, it } from 'vitest';
import { fieldMessages } from './validation';
import {
  POST_COMMENT_MAX,
  POST_CONTENT_MAX,
  categoryIdSchema,
  forumMessages,
  postCommentCreateSchema,
  postCommentSchema,
  postCommentSyncCreatePayloadSchema,
  postCreateSchema,
  postFormSchema,
  postImageFileSchema,
  postPreview,
  postRefSchema,
  postSyncCreatePayloadSchema,
} from './forum';

const errors = fieldMessages;
const ok = { title: 'Roman coin found', content: 'A worn denarius on stubble', categoryId: 1 };
const image = `/uploads/${'a'.repeat(64)}.webp`;
const uid = '0192f0c1-7a3b-7c4d-8e5f-0a1b2c3d4e5f';

describe('product texts (docs/product/forum.md) are verbatim', () => {
  it.each([
    ['titleTooShort', 'Title must be at least 5 characters'],
    ['titleTooLong', 'Title cannot exceed 100 characters'],
    ['contentTooShort', 'Content must be at least 10 characters'],
    ['categoryRequired', 'Please select a category'],
    ['fileTooLargeTitle', 'File too large'],
    ['fileTooLarge', 'Please select an image smaller than 5MB'],
    ['invalidFileTypeTitle', 'Invalid file type'],
    ['invalidFileType', 'Please select an image file'],
    ['authRequiredTitle', 'Authentication required'],
    ['loginToPost', 'Please log in to create a post.'],
    ['authenticationRequiredTitle', 'Authentication Required'],
    ['loginRequired', 'Please log in'],
    ['imageUploadFailedTitle', 'Image upload failed'],
    ['imageUploadFailed', 'Could not upload image. Post will be created without image.'],
    ['uploadFailed', 'Failed to upload image'],
    ['unknownError', 'Unknown error occurred'],
    ['promotionFailed', 'Failed to update promotion status'],
    ['deleteFailedTitle', 'Delete Failed'],
    ['deleteFailed', 'Failed to delete post. Please try again.'],
    ['permissionDeniedTitle', 'Permission Denied'],
    ['notOwnerDelete', 'You can only delete your own posts.'],
    ['commentFailedTitle', 'Comment Failed'],
    ['commentFailed', 'Failed to post comment. Please try again.'],
    ['updateFailedTitle', 'Update Failed'],
    ['commentsLoadFailed', 'Failed to load comments. Please try again later.'],
    ['postNotFound', 'Post not found'],
    ['postCreated', 'Success! Your post has been created successfully.'],
    ['postPromoted', 'Post Promoted!'],
    ['promotionRemoved', 'Promotion Removed'],
    ['postDeleted', 'Post Deleted'],
    ['commentPosted', 'Comment Posted'],
    ['commentUpdated', 'Updated'],
    ['commentDeleted', 'Deleted'],
  ] as const)('%s', (key, text) => expect(forumMessages[key]).toBe(text));

  it('createFailed names the status', () =>
    expect(forumMessages.createFailed(502)).toBe('HTTP 502: Failed to create post'));
});

describe('forum post (docs/product/forum.md#rules-and-messages)', () => {
  it('accepts a valid post, trimmed', () => {
    expect(postFormSchema.parse({ ...ok, title: '  Roman coin found  ' })).toEqual(ok);
  });

  it('title is 5 to 100 characters after trimming', () => {
    expect(errors(postFormSchema, { ...ok, title: 'abcd' })).toEqual({
      title: 'Title must be at least 5 characters',
    });
    expect(errors(postFormSchema, { ...ok, title: '   abcd    ' })).toEqual({
      title: 'Title must be at least 5 characters',
    });
    expect(errors(postFormSchema, { content: ok.content, categoryId: 1 })).toEqual({
      title: 'Title must be at least 5 characters',
    });
    expect(errors(postFormSchema, { ...ok, title: 'x'.repeat(101) })).toEqual({
      title: 'Title cannot exceed 100 characters',
    });
    expect(postFormSchema.parse({ ...ok, title: 'x'.repeat(100) }).title).toHaveLength(100);
    expect(postFormSchema.parse({ ...ok, title: 'abcde' }).title).toBe('abcde');
  });

  it('content is at least 10 characters, with a sane maximum', () => {
    expect(errors(postFormSchema, { ...ok, content: '123456789' })).toEqual({
      content: 'Content must be at least 10 characters',
    });
    expect(errors(postFormSchema, { ...ok, content: '    123456789     ' })).toEqual({
      content: 'Content must be at least 10 characters',
    });
    expect(errors(postFormSchema, { title: ok.title, categoryId: 1 })).toEqual({
      content: 'Content must be at least 10 characters',
    });
    expect(postFormSchema.parse({ ...ok, content: '1234567890' }).content).toBe('1234567890');
    expect(errors(postFormSchema, { ...ok, content: 'x'.repeat(POST_CONTENT_MAX + 1) })).toEqual({
      content: forumMessages.contentTooLong,
    });
    expect(postFormSchema.parse({ ...ok, content: 'x'.repeat(POST_CONTENT_MAX) }).content).toHaveLength(
      POST_CONTENT_MAX,
    );
  });

  it.each([undefined, null, '', 0, -3, 1.5, 'general', '  ', {}])(
    'category is required: %j',
    (categoryId) => {
      expect(errors(postFormSchema, { ...ok, categoryId })).toEqual({
        categoryId: 'Please select a category',
      });
    },
  );

  it('category accepts a number or the numeric string a select gives', () => {
    expect(categoryIdSchema.parse(3)).toBe(3);
    expect(categoryIdSchema.parse(' 7 ')).toBe(7);
  });

  it('reports every broken rule at once, each on its field', () => {
    expect(errors(postFormSchema, {})).toEqual({
      title: 'Title must be at least 5 characters',
      content: 'Content must be at least 10 characters',
      categoryId: 'Please select a category',
    });
  });

  it('REST create: image optional (null, empty or absent), only a URL this server stored; userId ignored', () => {
    expect(postCreateSchema.parse({ ...ok, imageUrl: null, userId: 99 })).toEqual({ ...ok, imageUrl: null });
    expect(postCreateSchema.parse({ ...ok, imageUrl: '' }).imageUrl).toBeNull();
    expect(postCreateSchema.parse(ok).imageUrl).toBeNull();
    expect(postCreateSchema.parse({ ...ok, imageUrl: image }).imageUrl).toBe(image);
    for (const bad of ['https://tracker.example/p.gif', '/uploads/../secret', 'javascript:alert(1)', 42]) {
      expect(errors(postCreateSchema, { ...ok, imageUrl: bad })).toEqual({
        imageUrl: forumMessages.invalidImageUrl,
      });
    }
    expect(postCreateSchema.parse({ ...ok, uid: uid.toUpperCase() }).uid).toBe(uid);
  });
});

describe('post picture (docs/product/forum.md#rules-and-messages: optional, under 5 MB, an image)', () => {
  const file = (size: number, type: string) => new File([new Uint8Array(size)], 'p.jpg', { type });

  it('accepts images up to 5 MB', () => {
    expect(postImageFileSchema.safeParse(file(1000, 'image/png')).success).toBe(true);
    expect(postImageFileSchema.safeParse(file(5 * 1024 * 1024, 'image/jpeg')).success).toBe(true);
  });

  it('refuses larger files and other types with the spec messages', () => {
    expect(errors(postImageFileSchema, file(5 * 1024 * 1024 + 1, 'image/jpeg'))).toEqual({
      _: 'Please select an image smaller than 5MB',
    });
    expect(errors(postImageFileSchema, file(10, 'application/pdf'))).toEqual({
      _: 'Please select an image file',
    });
    expect(errors(postImageFileSchema, 'not a file')).toEqual({ _: 'Please select an image file' });
  });
});

describe('forum comment (docs/product/forum.md#rules-and-messages: trimmed content non-empty)', () => {
  it('refuses empty and blank comments, trims the rest', () => {
    for (const content of ['', '   ', '\n\t', undefined, null]) {
      expect(errors(postCommentSchema, { content })).toEqual({ content: forumMessages.commentRequired });
    }
    expect(postCommentSchema.parse({ content: '  Nice!  ' })).toEqual({ content: 'Nice!' });
    expect(postCommentSchema.parse({ content: 'k' }).content).toBe('k');
  });

  it('has a sane maximum', () => {
    expect(postCommentSchema.parse({ content: 'x'.repeat(POST_COMMENT_MAX) }).content).toHaveLength(
      POST_COMMENT_MAX,
    );
    expect(errors(postCommentSchema, { content: 'x'.repeat(POST_COMMENT_MAX + 1) })).toEqual({
      content: forumMessages.commentTooLong,
    });
  });

  it('POST /api/comments names the post by id or uid and ignores userId', () => {
    expect(postCommentCreateSchema.parse({ postId: 4, content: 'Hi', userId: 9 })).toEqual({
      postId: 4,
      content: 'Hi',
    });
    expect(postCommentCreateSchema.parse({ postId: '12', content: 'Hi' }).postId).toBe(12);
    expect(postRefSchema.parse(uid.toUpperCase())).toBe(uid);
    for (const postId of [undefined, 'abc', -1, 0, 1.5]) {
      expect(errors(postCommentCreateSchema, { postId, content: 'Hi' })).toEqual({
        postId: forumMessages.postNotFound,
      });
    }
  });
});

describe('sync payloads (PROTOCOL.md S19)', () => {
  it('posts: the create fields plus an optional photo hash', () => {
    expect(postSyncCreatePayloadSchema.parse(ok)).toEqual({ ...ok, imageUrl: null });
    expect(postSyncCreatePayloadSchema.parse({ ...ok, imageSha256: 'b'.repeat(64) }).imageSha256).toBe(
      'b'.repeat(64),
    );
    expect(errors(postSyncCreatePayloadSchema, { ...ok, imageSha256: 'nope' })).toEqual({
      imageSha256: 'Invalid content hash',
    });
    expect(errors(postSyncCreatePayloadSchema, { ...ok, categoryId: undefined })).toEqual({
      categoryId: 'Please select a category',
    });
  });

  it('posts: or the URL POST /api/upload-image answered, but not both', () => {
    expect(postSyncCreatePayloadSchema.parse({ ...ok, imageUrl: image }).imageUrl).toBe(image);
    expect(postSyncCreatePayloadSchema.parse(ok).imageUrl).toBeNull();
    expect(errors(postSyncCreatePayloadSchema, { ...ok, imageUrl: 'https://x.example/a.png' })).toEqual({
      imageUrl: forumMessages.invalidImageUrl,
    });
    expect(
      errors(postSyncCreatePayloadSchema, { ...ok, imageUrl: image, imageSha256: 'b'.repeat(64) }),
    ).toEqual({ imageUrl: forumMessages.oneImage });
  });

  it('comments: the parent post by uid', () => {
    expect(postCommentSyncCreatePayloadSchema.parse({ postUid: uid, content: ' Hi ' })).toEqual({
      postUid: uid,
      content: 'Hi',
    });
    expect(errors(postCommentSyncCreatePayloadSchema, { postUid: '7', content: 'Hi' })).toEqual({
      postUid: 'Post not found',
    });
  });
});

describe('postPreview (docs/product/constants.md#forum: 120 characters)', () => {
  it('keeps short posts whole and cuts long ones at 120 characters', () => {
    expect(postPreview('Short post')).toBe('Short post');
    expect(postPreview('x'.repeat(120))).toBe('x'.repeat(120));
    expect(postPreview('x'.repeat(121))).toBe(`${'x'.repeat(120)}...`);
  });
});
