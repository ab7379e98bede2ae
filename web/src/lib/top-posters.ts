/**
 * Who carries 'Top Poster' (docs/product/achievements.md "Badges"), read once per visit from
 * `GET /api/badges` by the first screen that shows a member's badges. Offline, or until it answers, no one
 * does: a badge missing for a moment is better than a wrong one.
 */
import { useSyncExternalStore } from 'react';
import type { BadgeHolders } from '@schema/contracts/achievements-constants';
import { api } from './api';

const NONE: readonly number[] = [];
let holders: readonly number[] = NONE;
let asked = false;
const listeners = new Set<() => void>();

function load(): void {
  if (asked) return;
  asked = true;
  api<BadgeHolders>('/api/badges').then(
    (answer) => {
      holders = answer.topPosters;
      for (const listener of listeners) listener();
    },
    // Asked again at the next subscription (the next screen with badges).
    () => {
      asked = false;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

export function useTopPosters(): readonly number[] {
  return useSyncExternalStore(
    subscribe,
    () => holders,
    () => NONE,
  );
}
