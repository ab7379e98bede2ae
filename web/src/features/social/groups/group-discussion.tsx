/**
 * A group's discussion (docs/product/social.md "Groups"): the comments, oldest first, and for the group's
 * members a form to add one. The comments live on the device (`group_comments`, pulled with the group's
 * pin; db/entities/groups.ts) and a new one is a queued write: it shows at once with 'Waiting to sync',
 * offline too, and the server decides when it arrives — a member who left meanwhile, or a group deleted,
 * lands it in Not synced with the server's message ('Join the group to take part in the discussion.').
 */
import { useState, type FormEvent } from 'react';
import { uuidv7 } from 'uuidv7';
import { GROUP_COMMENT_MAX, groupMessages } from '@schema/contracts/groups-constants';
import { ReportButton } from '@web/components/moderation/report-button';
import { Button } from '@web/components/ui/button';
import { RelativeTime } from '@web/components/ui/relative-time';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { SyncMarker } from '@web/components/ui/sync-marker';
import { toast } from '@web/components/ui/toast-store';
import { useCurrentUser } from '@web/db/current-user';
import { db, type LocalGroupComment } from '@web/db/database';
import { groupCommentsEntity } from '@web/db/entities';
import { syncNow, useLive, usePendingRecords, writeLocal } from '@web/sync';
import { MemberName } from '../components/member-name';

/** Queues a comment (the engagement module's sync create: `groupUid` and `content`). */
async function writeComment(groupUid: string, content: string): Promise<void> {
  const user = (await db.session.get('current'))?.user;
  if (!user) throw new Error(groupMessages.loginToComment);
  const uid = uuidv7();
  const record: LocalGroupComment = {
    id: null,
    uid,
    groupId: null,
    groupUid,
    userId: user.id,
    username: user.username,
    content: content.trim(),
    created_at: new Date().toISOString(),
  };
  const payload = { groupUid, content: record.content };
  await writeLocal(db, { entity: 'group_comments', op: 'create', uid, userId: user.id, payload, record });
  syncNow();
}

function CommentForm({ groupUid, onPosted }: { groupUid: string; onPosted(): void }) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (content.trim() === '' || busy) return;
    setBusy(true);
    try {
      await writeComment(groupUid, content);
      setContent('');
      onPosted();
    } catch (err) {
      toast({ title: (err as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => void submit(e)}>
      <Textarea
        aria-label="Add to the discussion"
        placeholder="Say something to the group…"
        value={content}
        maxLength={GROUP_COMMENT_MAX}
        onChange={(e) => setContent(e.target.value)}
      />
      <Button type="submit" className="self-end" disabled={busy || content.trim() === ''}>
        {busy ? 'Posting…' : 'Post'}
      </Button>
    </form>
  );
}

export function GroupDiscussion({ groupUid, canWrite }: { groupUid: string; canWrite: boolean }) {
  const comments = useLive(() => groupCommentsEntity.ofParent(db, groupUid), [groupUid]);
  const pending = usePendingRecords('group_comments');
  const { user } = useCurrentUser();
  let list;
  if (comments.state === 'loading') list = <Spinner />;
  else if (comments.state !== 'ready')
    list = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {groupMessages.loadFailed}
      </p>
    );
  else if (comments.value.length === 0)
    list = <p className="text-stone-600 dark:text-stone-400">{groupMessages.discussionEmpty}</p>;
  else
    list = (
      <ul className="flex flex-col gap-3">
        {comments.value.map((c) => (
          <li key={c.uid} className="rounded-lg bg-stone-100 p-3 dark:bg-stone-800">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <MemberName id={c.userId} username={c.username} />
              <RelativeTime iso={c.created_at} className="text-stone-600 dark:text-stone-300" />
              <SyncMarker state={pending.get(c.uid)} />
            </div>
            <p className="mt-1 whitespace-pre-wrap">{c.content}</p>
            <ReportButton
              entity="group_comments"
              id={c.id}
              authorId={c.userId}
              viewerId={user?.id ?? null}
              className="-ml-2 mt-1"
            />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="group-discussion" className="flex flex-col gap-3">
      <h2 id="group-discussion" className="text-xl font-bold">
        Discussion
      </h2>
      {canWrite ? <CommentForm groupUid={groupUid} onPosted={() => undefined} /> : null}
      {list}
    </section>
  );
}
