/** The signed-in member, read live from Dexie (works offline). `undefined` while IndexedDB answers. */
import type { SelfUser } from '@schema/contracts/users';
import { db } from './database';
import { useSharedLive } from './shared-live';

export interface CurrentUserState {
  user: SelfUser | null;
  loading: boolean;
}

const readCurrent = () => db.session.get('current');

/** Asked by some fifty components at once: one shared live read of the session row (shared-live.ts). */
export function useCurrentUser(): CurrentUserState {
  const live = useSharedLive('session:current', readCurrent);
  if (live.state === 'loading') return { user: null, loading: true };
  // A session that cannot be read is a signed-out visitor, as the server would see it without a cookie.
  return { user: live.state === 'ready' ? (live.value?.user ?? null) : null, loading: false };
}

export async function setCurrentUser(user: SelfUser | null): Promise<void> {
  await db.session.put({ key: 'current', user, checkedAt: new Date().toISOString() });
}

export async function getCurrentUser(): Promise<SelfUser | null> {
  return (await db.session.get('current'))?.user ?? null;
}
