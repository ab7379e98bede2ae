/**
 * One post comment (spec 1 §2 Post detail): the writer gets Edit (the text becomes a field; Save is
 * disabled while it is empty; Cancel restores it) and Delete; the official account may delete any comment
 * as moderator. Both are local writes, queued for the server.
 */
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { forumMessages, postCommentSchema } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalPostComment } from '@web/db/database';
import { StorageFullError, type PendingState } from '@web/sync';
import { deleteComment, editComment } from '../hooks/forum-writes';
import { formatRelative } from '../model/format';
import { Author } from './author';
import { SyncMarker } from '@web/components/ui/sync-marker';

export interface CommentItemProps {
  comment: LocalPostComment;
  user: SelfUser | null;
  pending: PendingState | undefined;
}

const failure = (err: unknown, fallback: string) =>
  err instanceof StorageFullError ? err.message : fallback;

export function CommentItem({ comment, user, pending }: CommentItemProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const own = user !== null && user.id === comment.userId;
  const canDelete = own || user?.id === OFFICIAL_USER_ID;

  async function save() {
    if (!user) return;
    const parsed = postCommentSchema.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? forumMessages.commentRequired);
      return;
    }
    setBusy(true);
    try {
      await editComment(user, comment, parsed.data.content);
      toast({ title: forumMessages.commentUpdated });
      setEditing(false);
    } catch (err) {
      toast({
        title: forumMessages.updateFailedTitle,
        description: failure(err, forumMessages.unknownError),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!user) return;
    setBusy(true);
    try {
      await deleteComment(user, comment);
      toast({ title: forumMessages.commentDeleted });
    } catch (err) {
      toast({
        title: 'Error',
        description: failure(err, forumMessages.unknownError),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  function cancel() {
    setEditing(false);
    setDraft(comment.content);
    setError(null);
  }

  return (
    <li className="flex flex-col gap-1.5 py-4">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Author userId={comment.userId} username={comment.username} />
        <time className="text-stone-500 dark:text-stone-400" dateTime={comment.created_at}>
          {formatRelative(comment.created_at)}
        </time>
        <SyncMarker state={pending} />
      </div>
      {editing ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-edit`} className="sr-only">
            Edit comment
          </label>
          <Textarea
            id={`${id}-edit`}
            rows={3}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void save()} disabled={busy || draft.trim() === ''}>
              Save
            </Button>
            <Button size="sm" variant="outline" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <p className="whitespace-pre-wrap break-words pl-10">{comment.content}</p>
      )}
      {!editing && (own || canDelete) ? (
        <div className="flex gap-1 pl-8">
          {own ? (
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              onClick={() => setEditing(true)}
              disabled={busy}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            className="px-2 text-red-700 dark:text-red-400"
            onClick={() => void remove()}
            disabled={busy}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
