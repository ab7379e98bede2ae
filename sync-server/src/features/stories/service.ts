/**
 * Stories: every query and rule (docs/product/stories.md "Rules and messages", "Permissions"; docs/sync.md).
 * REST routes and sync push handlers call these same functions, so an offline write obeys the rules of an
 * online one. Every write runs in a transaction (nested in push's own as a savepoint) that also appends to
 * the change log, so pulls see exactly the writes that happened. Comments and likes are the engagement
 * module's (engagement.ts); their counters move in their own transactions.
 *
 * Stories are public: every reader sees every story (docs/privacy.md). The list is newest first, paged by
 * keyset on the server id (ids grow with arrival), so a deep page costs what the first does.
 */
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { stories, users } from '@schema/db/tables';
import {
  storyMessages,
  type Story,
  type StoryCreateInput,
  type StoryUpdateInput,
} from '@schema/contracts/stories';
import type { UserRow } from '../../lib/auth/user-row';
import { forbidden, notFound } from '../../lib/errors';
import { first, insertedRow, namesNoField, returnedRow } from '../../lib/query';
import { integerBound } from '../../lib/sql';
import { notHiddenFrom, withHiddenNotices } from '../../lib/moderation';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, whereRef } from '../../sync/registry';
import type { EntityRef, LoadedRows, RecordRef, Store, Viewer } from '../../sync/registry';
import { deleteOwnedRecord, ownRecordForCreate } from '../../sync/records';
import { storyEngagement } from './engagement';
import { toStory, type StoryRow } from './shape';

const byRef = (ref: RecordRef): SQL => whereRef(stories, ref);

function selectStories(store: Store) {
  return store
    .select({ story: stories, username: users.username, avatarUrl: users.avatarUrl })
    .from(stories)
    .innerJoin(users, eq(users.id, stories.userId));
}

type Selected = { story: StoryRow; username: string; avatarUrl: string | null };
const fromSelected = (row: Selected, viewer: Viewer): Story => toStory(row.story, row, viewer);

export async function storyRow(store: Store, ref: RecordRef): Promise<StoryRow | undefined> {
  return first(store.select().from(stories).where(byRef(ref)));
}

export async function getStory(store: Store, ref: RecordRef, viewer: Viewer): Promise<Story> {
  const row = await first(selectStories(store).where(byRef(ref)));
  if (!row) throw notFound(storyMessages.notFound);
  return fromSelected(row, viewer);
}

/** Newest first; `limit + 1` rows so the route can tell whether another page follows. */
export async function listStories(
  store: Store,
  viewer: Viewer,
  page: { before: number | null; limit: number },
): Promise<Story[]> {
  // Stories a moderator hid: left out, except for their author, who sees the notice (docs/moderation.md).
  const shown = notHiddenFrom('stories', stories.id, stories.userId, viewer?.id ?? null);
  const rows = await selectStories(store)
    .where(page.before === null ? shown : and(shown, lt(stories.id, integerBound(page.before))))
    .orderBy(desc(stories.id))
    .limit(page.limit + 1);
  const shaped = rows.map((row) => fromSelected(row, viewer));
  return withHiddenNotices(store, 'stories', shaped, viewer?.id, (story) => story.userId);
}

/** S4: the member's own story under this uid (a replayed create); another member's uid is a conflict. */
export async function existingStoryForCreate(store: Store, user: UserRow, uid: string) {
  return ownRecordForCreate(await storyRow(store, { uid }), user, storyMessages.uidTaken);
}

export async function createStory(
  store: Store,
  user: UserRow,
  input: StoryCreateInput,
  options: { uid?: string | undefined } = {},
): Promise<{ story: Story; created: boolean }> {
  return store.transaction(async (tx) => {
    const existing = options.uid ? await existingStoryForCreate(tx, user, options.uid) : undefined;
    if (existing) return { story: await getStory(tx, { id: existing.id }, user), created: false };
    const row = await insertedRow(
      tx
        .insert(stories)
        .values({
          uid: options.uid ?? uuidv7(),
          userId: user.id,
          content: input.content,
          yearsDetecting: input.yearsDetecting,
        })
        .returning(),
    );
    await recordChange(tx, 'stories', row.id, row.uid, 'upsert', { ownerId: row.userId });
    return { story: toStory(row, user, user), created: true };
  });
}

/** docs/product/stories.md "Permissions": the author alone edits, decided from the session. */
async function requireEditableStory(store: Store, user: UserRow, ref: RecordRef): Promise<StoryRow> {
  const row = await storyRow(store, ref);
  if (!row) throw notFound(storyMessages.notFound);
  if (row.userId !== user.id) throw forbidden(storyMessages.notOwner);
  return row;
}

/** Only the fields given change (S17). */
export async function updateStory(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  input: StoryUpdateInput,
): Promise<Story> {
  return store.transaction(async (tx) => {
    const row = await requireEditableStory(tx, user, ref);
    if (namesNoField(input)) return getStory(tx, { id: row.id }, user);
    const updated = await returnedRow(
      tx
        .update(stories)
        .set({ content: input.content, yearsDetecting: input.yearsDetecting })
        .where(eq(stories.id, row.id))
        .returning(),
    );
    if (!updated) throw notFound(storyMessages.notFound);
    await recordChange(tx, 'stories', updated.id, updated.uid, 'upsert', { ownerId: updated.userId });
    return toStory(updated, user, user);
  });
}

/**
 * The author, or the official account as moderator. Comments and likes go with the story (foreign-key
 * cascade); their removals are logged here so other devices drop them too (S13). `missingOk`: a replayed
 * or already-applied sync delete of a vanished story succeeds quietly (S8).
 */
export async function deleteStory(
  store: Store,
  user: UserRow,
  ref: RecordRef,
  options: { missingOk?: boolean } = {},
): Promise<number | undefined> {
  return store.transaction(async (tx) =>
    deleteOwnedRecord(tx, user, await storyRow(tx, ref), {
      ...options,
      entity: 'stories',
      messages: { notFound: storyMessages.notFound, forbidden: storyMessages.notOwnerDelete },
      remove: async (row) => {
        await storyEngagement.parentDeleted(tx, row);
        await tx.delete(stories).where(eq(stories.id, row.id));
      },
    }),
  );
}

/** Pull loader: current stories by id, one batched query per chunk; a missing id is a tombstone (S13). */
export async function loadStoriesForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  return loadRowsById(refs, async (ids) => {
    const rows = await selectStories(store).where(inArray(stories.id, ids));
    return rows.map((row) => {
      const story = fromSelected(row, viewer);
      return { id: story.id, uid: story.uid, data: { ...story }, userIds: [story.userId] };
    });
  });
}
