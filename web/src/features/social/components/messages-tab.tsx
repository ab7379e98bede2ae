/**
 * The Messages tab (docs/product/social.md "Messages"): my conversations, the most recent first — the
 * other member, the newest message (who wrote it, when, what) and how many of theirs I have not read —
 * or, with `?with={id}`, the thread with that member. Read from the device (all of a member's messages
 * travel in their `own` pull), so it works offline. Empty: 'No messages yet'.
 */
import { Link, useSearchParams } from 'react-router';
import { messageMessages } from '@schema/contracts/messages-constants';
import { unknownUserName } from '@schema/contracts/social-constants';
import { maskEmailLike, type SelfUser } from '@schema/contracts/users';
import { UserAvatar } from '@web/components/ui/avatar';
import { RelativeTime } from '@web/components/ui/relative-time';
import { Spinner } from '@web/components/ui/spinner';
import { useOnlineStatus } from '@web/sync';
import { useConversations } from '../hooks/messages';
import { MessageThread } from './message-thread';

function Conversations({ user }: { user: SelfUser }) {
  const conversations = useConversations(user.id);
  if (conversations.state === 'loading') return <Spinner />;
  if (conversations.state === 'error')
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {messageMessages.conversationsError}
      </p>
    );
  if (conversations.value.length === 0)
    return <p className="text-stone-600 dark:text-stone-400">{messageMessages.empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-700" aria-label="Conversations">
      {conversations.value.map(({ peerId, peer, latest, unread }) => {
        const name = peer ? maskEmailLike(peer.username) : unknownUserName(peerId);
        const sender = latest.userId === user.id ? 'You' : name;
        return (
          <li key={peerId}>
            <Link
              to={`/social?tab=messages&with=${peerId}`}
              className="flex items-center gap-3 py-3 hover:bg-stone-50 dark:hover:bg-stone-800"
            >
              <UserAvatar username={name} avatarUrl={peer?.avatarUrl ?? null} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-semibold">{name}</span>
                  <RelativeTime
                    iso={latest.created_at}
                    className="shrink-0 text-xs text-stone-600 dark:text-stone-400"
                  />
                </span>
                <span className="truncate text-sm text-stone-700 dark:text-stone-300">
                  {sender}:{' '}
                  {latest.content ||
                    (latest.messageType === 'find' ? messageMessages.findPhotoAlt : messageMessages.photoAlt)}
                </span>
              </span>
              {unread > 0 ? (
                <span
                  className="rounded-full bg-amber-600 px-2 py-0.5 text-xs font-bold text-white"
                  aria-label={`${unread} unread`}
                >
                  {unread}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MessagesTab({ user }: { user: SelfUser }) {
  const [params] = useSearchParams();
  const online = useOnlineStatus();
  const withId = Number(params.get('with'));
  const peerId = Number.isSafeInteger(withId) && withId > 0 && withId !== user.id ? withId : null;
  return (
    <div className="flex flex-col gap-4">
      {online ? null : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          You’re offline: messages you write are sent when you’re back online.
        </p>
      )}
      {peerId === null ? <Conversations user={user} /> : <MessageThread user={user} peerId={peerId} />}
    </div>
  );
}
