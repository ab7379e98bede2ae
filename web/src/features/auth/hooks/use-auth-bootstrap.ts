/**
 * Start-up session check (docs/product/accounts.md#states): the server decides who is signed in; the stored
 * member is only a cache for offline use. Re-checked whenever the browser comes back online.
 */
import { useEffect } from 'react';
import { setCurrentUser } from '@web/db/current-user';
import { currentAuthEpoch, fetchSessionUser } from './auth-requests';

export async function checkSession(): Promise<void> {
  const epoch = currentAuthEpoch();
  try {
    const user = await fetchSessionUser();
    // A sign-in or sign-out finished while we waited: its answer is newer than ours.
    if (epoch === currentAuthEpoch()) await setCurrentUser(user);
  } catch {
    // Offline or the server is unreachable: keep the stored member so the header still shows them.
  }
}

export function useAuthBootstrap(): void {
  useEffect(() => {
    void checkSession();
    const onOnline = () => void checkSession();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}
