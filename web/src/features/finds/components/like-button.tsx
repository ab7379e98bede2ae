/**
 * Like / unlike (spec 1 §4: disabled while a request is pending). Offline the like is queued and shows
 * at once; the button stays disabled while the local write runs and while the like is on its way to the
 * server, so two taps cannot race each other. Toggling twice before it was sent cancels out (C2).
 */
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { findMessages } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { toast } from '@web/components/ui/toast';
import type { LocalFind } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { StorageFullError, useInflight } from '@web/sync';
import { setLiked } from '../hooks/find-writes';
import { useOwnLike } from '../hooks/use-finds';

export interface LikeButtonProps {
  find: LocalFind;
  /** The signed-in member, from the page (one session query per page, not one per card). */
  user: SelfUser | null;
  /** The member's own like (lists read all of them in one query and pass it down). */
  liked: boolean;
  /** The like is on its way to the server. */
  inflight: boolean;
  size?: 'sm' | 'md';
}

/** For a single find (the detail page): reads its own like state. */
export function FindLikeButton({
  find,
  user,
  size,
}: {
  find: LocalFind;
  user: SelfUser | null;
  size?: 'sm' | 'md';
}) {
  return (
    <LikeButton
      find={find}
      user={user}
      liked={useOwnLike(find.uid)}
      inflight={useInflight('find_likes', find.uid)}
      size={size}
    />
  );
}

export function LikeButton({ find, user, liked, inflight, size = 'sm' }: LikeButtonProps) {
  const [busy, setBusy] = useState(false);
  const openAuthDialog = useUiStore((s) => s.openAuthDialog);

  async function toggle() {
    if (!user) {
      toast({ title: findMessages.authRequiredTitle, description: findMessages.loginToLike });
      openAuthDialog('signIn');
      return;
    }
    setBusy(true);
    try {
      await setLiked(user, find, !liked);
      toast({ title: liked ? 'Like Removed' : 'Find Liked!' });
    } catch (err) {
      toast({
        title: 'Error',
        description:
          err instanceof StorageFullError ? err.message : 'Failed to update like status. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="ghost"
      size={size}
      className="gap-1.5 px-2"
      aria-pressed={liked}
      aria-label={`${liked ? 'Unlike' : 'Like'} ${find.title} (${find.likes} ${find.likes === 1 ? 'like' : 'likes'})`}
      disabled={busy || inflight}
      onClick={() => void toggle()}
    >
      <Heart className={cn(liked && 'fill-red-600 text-red-600')} aria-hidden="true" />
      <span aria-hidden="true">{find.likes}</span>
    </Button>
  );
}
