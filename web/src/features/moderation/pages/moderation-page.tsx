/**
 * /moderation (docs/moderation.md): moderators and the official account only. Queue: open reports grouped
 * by record, oldest first, each with what a moderator can do; Log: every action, newest first. Both are read
 * online, a page at a time ("Load more" follows the server's X-Next-Cursor). Members: act on a member by
 * name (warn, suspend, lift a suspension) without a report.
 */
import { useState, type ReactNode } from 'react';
import type { LogEntry, QueueItem } from '@schema/contracts/moderation';
import { Button } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCurrentUser } from '@web/db/current-user';
import { ActionDialog, type ActionTarget } from '../components/action-dialog';
import { LogLine } from '../components/log-entry';
import { MemberLookup } from '../components/member-lookup';
import { QueueItemCard } from '../components/queue-item';
import { useMyModeration } from '../hooks/use-my-moderation';
import { usePaged, type Paged } from '../hooks/use-paged';
import { moderationTexts as t } from '../model/texts';
import { SignInLink } from '@web/components/sign-in-link';

type Tab = 'queue' | 'log' | 'members';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/** A paged list's states around its items. */
function PagedList<T>({
  list,
  loading,
  failed,
  empty,
  retry,
  loadMore,
  children,
}: {
  list: Paged<T>;
  loading: string;
  failed: string;
  empty: string;
  retry(): void;
  loadMore(): void;
  children(items: T[]): ReactNode;
}) {
  if (list.state === 'loading') return <Loading label={loading} />;
  if (list.state === 'error')
    return (
      <div className="flex flex-col items-start gap-2">
        <p role="alert" className="text-red-700 dark:text-red-400">
          {list.offline ? t.offline : failed}
        </p>
        <Button variant="outline" onClick={retry}>
          {t.retry}
        </Button>
      </div>
    );
  if (list.items.length === 0) return <p className="text-stone-600 dark:text-stone-400">{empty}</p>;
  return (
    <>
      {children(list.items)}
      {list.next !== null ? (
        <Button variant="outline" className="self-center" disabled={list.loadingMore} onClick={loadMore}>
          {list.loadingMore ? 'Loading…' : t.loadMore}
        </Button>
      ) : null}
    </>
  );
}

function Queue() {
  const { list, loadMore, reload } = usePaged<QueueItem>('/api/moderation/reports');
  const [target, setTarget] = useState<ActionTarget | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <PagedList
        list={list}
        loading="Loading the reports…"
        failed={t.loadFailed}
        empty={t.empty}
        retry={reload}
        loadMore={loadMore}
      >
        {(items) => (
          <ul className="flex flex-col gap-4">
            {items.map((item) => (
              <li key={`${item.entity}-${item.id}`}>
                <QueueItemCard
                  item={item}
                  onAct={(action) => setTarget({ action, entity: item.entity, id: item.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ActionDialog target={target} onClose={() => setTarget(null)} onDone={reload} />
    </div>
  );
}

function Log() {
  const { list, loadMore, reload } = usePaged<LogEntry>('/api/moderation/log');
  return (
    <div className="flex flex-col gap-4">
      <PagedList
        list={list}
        loading="Loading the log…"
        failed={t.logFailed}
        empty={t.logEmpty}
        retry={reload}
        loadMore={loadMore}
      >
        {(items) => (
          <ol
            aria-label="Moderation log"
            className="flex flex-col divide-y divide-stone-200 dark:divide-stone-700"
          >
            {items.map((entry) => (
              <li key={entry.id} className="py-3">
                <LogLine entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </div>
  );
}

function Tabs({ tab, onChange }: { tab: Tab; onChange(tab: Tab): void }) {
  const tabs: [Tab, string][] = [
    ['queue', 'Queue'],
    ['log', 'Log'],
    ['members', 'Members'],
  ];
  return (
    <div
      role="tablist"
      aria-label="Moderation"
      className="flex gap-2 border-b border-stone-200 dark:border-stone-700"
    >
      {tabs.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`moderation-tab-${value}`}
          aria-selected={tab === value}
          aria-controls={`moderation-panel-${value}`}
          onClick={() => onChange(value)}
          className={`-mb-px min-h-11 border-b-2 px-4 font-medium ${tab === value ? 'border-lime-700 text-lime-900 dark:text-lime-300' : 'border-transparent text-stone-600 dark:text-stone-400'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function ModeratorView() {
  const [tab, setTab] = useState<Tab>('queue');
  return (
    <>
      <Tabs tab={tab} onChange={setTab} />
      <div role="tabpanel" id={`moderation-panel-${tab}`} aria-labelledby={`moderation-tab-${tab}`}>
        {tab === 'queue' ? <Queue /> : tab === 'log' ? <Log /> : <MemberLookup />}
      </div>
    </>
  );
}

function body(loading: boolean, signedIn: boolean, me: ReturnType<typeof useMyModeration>) {
  if (loading) return <Loading label="Loading…" />;
  if (!signedIn)
    return (
      <div className="flex flex-col items-start gap-3">
        <p>{t.signIn}</p>
        <SignInLink />
      </div>
    );
  if (me.state === 'loading') return <Loading label="Loading…" />;
  if (me.state === 'error')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {me.offline ? t.offline : t.loadFailed}
      </p>
    );
  if (!me.value.moderator) return <p role="alert">{t.refused}</p>;
  return <ModeratorView />;
}

export function ModerationPage() {
  const { user, loading } = useCurrentUser();
  const me = useMyModeration(user?.id ?? null);
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <PageHeader title={t.title} description={t.intro} />
      {body(loading, user !== null, me)}
    </PageContainer>
  );
}
