/**
 * One comment. Its writer gets Edit (the text becomes a field; Save is disabled while it is blank; Cancel
 * restores it) and Delete; where the descriptor says so, the official account may delete any comment as
 * moderator, but not edit it. Both are local writes, queued for the server, which checks the same rules.
 * Every other signed-in member may report it to the moderators (docs/moderation.md), under the comment
 * entity's own name. Its writer reads a moderator's hiding of it, with the reason and "Ask for a review".
 */
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import { isHideable, reportableEntities, type ReportableEntity } from '@schema/contracts/moderation';
import { maskEmailLike, type SelfUser } from '@schema/contracts/users';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { hiddenReasonOf } from '@web/components/moderation/report';
import { ReportButton } from '@web/components/moderation/report-button';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { RelativeTime } from '@web/components/ui/relative-time';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { StorageFullError, type PendingState } from '@web/sync';
import { checkComment } from './comment-rules';
import type { CommentRecord, EngagementDescriptor, LikeRecord, ParentRecord, ToastText } from './descriptor';
import type { EngagementWrites } from './writes';

export type CommentWrites<P extends ParentRecord, C extends CommentRecord> = Pick<
  EngagementWrites<P, C>,
  'addComment' | 'editComment' | 'deleteComment'
>;

export interface CommentItemProps<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord> {
  engagement: EngagementDescriptor<P, C, L>;
  writes: Pick<CommentWrites<P, C>, 'editComment' | 'deleteComment'>;
  comment: C;
  user: SelfUser | null;
  pending: PendingState | undefined;
}

/** The commenter's avatar and name, masked when it looks like an e-mail address. */
function DefaultAuthor({ username }: { userId: number; username: string }) {
  const name = maskEmailLike(username);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserAvatar username={name} size="sm" />
      <span className="truncate font-semibold">{name}</span>
    </span>
  );
}

const isReportable = (entity: string): entity is ReportableEntity =>
  (reportableEntities as readonly string[]).includes(entity);

function failed(text: ToastText, err: unknown) {
  toast({
    title: text.title,
    description: err instanceof StorageFullError ? err.message : text.description,
    variant: 'destructive',
  });
}

export function CommentItem<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>({
  engagement,
  writes,
  comment,
  user,
  pending,
}: CommentItemProps<P, C, L>) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { texts } = engagement;
  const Author = engagement.Author ?? DefaultAuthor;
  const own = user !== null && user.id === comment.userId;
  const canDelete = own || (engagement.deleteBy === 'writer-or-official' && user?.id === OFFICIAL_USER_ID);
  const entity = engagement.comments.entity;
  const canReport = user !== null && !own && comment.id !== null && isReportable(entity);

  async function save() {
    if (!user) return;
    setBusy(true);
    try {
      const checked = await checkComment(engagement, draft);
      if (!checked.ok) {
        setError(checked.message);
        return;
      }
      await writes.editComment(user, comment, checked.content);
      toast({ title: texts.commentUpdated });
      setEditing(false);
    } catch (err) {
      failed(texts.updateFailed, err);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!user) return;
    setBusy(true);
    try {
      await writes.deleteComment(user, comment);
      toast({ title: texts.commentDeleted });
    } catch (err) {
      failed(texts.deleteFailed, err);
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
        <RelativeTime iso={comment.created_at} className="text-stone-500 dark:text-stone-400" />
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
      {own && isHideable(entity) && hiddenReasonOf(comment) !== null ? (
        <div className="pl-10">
          <HiddenNotice record={comment} isOwner={own} entity={entity} id={comment.id} compact />
        </div>
      ) : null}
      {!editing && (canDelete || canReport) ? (
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
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="px-2 text-red-700 dark:text-red-400"
              onClick={() => void remove()}
              disabled={busy}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          ) : null}
          {canReport ? (
            <ReportButton
              entity={entity}
              id={comment.id}
              authorId={comment.userId}
              viewerId={user.id}
              className="px-2"
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
