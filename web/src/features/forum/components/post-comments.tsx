/**
 * Comments of a post (spec 1 §2 Post detail, §5 "Forum comment": trimmed content non-empty, members
 * only). Posting is local and queued, so it works offline and shows at once, marked waiting to sync.
 * Signed-out visitors see a prompt that opens the sign-in dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forumMessages, postCommentSchema, type PostCommentInput } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalPost } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { StorageFullError, usePendingRecords } from '@web/sync';
import { addComment } from '../hooks/forum-writes';
import { usePostComments } from '../hooks/use-forum';
import { CommentItem } from './comment-item';

export const LOGIN_TO_COMMENT = 'Please log in to join the discussion.';

export function PostComments({ post, user }: { post: LocalPost; user: SelfUser | null }) {
  const comments = usePostComments(post.uid);
  const pending = usePendingRecords('comments');
  const count = comments.state === 'ready' ? comments.value.length : post.comments;
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2 id="comments-title" className="text-2xl font-bold">
        Comments ({count})
      </h2>
      {user ? <CommentForm post={post} user={user} /> : <SignInPrompt />}
      {comments.state === 'error' ? (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {forumMessages.commentsLoadFailed}
        </p>
      ) : comments.state === 'loading' ? (
        <div className="mt-4 flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : comments.value.length > 0 ? (
        <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700" aria-label="Comments">
          {comments.value.map((comment) => (
            <CommentItem key={comment.uid} comment={comment} user={user} pending={pending.get(comment.uid)} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-stone-600 dark:text-stone-400">No comments yet. Be the first to reply.</p>
      )}
    </section>
  );
}

function SignInPrompt() {
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-stone-100 p-4 dark:bg-stone-800">
      <p>{LOGIN_TO_COMMENT}</p>
      <Button size="sm" onClick={() => openAuthDialog('signIn')}>
        Login
      </Button>
    </div>
  );
}

export function CommentForm({ post, user }: { post: LocalPost; user: SelfUser }) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<
    z.input<typeof postCommentSchema>,
    unknown,
    PostCommentInput
  >({
    resolver: zodResolver(postCommentSchema),
    defaultValues: { content: '' },
  });
  const error = formState.errors.content?.message;
  const submit = handleSubmit(async ({ content }) => {
    try {
      await addComment(user, post, content);
      toast({ title: forumMessages.commentPosted });
      reset();
    } catch (err) {
      toast({
        title: forumMessages.commentFailedTitle,
        description: err instanceof StorageFullError ? err.message : forumMessages.commentFailed,
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-col gap-2">
      <FormField label="Add a comment" htmlFor={`${id}-content`} error={error}>
        <Textarea
          id={`${id}-content`}
          rows={3}
          placeholder="Share your thoughts"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-content-error` : undefined}
          {...register('content')}
        />
      </FormField>
      <Button type="submit" className="self-end" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Posting…' : 'Post Comment'}
      </Button>
    </form>
  );
}
