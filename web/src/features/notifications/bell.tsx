/**
 * The header's bell (docs/notifications.md "On the device"): a link to /notifications with how many wait
 * unread on this device. Its own entry point, loaded lazily by the header after the first render, so
 * neither it nor Dexie's queries join the first download. It also registers this device's push
 * subscription again once per app start when push is on here (push.ts) — never asking for permission.
 * Nothing shows signed out.
 */
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@web/db/current-user';
import { useUnreadNotifications } from './hooks/notifications';
import { refreshPushSubscription } from './push';

let refreshedFor: number | null = null;

export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
}

export function NotificationBell() {
  const { user } = useCurrentUser();
  const unread = useUnreadNotifications(user?.id ?? null);

  useEffect(() => {
    if (!user || refreshedFor === user.id) return;
    refreshedFor = user.id;
    // A failure (offline, no push on the server) only means the next start tries again.
    refreshPushSubscription().catch(() => {
      refreshedFor = null;
    });
  }, [user]);

  if (!user) return null;
  const label = bellLabel(unread);
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-stone-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-lime-600 dark:hover:bg-stone-800"
      data-testid="notification-bell"
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 ? (
        <span className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
