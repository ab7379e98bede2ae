/**
 * The header's unread-messages badge (docs/product/social.md "Messages"): a link to the Messages tab with
 * how many messages wait unread on this device. Its own entry point, loaded lazily by the header after the
 * first render, so neither it nor the social pages join the first download (docs/architecture.md).
 * Nothing shows signed out or with nothing unread.
 */
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '@web/db/current-user';
import { useUnreadCount } from './hooks/messages';

export function UnreadBadge() {
  const { user } = useCurrentUser();
  const unread = useUnreadCount(user?.id ?? null);
  if (!user || unread === 0) return null;
  const label = `${unread} unread message${unread === 1 ? '' : 's'}`;
  return (
    <Link
      to="/social?tab=messages"
      aria-label={label}
      title={label}
      className="relative inline-flex size-11 items-center justify-center rounded-lg hover:bg-stone-100 dark:hover:bg-stone-800"
      data-testid="unread-badge"
    >
      <Mail className="size-5" aria-hidden="true" />
      <span className="absolute right-1 top-1 min-w-5 rounded-full bg-amber-600 px-1 text-center text-xs font-bold leading-5 text-white">
        {unread > 99 ? '99+' : unread}
      </span>
    </Link>
  );
}
