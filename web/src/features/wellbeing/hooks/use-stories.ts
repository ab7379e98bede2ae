/**
 * Live reads of stories on the device (dexie-react-hooks), so the hub and the home section open offline
 * and show a story shared in the field at once. The hub's list is continued from the server when online
 * (web/src/sync/README.md C17): newest first, down to the window's edge or the oldest page read, then the
 * next page as the member reaches the end; offline it ends with 'Older stories need a connection'. An
 * empty device before its first sync is "loading", not "no stories".
 */
import { useEffect, useRef } from 'react';
import { STORIES_PAGE_SIZE } from '@schema/contracts/stories-constants';
import { db, type LocalStory, type LocalStoryComment } from '@web/db/database';
import { storyCommentsEntity } from '@web/db/entities';
import { byIdOrUid } from '@web/db/lookups';
import {
  useInitialSync,
  useListContinuation,
  useLive,
  useLiveValue,
  useOnlineStatus,
  useWindowEdge,
  type ListEnd,
  type Live,
} from '@web/sync';

/** Until the first sync answers, an empty device is still loading (not "no stories yet"). */
function settled<T>(live: Live<T[]>, initial: ReturnType<typeof useInitialSync>): Live<T[]> {
  if (live.state === 'ready' && live.value.length === 0 && initial === 'loading') return { state: 'loading' };
  return live;
}

/** The newest `count` stories on the device (the home section). */
export function useRecentStories(count: number): Live<LocalStory[]> {
  const live = useLive(() => db.stories.orderBy('created_at').reverse().limit(count).toArray(), [count]);
  return settled(live, useInitialSync());
}

/** The hub's Community Stories, newest first, and how the list ends. */
export function useStoryFeed(): { stories: Live<LocalStory[]>; end: ListEnd } {
  const online = useOnlineStatus();
  const edge = useWindowEdge('stories');
  const continuation = useListContinuation({
    entity: 'stories',
    query: '',
    pageSize: STORIES_PAGE_SIZE,
    online,
    edge: edge.state === 'ready' ? edge.value : null,
  });
  const since = continuation.since;
  const live = useLive(async () => {
    const newestFirst = db.stories.orderBy('created_at').reverse();
    // Unsynced stories (no id yet) are the member's newest and always show.
    return since === null
      ? newestFirst.toArray()
      : newestFirst.filter((s) => s.id === null || s.created_at >= since).toArray();
  }, [since]);
  // A device that holds no stories asks the server's first page at once: there is no list end in view.
  const { end } = continuation;
  const empty = live.state === 'ready' && live.value.length === 0;
  const asked = useRef(false);
  useEffect(() => {
    if (!empty || asked.current || end.kind !== 'more' || end.status !== 'idle') return;
    asked.current = true;
    end.loadMore();
  }, [empty, end]);
  return { stories: settled(live, useInitialSync()), end };
}

/** `/wellbeing/stories/42` (server id) or `/wellbeing/stories/0192…` (uid, for a story not synced yet). */
export function useStory(param: string): Live<LocalStory | undefined> {
  return useLive(() => byIdOrUid(db.stories, param), [param]);
}

/** A story's comments, oldest first. */
export function useStoryComments(storyUid: string): Live<LocalStoryComment[]> {
  return useLive(() => storyCommentsEntity.ofParent(db, storyUid), [storyUid]);
}

/** The uids of the stories the signed-in member likes (the table holds only the current viewer's likes). */
export function useOwnStoryLikes(): ReadonlySet<string> {
  return useLiveValue(
    async () => new Set(await db.story_likes.toCollection().primaryKeys()),
    [],
    new Set<string>(),
  );
}
