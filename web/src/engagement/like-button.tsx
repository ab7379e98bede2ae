/**
 * Like / unlike (finds' heart, the forum's Promote). Disabled while a request is pending: offline the
 * like is queued and shows at once; the button stays disabled while the local write runs and while the
 * like is on its way to the server, so two taps cannot race each other. Toggling twice before it was
 * sent cancels out (C2). Signed out, it says why and opens the sign-in dialog.
 */
import { useState } from 'react';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import { useUiStore } from '@web/lib/ui-store';
import { StorageFullError } from '@web/sync';
import {
  counterOf,
  type CommentRecord,
  type EngagementDescriptor,
  type LikeRecord,
  type ParentRecord,
} from './descriptor';
import type { EngagementWrites } from './writes';

export interface LikeButtonProps<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord> {
  engagement: EngagementDescriptor<P, C, L>;
  setLiked: EngagementWrites<P, C>['setLiked'];
  parent: P;
  /** The signed-in member, from the page (one session query per page, not one per card). */
  user: SelfUser | null;
  /** The member's own like (lists read all of them in one query and pass it down). */
  liked: boolean;
  /** The like is on its way to the server. */
  inflight: boolean;
  size?: 'sm' | 'md';
}

export function LikeButton<P extends ParentRecord, C extends CommentRecord, L extends LikeRecord>({
  engagement,
  setLiked,
  parent,
  user,
  liked,
  inflight,
  size = 'sm',
}: LikeButtonProps<P, C, L>) {
  const [busy, setBusy] = useState(false);
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);
  const { texts, like } = engagement;
  const count = counterOf(parent, engagement.counters.likes);
  const Icon = like.icon;

  async function toggle() {
    if (!user) {
      toast(texts.likeNeedsSignIn);
      openAuthDialog('signIn');
      return;
    }
    setBusy(true);
    try {
      await setLiked(user, parent, !liked);
      toast({ title: liked ? texts.unliked : texts.liked });
    } catch (err) {
      toast({
        title: texts.likeFailed.title,
        description: err instanceof StorageFullError ? err.message : texts.likeFailed.description,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  const labelled = like.look === 'labelled';
  return (
    <Button
      variant={labelled ? (liked ? 'default' : 'outline') : 'ghost'}
      size={size}
      className={cn('gap-1.5', !labelled && 'px-2')}
      aria-pressed={liked}
      aria-label={texts.likeLabel(liked, parent.title, count)}
      disabled={busy || inflight}
      onClick={() => void toggle()}
    >
      <Icon className={cn(!labelled && liked && 'fill-red-600 text-red-600')} aria-hidden="true" />
      {/* A space between word and count: read as one run of text, "Promote3" would not be the label's "Promote, 3". */}
      {labelled && like.word ? <span aria-hidden="true">{like.word(liked)}</span> : null}{' '}
      <span aria-hidden="true" className={cn(labelled && 'tabular-nums')}>
        {count}
      </span>
    </Button>
  );
}
