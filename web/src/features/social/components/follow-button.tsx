/** Follow / Unfollow for one member: the answer the server gave decides the label. */
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { setFollowing } from '../hooks/follow';

export interface FollowButtonProps {
  userId: number;
  username: string;
  following: boolean;
  onChange?(following: boolean): void;
}

export function FollowButton({ userId, username, following, onChange }: FollowButtonProps) {
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState(following);
  const label = state ? 'Unfollow' : 'Follow';
  return (
    <Button
      size="sm"
      variant={state ? 'outline' : 'default'}
      disabled={busy}
      aria-label={`${label} ${username}`}
      onClick={async () => {
        setBusy(true);
        const ok = await setFollowing(userId, !state);
        setBusy(false);
        if (!ok) return;
        setState(!state);
        onChange?.(!state);
      }}
    >
      {label}
    </Button>
  );
}
