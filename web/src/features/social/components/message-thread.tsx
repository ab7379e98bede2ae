/**
 * One conversation (docs/product/social.md "Messages"): the messages oldest first — mine on the right with
 * 'Sending…' / 'Sent' (or 'Not sent' when the server refused it), each with its photo if it has one — and
 * the compose box, which can attach a photo (attach-photo.tsx). Read from the device, so it opens offline
 * and a message written without signal waits in the outbox, its photo beside it. Opening it marks what the
 * other member sent read.
 */
import { useEffect, useRef, useState } from 'react';
import { useOneSubmitAtATime } from '@web/lib/one-submit-at-a-time';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGE_MAX, messageMessages } from '@schema/contracts/messages-constants';
import { unknownUserName } from '@schema/contracts/social-constants';
import { maskEmailLike, type PublicUser, type SelfUser } from '@schema/contracts/users';
import { ReportButton } from '@web/components/moderation/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { formatDayTime } from '@web/lib/dates';
import {
  markThreadRead,
  sendLocalMessage,
  useDelivery,
  usePeer,
  useThread,
  type MessagePhoto as AttachedPhoto,
} from '../hooks/messages';
import { AttachPhoto } from './attach-photo';
import { MessagePhoto } from './message-photo';
import { useRemote } from '../hooks/use-remote';

const DELIVERY_TEXT = { sending: messageMessages.sending, sent: messageMessages.sent, failed: 'Not sent' };

function Compose({ user, peerId }: { user: SelfUser; peerId: number }) {
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<AttachedPhoto | null>(null);
  const [attachKey, setAttachKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const { submit } = useOneSubmitAtATime(send);
  async function send() {
    // The contract (and Zod with it) loads on the first send, not with the page (docs/architecture.md
    // "First paint"). With a photo the text may be empty (the contract's rule).
    const { messageCaptionSchema, messageContentSchema } = await import('@schema/contracts/messages');
    const parsed = (photo ? messageCaptionSchema : messageContentSchema).safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? messageMessages.contentRequired);
    setError(null);
    try {
      await sendLocalMessage(user, peerId, parsed.data, photo);
      setText('');
      setPhoto(null);
      setAttachKey((k) => k + 1);
    } catch {
      toast({ title: messageMessages.sendFailed, variant: 'destructive' });
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" noValidate>
      <label htmlFor="message-compose" className="sr-only">
        {messageMessages.placeholder}
      </label>
      <Textarea
        id="message-compose"
        value={text}
        maxLength={MESSAGE_MAX + 100}
        rows={3}
        placeholder={messageMessages.placeholder}
        aria-invalid={error !== null}
        aria-describedby={error ? 'message-compose-error' : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {error ? (
        <p id="message-compose-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <AttachPhoto key={attachKey} userId={user.id} photo={photo} onChange={setPhoto} />
      <Button type="submit" className="self-end">
        {messageMessages.send}
      </Button>
    </form>
  );
}

/** The peer's name: from the device, or read online for a conversation that has not started yet. */
function usePeerName(peerId: number): { username: string; avatarUrl: string | null } {
  const held = usePeer(peerId);
  const remote = useRemote<PublicUser>(held ? null : `/api/users/${peerId}`);
  const peer = held ?? (remote.state === 'ready' ? remote.value : undefined);
  return peer
    ? { username: maskEmailLike(peer.username), avatarUrl: peer.avatarUrl }
    : { username: unknownUserName(peerId), avatarUrl: null };
}

export function MessageThread({ user, peerId }: { user: SelfUser; peerId: number }) {
  const thread = useThread(user.id, peerId);
  const delivery = useDelivery();
  const peer = usePeerName(peerId);
  const end = useRef<HTMLLIElement>(null);
  const unread =
    thread.state === 'ready' ? thread.value.filter((m) => m.receiverId === user.id && !m.isRead).length : 0;

  useEffect(() => {
    if (unread > 0) void markThreadRead(user, peerId);
  }, [unread, user, peerId]);
  const count = thread.state === 'ready' ? thread.value.length : 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  return (
    <section aria-label={`Conversation with ${peer.username}`} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Link to="/social?tab=messages" className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft aria-hidden="true" />
          {messageMessages.back}
        </Link>
        <Link to={`/users/${peerId}`} className="flex items-center gap-2 font-semibold hover:underline">
          <UserAvatar username={peer.username} avatarUrl={peer.avatarUrl} size="sm" />
          {peer.username}
        </Link>
      </div>
      {thread.state === 'loading' ? <Spinner /> : null}
      {thread.state === 'error' ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {messageMessages.conversationsError}
        </p>
      ) : null}
      {thread.state === 'ready' && thread.value.length === 0 ? (
        <p className="text-stone-600 dark:text-stone-400">{messageMessages.threadEmpty}</p>
      ) : null}
      {thread.state === 'ready' && thread.value.length > 0 ? (
        <ol className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" aria-label="Messages">
          {thread.value.map((m) => {
            const own = m.userId === user.id;
            return (
              <li
                key={m.uid}
                className={`max-w-[80%] rounded-xl px-3 py-2 ${own ? 'self-end bg-lime-100 dark:bg-lime-900' : 'self-start bg-stone-100 dark:bg-stone-800'}`}
              >
                <MessagePhoto message={m} />
                {m.content ? <p className="whitespace-pre-wrap break-words">{m.content}</p> : null}
                <p
                  className={`mt-1 text-xs ${own ? 'text-stone-700 dark:text-lime-100' : 'text-stone-600 dark:text-stone-300'}`}
                >
                  <time dateTime={m.created_at}>{formatDayTime(m.created_at)}</time>
                  {own ? (
                    <span className="ml-2" data-testid="delivery">
                      {DELIVERY_TEXT[delivery(m)]}
                    </span>
                  ) : null}
                </p>
                {/* A received message may be reported: that one message is then shared with the moderators. */}
                {own ? null : (
                  <ReportButton
                    entity="messages"
                    id={m.id}
                    authorId={m.userId}
                    viewerId={user.id}
                    className="-ml-2 mt-1"
                  />
                )}
              </li>
            );
          })}
          <li ref={end} aria-hidden="true" />
        </ol>
      ) : null}
      <Compose user={user} peerId={peerId} />
    </section>
  );
}
