/**
 * Reading the member's kept achievements and tour (state.ts) in components: live from Dexie, so a sync,
 * a tour step or another tab updates every screen at once.
 */
import { useEffect, useState } from 'react';
import type { Achievement, OnboardingState } from '@schema/contracts/achievements-constants';
import { api } from '@web/lib/api';
import { useLive, useOnlineStatus, useSyncStatus, type Live } from '@web/sync';
import type { AchievementStateRow } from '@web/db/database';
import { readState, readTour, refresh } from './state';

export function useAchievementState(userId: number | null): Live<AchievementStateRow | null> {
  return useLive(async () => (userId === null ? null : readState(userId)), [userId]);
}

/** The tour as this device holds it (its synced record), live: a pull from another device updates it. */
export function useTour(userId: number | null): Live<OnboardingState | null> {
  return useLive(async () => (userId === null ? null : readTour(userId)), [userId]);
}

/**
 * Reads the server again on start, when back online and after each sync cycle (a find pushed from the
 * outbox may have unlocked something): the 'Achievement Unlocked' toast shows on the device in use.
 */
export function useAchievementRefresh(userId: number | null): void {
  const online = useOnlineStatus();
  const phase = useSyncStatus((s) => s.phase);
  useEffect(() => {
    if (userId !== null && online && phase === 'idle') void refresh(userId);
  }, [userId, online, phase]);
}

/** The catalogue, for a visitor (members read their own list, kept on the device). */
export function useCatalogue(
  enabled: boolean,
): { state: 'loading' | 'error' | 'idle' } | { state: 'ready'; value: Achievement[] } {
  const [result, setResult] = useState<{ state: 'error' } | { state: 'ready'; value: Achievement[] } | null>(
    null,
  );
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    api<Achievement[]>('/api/achievements').then(
      (value) => !cancelled && setResult({ state: 'ready', value }),
      () => !cancelled && setResult({ state: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [enabled]);
  if (!enabled) return { state: 'idle' };
  return result ?? { state: 'loading' };
}
