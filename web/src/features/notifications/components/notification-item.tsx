/**
 * One notification in the list: a link to its page, its title, body and time; unread ones carry a dot
 * and the word "Unread" for screen readers. Following the link marks it read on this device.
 */
import { Link } from 'react-router';
import type { SelfUser } from '@schema/contracts/users';
import { cn } from '@web/components/ui/cn';
import type { LocalNotification } from '@web/db/database';
import { markNotificationRead } from '../hooks/notifications';
import { timeOfDay } from '../model/days';
import { notificationTexts as t } from '../texts';

/** Only the app's own pages: a notification never takes the member off the site. */
const inApp = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? url : '/notifications');

export function NotificationItem({
  user,
  notification: n,
}: {
  user: SelfUser;
  notification: LocalNotification;
}) {
  const unread = n.readAt === null;
  return (
    <li>
      <Link
        to={inApp(n.url)}
        onClick={() => void markNotificationRead(user, n)}
        data-unread={unread}
        className={cn(
          'flex gap-3 rounded-xl border p-3 transition-colors hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:hover:bg-stone-800',
          unread
            ? 'border-lime-700/40 bg-lime-50 dark:border-lime-500/40 dark:bg-lime-950/40'
            : 'border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-2 size-2.5 shrink-0 rounded-full',
            unread ? 'bg-lime-700 dark:bg-lime-400' : 'bg-transparent',
          )}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cn('min-w-0 break-words', unread ? 'font-semibold' : 'font-medium')}>
              {unread ? <span className="sr-only">{t.unread}: </span> : null}
              {n.title}
            </span>
            <time
              dateTime={n.created_at}
              className="shrink-0 text-sm text-stone-600 tabular-nums dark:text-stone-400"
            >
              {timeOfDay(n.created_at)}
            </time>
          </span>
          {n.body ? (
            <span className="line-clamp-2 break-words text-stone-700 dark:text-stone-300">{n.body}</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}
