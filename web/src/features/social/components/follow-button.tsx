/**
 * Follow / Unfollow for one member. The write is local first (hooks/follow.ts), so it holds offline; the
 * views the server counts are told to read again once it has been sent.
 */
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { useCurrentUser } from '@web/db/current-user';
import { setFollowing, whenSent } from '../hooks/follow';

export interface FollowButtonProps {
  userId: number;
  username: string;
  following: boolean;
  onChange?(following: boolean): void;
}

export function FollowButton({ userId, username, following, onChange }: FollowButtonProps) {
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState(following);
  const label = state ? 'Unfollow' : 'Follow';
  if (!user || user.id === userId) return null;
  return (
    <Button
      size="sm"
      variant={state ? 'outline' : 'default'}
      disabled={busy}
      aria-label={`${label} ${username}`}
      onClick={async () => {
        setBusy(true);
        const { ok, uid } = await setFollowing(user, userId, !state);
        setBusy(false);
        if (!ok) return;
        setState(!state);
        await whenSent(uid);
        onChange?.(!state);
      }}
    >
      {label}
    </Button>
  );
}
