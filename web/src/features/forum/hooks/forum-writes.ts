/**
 * Every change a member makes to the forum, as local writes (web/src/sync writeLocal): the record changes
 * in IndexedDB and its mutation is queued in one transaction, so it shows at once — offline too — marked
 * waiting, and the engine pushes it when it can (PROTOCOL.md S19). Counters (category counts, promotions,
 * comment counts) are bumped optimistically; the server's values replace them on the next pull (S24).
 * Each takes the database last (the app's by default) so the sync tests drive them on a device of their own.
 */
import { uuidv7 } from 'uuidv7';
import type { PostEditInput, PostFormInput } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { db as appDb, type DigQuestDb, type LocalPost } from '@web/db/database';
import { engagementWrites } from '@web/engagement/writes';
import { preparePhoto, writeLocal } from '@web/sync';
import { postEngagement } from '../engagement';

/** Comments and promotions: the engagement module's writes, bound to the forum's descriptor (S22, S24). */
const engagement = engagementWrites(postEngagement);
export const { addComment, editComment, deleteComment, setLiked: setPromoted } = engagement;

/** The post's picture: uploaded already (online, S23 `imageUrl`), or kept on the device (offline, `imageSha256`). */
export type PostPicture =
  { kind: 'uploaded'; imageUrl: string } | { kind: 'local'; blob: Blob; mime: string } | null;

async function bumpCategory(db: DigQuestDb, categoryId: number, delta: 1 | -1): Promise<void> {
  const category = await db.categories.get(categoryId);
  if (category) await db.categories.update(categoryId, { count: Math.max(0, category.count + delta) });
}

/** New Post: returns the new post's uid (its address until the server assigns an id). */
export async function createPost(
  user: SelfUser,
  input: PostFormInput,
  picture: PostPicture,
  db: DigQuestDb = appDb,
): Promise<string> {
  const uid = uuidv7();
  const category = await db.categories.get(input.categoryId);
  const blob = picture?.kind === 'local' ? await preparePhoto(picture.blob, picture.mime) : null;
  const image =
    picture?.kind === 'uploaded' ? { imageUrl: picture.imageUrl } : blob ? { imageSha256: blob.sha256 } : {};
  const record: LocalPost = {
    id: null,
    uid,
    userId: user.id,
    username: user.username,
    categoryId: input.categoryId,
    categoryName: category?.name ?? '',
    title: input.title,
    content: input.content,
    imageUrl: picture?.kind === 'uploaded' ? picture.imageUrl : null,
    comments: 0,
    views: 0,
    likes: 0,
    created_at: new Date().toISOString(),
    ...(blob ? { imageSha256: blob.sha256 } : {}),
  };
  const payload = { title: input.title, content: input.content, categoryId: input.categoryId, ...image };
  await writeLocal(
    db,
    { entity: 'posts', op: 'create', uid, userId: user.id, payload, record, blobs: blob ? [blob] : [] },
    { tables: [db.categories], run: () => bumpCategory(db, input.categoryId, 1) },
  );
  return uid;
}

/**
 * A post waiting in the outbox (or refused, e.g. its category was removed, S20) is changed there: the
 * server has no post editing, but the queued create takes the new category and goes again under the
 * same mutation id (outbox C2/C7).
 */
export async function changeQueuedPostCategory(
  user: SelfUser,
  post: LocalPost,
  categoryId: number,
  db: DigQuestDb = appDb,
): Promise<void> {
  const category = await db.categories.get(categoryId);
  await writeLocal(
    db,
    {
      entity: 'posts',
      op: 'update',
      uid: post.uid,
      userId: user.id,
      payload: { categoryId, categoryName: category?.name ?? post.categoryName },
    },
    {
      tables: [db.categories],
      run: async () => {
        await bumpCategory(db, post.categoryId, -1);
        await bumpCategory(db, categoryId, 1);
      },
    },
  );
}

export async function deletePost(user: SelfUser, post: LocalPost, db: DigQuestDb = appDb): Promise<void> {
  await writeLocal(
    db,
    { entity: 'posts', op: 'delete', uid: post.uid, userId: user.id },
    {
      tables: [db.categories],
      // The server removes the comments and promotions with the post (S13); mirror it so nothing dangles offline.
      run: async () => {
        await engagement.forgetParent(post.uid, db);
        await bumpCategory(db, post.categoryId, -1);
      },
    },
  );
}

/**
 * A published post is edited only by its author while a moderator has it hidden (docs/moderation.md): the
 * change is queued like any other, shown at once, and the server opens a review when it arrives. Should
 * a moderator restore the post first, the server refuses the queued edit and "Not synced" says why.
 */
export async function editHiddenPost(
  user: SelfUser,
  post: LocalPost,
  input: PostEditInput,
  db: DigQuestDb = appDb,
): Promise<void> {
  await writeLocal(db, {
    entity: 'posts',
    op: 'update',
    uid: post.uid,
    userId: user.id,
    payload: { ...input },
  });
}
