/**
 * /notifications (docs/notifications.md "On the device"): the member's notifications newest first, in
 * pages of 30 ("Show more"), grouped by day, each a link to its page. Unread ones are marked; opening one
 * marks it read, and "Mark all as read" marks them all — both local writes, so the list works offline
 * from Dexie and the read state reaches the other devices with the next sync.
 */
import { CheckCheck, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageContainer, PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/db/current-user';
import { useInitialSync } from '@web/sync';
import { NotificationItem } from '../components/notification-item';
import { markAllNotificationsRead, NOTIFICATIONS_PAGE, useNotificationList } from '../hooks/notifications';
import { groupByDay } from '../model/days';
import { notificationTexts as t } from '../texts';

function Loading() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">{t.loading}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full" />
      ))}
    </div>
  );
}

export function NotificationsPage() {
  const { user, loading: userLoading } = useCurrentUser();
  const [limit, setLimit] = useState(NOTIFICATIONS_PAGE);
  const list = useNotificationList(user?.id ?? null, limit);
  const initial = useInitialSync();
  const [marking, setMarking] = useState(false);

  const unread = list.state === 'ready' ? list.value.unread : 0;
  const header = (
    <PageHeader
      title={t.listTitle}
      description={
        <>
          {t.listDescription}{' '}
          <Link
            to="/settings/notifications"
            className="inline-flex items-center gap-1 whitespace-nowrap text-lime-800 underline underline-offset-4 dark:text-lime-400"
          >
            <Settings className="size-4" aria-hidden="true" /> {t.settings}
          </Link>
        </>
      }
      actions={
        user ? (
          <Button
            variant="outline"
            disabled={unread === 0 || marking}
            onClick={() => {
              setMarking(true);
              markAllNotificationsRead(user)
                .then(() => toast({ title: t.markedAll }))
                .catch(() => toast({ title: t.loadFailed, variant: 'destructive' }))
                .finally(() => setMarking(false));
            }}
          >
            <CheckCheck aria-hidden="true" /> {t.markAll}
          </Button>
        ) : null
      }
    />
  );

  let body;
  if (userLoading || list.state === 'loading') body = <Loading />;
  else if (!user) body = <p className="text-stone-700 dark:text-stone-300">{t.signedOut}</p>;
  else if (list.state === 'error') body = <p role="alert">{t.loadFailed}</p>;
  else if (list.value.items.length === 0 && initial === 'loading') body = <Loading />;
  else if (list.value.items.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-stone-300 p-8 text-center dark:border-stone-700">
        <h2 className="text-lg font-semibold">{t.empty}</h2>
        <p className="mx-auto mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t.emptyHint}</p>
      </div>
    );
  } else {
    const { items, more } = list.value;
    body = (
      <>
        {groupByDay(items).map((group) => (
          <section key={group.key} aria-labelledby={`day-${group.key}`} className="flex flex-col gap-2">
            <h2
              id={`day-${group.key}`}
              className="text-sm font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-400"
            >
              {group.heading}
            </h2>
            <ul className="flex flex-col gap-2" aria-label={group.heading}>
              {group.items.map((n) => (
                <NotificationItem key={n.uid} user={user} notification={n} />
              ))}
            </ul>
          </section>
        ))}
        {more ? (
          <Button
            variant="outline"
            className="self-center"
            onClick={() => setLimit((n) => n + NOTIFICATIONS_PAGE)}
          >
            {t.showMore}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      {header}
      {body}
    </PageContainer>
  );
}
