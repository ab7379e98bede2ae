/**
 * The comment form: the contract's rules (errors under the field; loaded on the first submit), then a local,
 * queued write.
 */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { StorageFullError } from '@web/sync';
import { commentResolver } from './comment-rules';
import type {
  CommentInput,
  CommentRecord,
  EngagementDescriptor,
  LikeRecord,
  ParentRecord,
} from './descriptor';
import type { EngagementWrites } from './writes';

export interface CommentFormProps<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord> {
  engagement: EngagementDescriptor<P, C, L>;
  addComment: EngagementWrites<P, C>['addComment'];
  parent: P;
  user: SelfUser;
}

export function CommentForm<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>({
  engagement,
  addComment,
  parent,
  user,
}: CommentFormProps<P, C, L>) {
  const id = useId();
  const { texts } = engagement;
  const { register, handleSubmit, reset, formState } = useForm<CommentInput, unknown, CommentInput>({
    resolver: commentResolver(engagement),
    defaultValues: { content: '' },
  });
  const error = formState.errors.content?.message;
  const submit = handleSubmit(async ({ content }) => {
    try {
      await addComment(user, parent, content);
      toast({ title: texts.commentPosted });
      reset();
    } catch (err) {
      toast({
        title: texts.commentFailed.title,
        description: err instanceof StorageFullError ? err.message : texts.commentFailed.description,
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
          placeholder={texts.commentPlaceholder}
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
