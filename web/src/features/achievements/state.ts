/**
 * The member's achievements and tour on this device (docs/product/achievements.md "Offline"). The server
 * decides every unlock; the device keeps its last answer in Dexie (`achievement_state`) so the pages work
 * offline, and announces each newly unlocked achievement once.
 *
 * Offline: tour actions apply to the kept state at once and wait in `pending`; `refresh` (after each sync
 * cycle, on start and when back online) sends them in order, then reads the server's state. The server
 * merges (finished steps are a union), so the answer after sending is the truth on every device.
 */
import {
  ACHIEVEMENT_UNLOCKED,
  TOUR_STEPS,
  tourStepIds,
  type Achievement,
  type OnboardingState,
} from '@schema/contracts/achievements-constants';
import type { OnboardingUpdate } from '@schema/contracts/achievements';
import { toast } from '@web/components/ui/toast';
import { db, type AchievementStateRow, type DigQuestDb } from '@web/db/database';
import { api, ApiError } from '@web/lib/api';

/** A device reading its first list announces only what was unlocked this recently (the activity was here). */
export const FRESH_UNLOCK_MS = 10 * 60_000;

const empty = (userId: number): AchievementStateRow => ({
  userId,
  achievements: null,
  announced: [],
  onboarding: null,
  pending: [],
  fetchedAt: null,
});

/** What an action does to the kept state: the server's rule, so the screen does not wait for it. */
export function applyLocally(state: OnboardingState, update: OnboardingUpdate): OnboardingState {
  const next = { ...state };
  if (update.action === 'finish-step') {
    const done = new Set([...state.completedSteps, update.step]);
    next.completedSteps = tourStepIds.filter((s) => done.has(s));
    next.currentStep =
      tourStepIds[Math.min(tourStepIds.indexOf(update.step) + 1, tourStepIds.length - 1)] ?? 'complete';
    next.lastActiveStep = update.step;
    if (update.step === 'complete') {
      next.isCompleted = true;
      next.completedAt = next.completedAt ?? new Date().toISOString();
    }
  } else if (update.action === 'go-to') {
    next.currentStep = update.step;
    next.lastActiveStep = update.step;
  } else if (update.action === 'skip') next.skippedTour = true;
  else
    Object.assign(next, {
      currentStep: 'welcome',
      completedSteps: [],
      isCompleted: false,
      skippedTour: false,
      lastActiveStep: null,
      completedAt: null,
    });
  next.showTour = state.showTour || update.action === 'restart';
  if (next.isCompleted || next.skippedTour) next.showTour = false;
  return next;
}

export const initialOnboarding: OnboardingState = {
  currentStep: 'welcome',
  completedSteps: [],
  isCompleted: false,
  skippedTour: false,
  lastActiveStep: null,
  completedAt: null,
  showTour: true,
};

/** The device's side: its Dexie database, how it reaches the server, how it announces (a toast). */
export interface AchievementDevice {
  db: DigQuestDb;
  request: <T>(path: string, init?: { method?: string; json?: unknown }) => Promise<T>;
  announce: (description: string) => void;
}

export interface AchievementStore {
  readState(userId: number): Promise<AchievementStateRow>;
  tourAction(userId: number, update: OnboardingUpdate): Promise<void>;
  refresh(userId: number): Promise<void>;
}

export function createAchievementStore(device: AchievementDevice): AchievementStore {
  const { db: local, request, announce } = device;
  const readState = async (userId: number) => (await local.achievement_state.get(userId)) ?? empty(userId);
  const save = async (row: AchievementStateRow) => {
    await local.achievement_state.put(row);
  };
  let running: Promise<void> | null = null;

  /**
   * A tour action: kept at once, sent when possible. A step finished with Next announces its reward here
   * (the tour's own achievements are never announced again by refresh).
   */
  async function tourAction(userId: number, update: OnboardingUpdate): Promise<void> {
    const row = await readState(userId);
    const onboarding = applyLocally(row.onboarding ?? initialOnboarding, update);
    await save({ ...row, onboarding, pending: [...row.pending, update] });
    if (update.action === 'finish-step') {
      const step = TOUR_STEPS.find((s) => s.id === update.step);
      if (step) announce(`${step.reward} · +${step.points} points`);
    }
    await refresh(userId);
  }

  /** Sends waiting tour actions, then reads the tour and the achievements. One at a time. */
  function refresh(userId: number): Promise<void> {
    const after = running ?? Promise.resolve();
    const next = after.then(() => refreshNow(userId)).catch(() => undefined);
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  async function refreshNow(userId: number): Promise<void> {
    let row = await readState(userId);
    for (const update of row.pending) {
      // A refusal (an unknown step from an old build) is dropped; no answer, a 401 or a 5xx stops and waits.
      try {
        await request<OnboardingState>('/api/onboarding', { method: 'PUT', json: update });
      } catch (err) {
        if (err instanceof ApiError && (err.isNetwork || err.status === 401 || err.status >= 500)) return;
      }
      row = await readState(userId);
      await save({ ...row, pending: row.pending.slice(1) });
    }
    const [onboarding, achievements] = await Promise.all([
      request<OnboardingState>('/api/onboarding'),
      request<Achievement[]>(`/api/users/${userId}/achievements`),
    ]);
    row = await readState(userId);
    for (const a of announceable(row, achievements)) announce(`${a.name} · +${a.points} points`);
    const announced = achievements.filter((a) => a.isUnlocked).map((a) => a.id);
    await save({
      ...row,
      achievements,
      announced: [...new Set([...row.announced, ...announced])],
      // Actions made while this read was out stay applied on top of the server's answer.
      onboarding: row.pending.reduce(applyLocally, onboarding),
      fetchedAt: new Date().toISOString(),
    });
  }

  return { readState, tourAction, refresh };
}

/** This browser's store. */
export const achievements = createAchievementStore({
  db,
  request: (path, init) => api(path, init),
  announce: (description) => toast({ title: ACHIEVEMENT_UNLOCKED, description }),
});
export const { readState, tourAction, refresh } = achievements;

/** The tour's own achievements: the tour dialog announces each step it finishes, so these never toast twice. */
const TOUR_ACHIEVEMENTS = new Set(['welcome-aboard', 'digquest-explorer']);

/** Unlocked and not yet announced here; on a device's first read, only the fresh ones. */
function announceable(row: AchievementStateRow, list: Achievement[]): Achievement[] {
  return list.filter((a) => {
    if (!a.isUnlocked || row.announced.includes(a.id) || TOUR_ACHIEVEMENTS.has(a.id)) return false;
    if (row.achievements !== null) return true;
    return a.unlockedAt !== null && Date.now() - Date.parse(a.unlockedAt) < FRESH_UNLOCK_MS;
  });
}
