/**
 * A group's discussion (docs/product/social.md "Groups"): the comments, oldest first, and for the group's
 * members a form to add one. The comments are the server's engagement module's (`/api/groups/{id}/comments`,
 * read only by those who may see inside the group); like the rest of the group page they are read and
 * written online, and the page says so offline.
 */
import { useState, type FormEvent } from 'react';
import type { GroupComment } from '@schema/contracts/groups';
import { GROUP_COMMENT_MAX, groupMessages } from '@schema/contracts/groups-constants';
import { Button } from '@web/components/ui/button';
import { RelativeTime } from '@web/components/ui/relative-time';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast-store';
import { MemberName } from '../components/member-name';
import { useRemote } from '../hooks/use-remote';
import { postComment } from './api';

function CommentForm({ groupUid, onPosted }: { groupUid: string; onPosted(): void }) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (content.trim() === '' || busy) return;
    setBusy(true);
    try {
      await postComment(groupUid, content, 'Your comment could not be posted. Please try again.');
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
  const [version, setVersion] = useState(0);
  const comments = useRemote<GroupComment[]>(`/api/groups/${groupUid}/comments`, version);
  let list;
  if (comments.state === 'loading') list = <Spinner />;
  else if (comments.state !== 'ready')
    list = (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {comments.state === 'offline' ? groupMessages.offline : groupMessages.loadFailed}
      </p>
    );
  else if (comments.value.length === 0)
    list = <p className="text-stone-600 dark:text-stone-400">{groupMessages.discussionEmpty}</p>;
  else
    list = (
      <ul className="flex flex-col gap-3">
        {comments.value.map((c) => (
          <li key={c.id} className="rounded-lg bg-stone-100 p-3 dark:bg-stone-800">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <MemberName id={c.userId} username={c.username} />
              <RelativeTime iso={c.created_at} className="text-stone-500" />
            </div>
            <p className="mt-1 whitespace-pre-wrap">{c.content}</p>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="group-discussion" className="flex flex-col gap-3">
      <h2 id="group-discussion" className="text-xl font-bold">
        Discussion
      </h2>
      {canWrite ? <CommentForm groupUid={groupUid} onPosted={() => setVersion((v) => v + 1)} /> : null}
      {list}
    </section>
  );
}
