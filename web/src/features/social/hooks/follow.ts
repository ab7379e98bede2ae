/**
 * Follow and Unfollow (docs/product/social.md "Offline"): local writes of the member's own
 * `user_connections` rows (web/src/sync writeLocal), so a follow made without signal holds at once and is
 * pushed when the device is back online; unfollowing a follow not yet sent simply drops it (C2). The sync
 * engine pushes right after the write; `whenSent` lets the server-counted views read again once it has.
 * An unfollow of a follow this device does not hold (made elsewhere, not yet pulled) goes to
 * `POST /api/social/follow`, which needs the network.
 */
import { uuidv7 } from 'uuidv7';
import { socialMessages } from '@schema/contracts/social-constants';
import type { SelfUser } from '@schema/contracts/users';
import { toast } from '@web/components/ui/toast';
import { db, type LocalConnection } from '@web/db/database';
import { writeLocal } from '@web/sync';

const heldFollow = (user: SelfUser, targetUserId: number) =>
  db.user_connections
    .where('userId')
    .equals(user.id)
    .filter((row) => row.followingId === targetUserId)
    .first();

async function unfollowOnline(targetUserId: number): Promise<void> {
  const res = await fetch('/api/social/follow', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ targetUserId, action: 'unfollow' }),
  });
  if (!res.ok) throw new Error(String(res.status));
}

/** Writes the follow or unfollow; answers the uid queued (null when nothing was queued). */
export async function writeFollow(
  user: SelfUser,
  targetUserId: number,
  follow: boolean,
): Promise<string | null> {
  const held = await heldFollow(user, targetUserId);
  if (follow) {
    if (held) return null;
    const uid = uuidv7();
    const record: LocalConnection = {
      id: null,
      uid,
      userId: user.id,
      followingId: targetUserId,
      created_at: new Date().toISOString(),
    };
    const payload = { followingId: targetUserId };
    await writeLocal(db, { entity: 'user_connections', op: 'create', uid, userId: user.id, payload, record });
    return uid;
  }
  if (!held) {
    await unfollowOnline(targetUserId);
    return null;
  }
  await writeLocal(db, { entity: 'user_connections', op: 'delete', uid: held.uid, userId: user.id });
  return held.uid;
}

/** Resolves once nothing is queued for `uid` any more (pushed, or dropped), or after `timeoutMs`. */
export async function whenSent(uid: string | null, timeoutMs = 5000): Promise<void> {
  if (uid === null) return;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const queued = await db.outbox.where('[entity+uid]').equals(['user_connections', uid]).count();
    if (queued === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The button's action: the write, then the product's toast. */
export async function setFollowing(
  user: SelfUser,
  targetUserId: number,
  follow: boolean,
): Promise<{ ok: boolean; uid: string | null }> {
  try {
    const uid = await writeFollow(user, targetUserId, follow);
    toast({ title: socialMessages.updated });
    return { ok: true, uid };
  } catch {
    toast({ title: socialMessages.updateFailed, variant: 'destructive' });
    return { ok: false, uid: null };
  }
}
