/**
 * Every change a member makes to stories, as local writes (web/src/sync writeLocal): the record changes in
 * IndexedDB and its mutation is queued in one transaction, so it shows at once — offline too — marked
 * waiting, and the engine pushes it when it can. Comments and likes are the engagement module's writes
 * (web/src/engagement) bound to the stories' descriptor.
 *
 * Offline and on conflict: an edit of an unsent story folds into its create (C2); deleting an unsent story
 * drops its whole queue, comments and likes included. A story the server refuses stays in Not synced with
 * the server's message (C7).
 */
import { uuidv7 } from 'uuidv7';
import type { StoryCreateInput, StoryUpdateInput } from '@schema/contracts/stories';
import type { SelfUser } from '@schema/contracts/users';
import { db, type LocalStory } from '@web/db/database';
import { engagementWrites } from '@web/engagement/writes';
import { writeLocal } from '@web/sync';
import { storyEngagement } from '../engagement';

const engagement = engagementWrites(storyEngagement);
export const { addComment, editComment, deleteComment, setLiked } = engagement;

/** Share Your Story: returns the new story's uid (its address until the server assigns an id). */
export async function createStory(user: SelfUser, input: StoryCreateInput): Promise<string> {
  const uid = uuidv7();
  const record: LocalStory = {
    id: null,
    uid,
    userId: user.id,
    username: user.username,
    avatarUrl: user.avatarUrl,
    content: input.content,
    yearsDetecting: input.yearsDetecting,
    likeCount: 0,
    commentCount: 0,
    created_at: new Date().toISOString(),
  };
  await writeLocal(db, {
    entity: 'stories',
    op: 'create',
    uid,
    userId: user.id,
    payload: { ...input },
    record,
  });
  return uid;
}

/** Edit: only the fields that changed are sent, so an edit of another field elsewhere survives (S17). */
export async function updateStory(
  user: SelfUser,
  story: LocalStory,
  changes: StoryUpdateInput,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await writeLocal(db, {
    entity: 'stories',
    op: 'update',
    uid: story.uid,
    userId: user.id,
    payload: { ...changes },
  });
}

export async function deleteStory(user: SelfUser, story: LocalStory): Promise<void> {
  await writeLocal(
    db,
    { entity: 'stories', op: 'delete', uid: story.uid, userId: user.id },
    {
      tables: [],
      // The server deletes the comments and likes with the story; mirror it now so nothing dangles.
      run: () => engagement.forgetParent(story.uid),
    },
  );
}
