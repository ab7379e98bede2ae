/**
 * The Activity Feed (docs/product/social.md "The feed"): author, what they did, content and date ('Unknown
 * date' when missing), newest first, read on page by page with the server's cursor.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { socialMessages, type ActivityKind } from '@schema/contracts/social-constants';
import type { FeedItem } from '@schema/contracts/social';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { RelativeTime } from '@web/components/ui/relative-time';
import { Skeleton } from '@web/components/ui/skeleton';
import { getJson, type Remote } from '../hooks/use-remote';
import { MemberName } from './member-name';

const DID: Record<ActivityKind, string> = {
  find: 'shared a find',
  post: 'posted in the forum',
  event: 'created an event',
  story: 'shared a story',
  group: 'joined a group',
};

const hrefOf = (item: FeedItem) =>
  ({
    find: `/finds/${item.entityId}`,
    post: `/forum/post/${item.entityId}`,
    event: `/events/${item.entityId}`,
    story: `/wellbeing/stories/${item.entityId}`,
    group: `/groups/${item.entityUid}`,
  })[item.kind];

export function FeedList({ first }: { first: Remote<FeedItem[]> }) {
  const [more, setMore] = useState<{ items: FeedItem[]; next: string | null; failed: boolean } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  if (first.state === 'loading')
    return (
      <div className="flex flex-col gap-3" aria-hidden="true">
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (first.state !== 'ready')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {first.state === 'offline'
          ? 'The activity feed needs a connection.'
          : 'The activity feed could not be loaded. Please try again later.'}
      </p>
    );
  const items = [...first.value, ...(more?.items ?? [])];
  const next = more ? more.next : first.next;
  if (items.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{socialMessages.feedEmpty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="list-card flex flex-col gap-2 p-4">
              <div className="flex flex-wrap items-center gap-x-2 text-sm">
                <MemberName id={item.userId} username={item.username} avatarUrl={item.avatarUrl} />
                <span className="text-stone-600 dark:text-stone-400">{DID[item.kind]}</span>
                <span className="text-stone-600 dark:text-stone-400">
                  {item.created_at ? <RelativeTime iso={item.created_at} /> : socialMessages.unknownDate}
                </span>
              </div>
              <Link to={hrefOf(item)} className="line-clamp-3 whitespace-pre-line hover:underline">
                {item.content}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      {more?.failed ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Could not load older activity.
        </p>
      ) : null}
      {next ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={loadingMore}
          onClick={async () => {
            setLoadingMore(true);
            try {
              const page = await getJson<FeedItem[]>(`/api/social/feed?cursor=${encodeURIComponent(next)}`);
              setMore({ items: [...(more?.items ?? []), ...page.value], next: page.next, failed: false });
            } catch {
              setMore({ items: more?.items ?? [], next, failed: true });
            }
            setLoadingMore(false);
          }}
        >
          {loadingMore ? 'Loading older activity…' : 'Show older activity'}
        </Button>
      ) : null}
    </div>
  );
}
