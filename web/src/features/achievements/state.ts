/**
 * The member's achievements and tour on this device (docs/product/achievements.md "Offline"). The server
 * decides every unlock; the device keeps its last answer in Dexie (`achievement_state`) so the pages work
 * offline, and announces each newly unlocked achievement once.
 *
 * The tour's state is a synced record (db/entities/onboarding.ts): each action is a local write, shown at
 * once and pushed by the sync engine — offline it waits in the outbox like any other write. The device
 * sends the state it now shows; the server merges it with what the member's other devices sent (finished
 * steps are a union), and the next pull brings the merged state back. Restart is a delete of the record.
 */
import {
  ACHIEVEMENT_UNLOCKED,
  TOUR_STEPS,
  type Achievement,
  type OnboardingState,
} from '@schema/contracts/achievements-constants';
import type { OnboardingUpdate } from '@schema/contracts/achievements';
import {
  mergeOnboarding,
  onboardingUid,
  showsTour,
  stepAfter,
  type OnboardingChange,
} from '@schema/contracts/onboarding';
import { toast } from '@web/components/ui/toast';
import { db, type AchievementStateRow, type DigQuestDb } from '@web/db/database';
import { tourFieldsOf } from '@web/db/entities/onboarding';
import { api } from '@web/lib/api';
import { CLIENT_ENTITIES, writeLocal } from '@web/sync';

/** A device reading its first list announces only what was unlocked this recently (the activity was here). */
export const FRESH_UNLOCK_MS = 10 * 60_000;

const empty = (userId: number): AchievementStateRow => ({
  userId,
  achievements: null,
  announced: [],
  fetchedAt: null,
});

/** What a tour action changes: the dialog's Next, Previous, Skip. */
function changeFor(update: Exclude<OnboardingUpdate, { action: 'restart' }>): OnboardingChange {
  switch (update.action) {
    case 'finish-step':
      return { completedSteps: [update.step], currentStep: stepAfter(update.step) };
    case 'go-to':
      return { currentStep: update.step };
    case 'skip':
      return { skippedTour: true };
  }
}

/** The device's side: its Dexie database, how it reaches the server, how it announces (a toast). */
export interface AchievementDevice {
  db: DigQuestDb;
  request: <T>(path: string, init?: { method?: string; json?: unknown }) => Promise<T>;
  announce: (description: string) => void;
}

export interface AchievementStore {
  readState(userId: number): Promise<AchievementStateRow>;
  /** The tour as this device shows it: its synced record, or the first step when it holds none. */
  readTour(userId: number): Promise<OnboardingState>;
  tourAction(userId: number, update: OnboardingUpdate): Promise<void>;
  refresh(userId: number): Promise<void>;
}

export function createAchievementStore(device: AchievementDevice): AchievementStore {
  const { db: local, request, announce } = device;
  const readState = async (userId: number) => (await local.achievement_state.get(userId)) ?? empty(userId);
  let running: Promise<void> | null = null;

  async function readTour(userId: number): Promise<OnboardingState> {
    const record = await local.onboarding.get(onboardingUid(userId));
    const fields = tourFieldsOf(record);
    return {
      ...fields,
      showTour: (record !== undefined || (await pulledOwn(userId))) && showsTour(userId, fields),
    };
  }

  /**
   * Whether this device has pulled the member's own records with today's entity set: only then does holding
   * no tour record mean the member has not started it. Before that the banner waits, so a member who
   * finished the tour on another device is not offered it again while the first pull runs.
   */
  async function pulledOwn(userId: number): Promise<boolean> {
    const pull = await local.sync_state.get('pull');
    return (
      pull?.key === 'pull' &&
      pull.viewerId === userId &&
      pull.entities === CLIENT_ENTITIES &&
      pull.cursors.own !== undefined
    );
  }

  /**
   * A tour action, written on the device (and queued for the server) at once. A step finished with Next
   * announces its reward here (the tour's own achievements are never announced again by refresh).
   */
  async function tourAction(userId: number, update: OnboardingUpdate): Promise<void> {
    const uid = onboardingUid(userId);
    if (update.action === 'restart') {
      await writeLocal(local, { entity: 'onboarding', op: 'delete', uid, userId });
      return;
    }
    const next = mergeOnboarding(await readTour(userId), changeFor(update));
    // The whole state shown: consecutive unsent writes then simply replace each other (C2).
    const payload = {
      currentStep: next.currentStep,
      completedSteps: next.completedSteps,
      isCompleted: next.isCompleted,
      skippedTour: next.skippedTour,
    } satisfies OnboardingChange;
    await writeLocal(local, { entity: 'onboarding', op: 'update', uid, userId, payload });
    if (update.action === 'finish-step') {
      const step = TOUR_STEPS.find((s) => s.id === update.step);
      if (step) announce(`${step.reward} · +${step.points} points`);
    }
  }

  /** Reads the member's achievements and announces the new unlocks. One at a time. */
  function refresh(userId: number): Promise<void> {
    const after = running ?? Promise.resolve();
    const next = after.then(() => refreshNow(userId)).catch(() => undefined);
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  }

  async function refreshNow(userId: number): Promise<void> {
    const achievements = await request<Achievement[]>(`/api/users/${userId}/achievements`);
    const row = await readState(userId);
    for (const a of announceable(row, achievements)) announce(`${a.name} · +${a.points} points`);
    const announced = achievements.filter((a) => a.isUnlocked).map((a) => a.id);
    await local.achievement_state.put({
      ...row,
      achievements,
      announced: [...new Set([...row.announced, ...announced])],
      fetchedAt: new Date().toISOString(),
    });
  }

  return { readState, readTour, tourAction, refresh };
}

/** This browser's store. */
export const achievements = createAchievementStore({
  db,
  request: (path, init) => api(path, init),
  announce: (description) => toast({ title: ACHIEVEMENT_UNLOCKED, description }),
});
export const { readState, readTour, tourAction, refresh } = achievements;

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
