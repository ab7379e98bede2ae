/** The signed-in member's standing (GET /api/me/moderation), read once per session (my-moderation.ts). */
import { useEffect, useState } from 'react';
import type { MyModeration } from '@schema/contracts/moderation';
import { loadMyModeration } from '@web/components/moderation/my-moderation';
import { ApiError } from '@web/lib/api';

export type MyStanding =
  { state: 'loading' } | { state: 'error'; offline: boolean } | { state: 'ready'; value: MyModeration };

export function useMyModeration(userId: number | null): MyStanding {
  const [answer, setAnswer] = useState<{ userId: number; standing: MyStanding } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    loadMyModeration(userId).then(
      (value) => !cancelled && setAnswer({ userId, standing: { state: 'ready', value } }),
      (err: unknown) =>
        !cancelled &&
        setAnswer({
          userId,
          standing: { state: 'error', offline: err instanceof ApiError && err.isNetwork },
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return answer !== null && answer.userId === userId ? answer.standing : { state: 'loading' };
}
