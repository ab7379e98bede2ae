/**
 * A record's comments: the count, the form (or, signed out, a prompt that opens the sign-in dialog) and
 * the list, oldest first. Posting is local and queued, so it works offline and shows at once, marked
 * waiting to sync (the list marks each comment still queued or refused). On a first visit the record
 * arrives before its comments: while the device holds none of the comments its count promises and the
 * engine has not read them yet (the record's pin is not hydrated, C15), the list is loading — or, offline,
 * says it needs a connection — never "No comments yet".
 */
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { lazyParts } from '@web/components/ui/lazy-parts';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useUiStore } from '@web/lib/ui-store';
import { useOnlineStatus, usePendingRecords, usePinHydrated, type Live } from '@web/sync';
import type { CommentFormProps } from './comment-form';
import { CommentItem, type CommentWrites } from './comment-item';
import {
  counterOf,
  type CommentRecord,
  type EngagementDescriptor,
  type LikeRecord,
  type ParentRecord,
} from './descriptor';

// The form (react-hook-form and its Zod resolver, about 14 KB gzip) loads only for a member, the only one to
// see it: a signed-out first visit to a find, post, event or story never downloads it. Until it arrives, a
// box of its size stands in, so the comments below do not move.
const formParts = lazyParts(() => import('./comment-form'));

export interface CommentsSectionProps<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord> {
  engagement: EngagementDescriptor<P, C, L>;
  writes: CommentWrites<P, C>;
  parent: P;
  /** The parent's comments, oldest first (a live query of the feature). */
  comments: Live<C[]>;
  user: SelfUser | null;
}

export function CommentsSection<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>({
  engagement,
  writes,
  parent,
  comments,
  user,
}: CommentsSectionProps<P, C, L>) {
  const pending = usePendingRecords(engagement.comments.entity);
  const { texts } = engagement;
  const online = useOnlineStatus();
  const expected = counterOf(parent, engagement.counters.comments);
  const read = usePinHydrated(engagement.comments.parent.entity, parent.uid);
  const awaited = comments.state === 'ready' && comments.value.length === 0 && expected > 0 && read !== true;
  // Until the list is read, the parent's own count (the server's, or the optimistic one).
  const count = comments.state === 'ready' && !awaited ? comments.value.length : expected;
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-24">
      <h2 id="comments-title" className="text-2xl font-bold">
        Comments ({count})
      </h2>
      {user ? (
        <LazyCommentForm engagement={engagement} addComment={writes.addComment} parent={parent} user={user} />
      ) : (
        <SignInPrompt text={texts.signInToComment} />
      )}
      {comments.state === 'error' ? (
        texts.commentsLoadFailed ? (
          <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
            {texts.commentsLoadFailed}
          </p>
        ) : null
      ) : awaited ? (
        online ? (
          <div className="mt-4 flex flex-col gap-3">
            <Spinner label="Loading comments…" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          <p className="mt-4 text-stone-600 dark:text-stone-400">
            The comments will show when you are back online.
          </p>
        )
      ) : comments.state === 'loading' ? (
        <div className="mt-4 flex flex-col gap-3" aria-hidden="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : comments.value.length > 0 ? (
        <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700" aria-label="Comments">
          {comments.value.map((comment) => (
            <CommentItem
              key={comment.uid}
              engagement={engagement}
              writes={writes}
              comment={comment}
              user={user}
              pending={pending.get(comment.uid)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-stone-600 dark:text-stone-400">{texts.noComments}</p>
      )}
    </section>
  );
}

function LazyCommentForm<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>(
  props: CommentFormProps<P, C, L>,
) {
  const parts = formParts.useParts(true);
  return parts ? <parts.CommentForm {...props} /> : <div className="mt-4 h-44" aria-hidden="true" />;
}

function SignInPrompt({ text }: { text: string }) {
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-stone-100 p-4 dark:bg-stone-800">
      <p>{text}</p>
      <Button size="sm" onClick={() => openAuthDialog('signIn')}>
        Sign in
      </Button>
    </div>
  );
}
