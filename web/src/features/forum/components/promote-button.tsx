/**
 * Promote / Promoted (spec 1 §4). Offline the promotion is queued and shows at once; the button is
 * disabled while the local write runs and while it is on its way to the server, so two taps cannot race.
 */
import { ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import { forumMessages } from '@schema/contracts/forum';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import type { LocalPost } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { StorageFullError } from '@web/sync';
import { setPromoted } from '../hooks/forum-writes';

export interface PromoteButtonProps {
  post: LocalPost;
  user: SelfUser | null;
  promoted: boolean;
  inflight: boolean;
}

export function PromoteButton({ post, user, promoted, inflight }: PromoteButtonProps) {
  const [busy, setBusy] = useState(false);
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);

  async function toggle() {
    if (!user) {
      toast({ title: forumMessages.authenticationRequiredTitle, description: forumMessages.loginRequired });
      openAuthDialog('signIn');
      return;
    }
    setBusy(true);
    try {
      await setPromoted(user, post, !promoted);
      toast({ title: promoted ? forumMessages.promotionRemoved : forumMessages.postPromoted });
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof StorageFullError ? err.message : forumMessages.promotionFailed,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant={promoted ? 'default' : 'outline'}
      size="sm"
      className={cn('gap-1.5')}
      aria-pressed={promoted}
      aria-label={`${promoted ? 'Promoted' : 'Promote'}: ${post.title} (${post.likes} ${post.likes === 1 ? 'promotion' : 'promotions'})`}
      disabled={busy || inflight}
      onClick={() => void toggle()}
    >
      <ThumbsUp aria-hidden="true" />
      <span aria-hidden="true">{promoted ? 'Promoted' : 'Promote'}</span>
      <span aria-hidden="true" className="tabular-nums">
        {post.likes}
      </span>
    </Button>
  );
}
