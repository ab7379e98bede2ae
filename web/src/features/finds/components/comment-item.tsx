/** One find comment (spec 1 §2 Post detail rules, applied to finds): the writer may edit or delete it. */
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { findCommentSchema } from '@schema/contracts/finds';
import { maskEmailLike, type SelfUser } from '@schema/contracts/users';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalFindComment } from '@web/db/database';
import type { PendingState } from '@web/sync';
import { deleteComment, editComment } from '../hooks/find-writes';
import { formatRelative } from '../model/format';
import { SyncMarker } from '@web/components/ui/sync-marker';

export interface CommentItemProps {
  comment: LocalFindComment;
  user: SelfUser | null;
  pending: PendingState | undefined;
}

export function CommentItem({ comment, user, pending }: CommentItemProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const own = user !== null && user.id === comment.userId;
  const name = maskEmailLike(comment.username);

  async function save() {
    if (!user) return;
    const parsed = findCommentSchema.safeParse({ content: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    try {
      await editComment(user, comment, parsed.data.content);
      toast({ title: 'Updated' });
      setEditing(false);
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to update comment. Please try again.',
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
      toast({ title: 'Deleted' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to delete comment. Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <li className="flex gap-3 py-4">
      <UserAvatar username={name} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold">{name}</span>
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
              <p
                id={`${id}-error`}
                role="alert"
                className="text-sm font-medium text-red-700 dark:text-red-400"
              >
                {error}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void save()} disabled={busy || draft.trim() === ''}>
                Save
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setEditing(false);
                  setDraft(comment.content);
                  setError(null);
                }}
              >
                Cancel
              </Button>
            </div>
          </div>
        ) : (
          <p className="whitespace-pre-wrap break-words">{comment.content}</p>
        )}
        {own && !editing ? (
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              className="px-2"
              onClick={() => setEditing(true)}
              disabled={busy}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
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
      </div>
    </li>
  );
}
