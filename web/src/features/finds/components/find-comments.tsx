/**
 * Comments of a find (spec 1 §2 Find detail, §5 "Find comment": 3–1000 characters, members only).
 * Posting is local and queued, so it works offline and shows at once, marked waiting to sync.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { findCommentSchema, findMessages } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { StorageFullError, usePendingRecords } from '@web/sync';
import { addComment } from '../hooks/find-writes';
import { useFindComments } from '../hooks/use-finds';
import { CommentItem } from './comment-item';

type CommentValues = z.input<typeof findCommentSchema>;

export function FindComments({ find, user }: { find: LocalFind; user: SelfUser | null }) {
  const comments = useFindComments(find.uid);
  const pending = usePendingRecords('find_comments');
  const count = comments?.length ?? find.commentCount;
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2 id="comments-title" className="text-2xl font-bold">
        Comments ({count})
      </h2>
      {user ? <CommentForm find={find} user={user} /> : <SignInPrompt />}
      {comments && comments.length > 0 ? (
        <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
          {comments.map((comment) => (
            <CommentItem key={comment.uid} comment={comment} user={user} pending={pending.get(comment.uid)} />
          ))}
        </ul>
      ) : comments ? (
        <p className="mt-4 text-stone-600 dark:text-stone-400">
          No comments yet. Be the first to say something.
        </p>
      ) : null}
    </section>
  );
}

function SignInPrompt() {
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-stone-100 p-4 dark:bg-stone-800">
      <p>{findMessages.loginToComment}</p>
      <Button size="sm" onClick={() => openAuthDialog('signIn')}>
        Login
      </Button>
    </div>
  );
}

function CommentForm({ find, user }: { find: LocalFind; user: SelfUser }) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<
    CommentValues,
    unknown,
    z.output<typeof findCommentSchema>
  >({
    resolver: zodResolver(findCommentSchema),
    defaultValues: { content: '' },
  });
  const error = formState.errors.content?.message;
  const submit = handleSubmit(async ({ content }) => {
    try {
      await addComment(user, find, content);
      toast({ title: 'Comment Posted' });
      reset();
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof StorageFullError ? err.message : 'Failed to add comment',
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
          placeholder="What do you make of it?"
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
