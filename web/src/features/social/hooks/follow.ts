/**
 * Follow and Unfollow (docs/product/social.md "Follow"): `POST /api/social/follow`, then the toasts the
 * product names. The server decides who follows (the session); a follow is idempotent, so pressing twice
 * is harmless.
 */
import { socialMessages } from '@schema/contracts/social-constants';
import { toast } from '@web/components/ui/toast';

export async function setFollowing(targetUserId: number, follow: boolean): Promise<boolean> {
  try {
    const res = await fetch('/api/social/follow', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ targetUserId, action: follow ? 'follow' : 'unfollow' }),
    });
    if (!res.ok) throw new Error(String(res.status));
    toast({ title: socialMessages.updated });
    return true;
  } catch {
    toast({ title: socialMessages.updateFailed, variant: 'destructive' });
    return false;
  }
}
