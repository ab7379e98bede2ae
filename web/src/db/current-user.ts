/** The signed-in member, read live from Dexie (works offline). `undefined` while IndexedDB answers. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { SelfUser } from '@schema/contracts/users';
import { db } from './database';

export interface CurrentUserState {
  user: SelfUser | null;
  loading: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const row = useLiveQuery(() => db.session.get('current'), [], null);
  if (row === null) return { user: null, loading: true };
  return { user: row?.user ?? null, loading: false };
}

export async function setCurrentUser(user: SelfUser | null): Promise<void> {
  await db.session.put({ key: 'current', user, checkedAt: new Date().toISOString() });
}

export async function getCurrentUser(): Promise<SelfUser | null> {
  return (await db.session.get('current'))?.user ?? null;
}
