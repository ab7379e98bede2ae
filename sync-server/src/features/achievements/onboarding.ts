/**
 * The onboarding tour's state, one `user_onboarding` row per member (docs/product/achievements.md "Tour
 * state"), synced as the `onboarding` record (onboarding-sync.ts) and read and written over REST.
 *
 * Every write merges (schema/contracts/onboarding.ts): finished steps are a union, and skipping or finishing
 * on one device hides the tour on the others. Restart is the one way back: it deletes the row, so every
 * device pulls a tombstone and starts again at the first step; the achievements already earned stay.
 *
 * Every write is logged as one change-log record per member (entity id = the member's id, uid derived
 * from it), so the member's other devices pull it in `own`, and the achievements listener unlocks the
 * tour's two achievements in the write's transaction, whether it came over REST or a sync push.
 */
import { eq, inArray } from 'drizzle-orm';
import { userOnboarding } from '@schema/db/tables';
import {
  tourStepIds,
  type OnboardingState,
  type OnboardingUpdate,
  type TourStep,
} from '@schema/contracts/achievements';
import {
  initialOnboardingFields,
  mergeOnboarding,
  onboardingUid,
  showsTour,
  stepAfter,
  type OnboardingChange,
  type OnboardingFields,
} from '@schema/contracts/onboarding';
import type { Store } from '../../lib/db';
import { first } from '../../lib/query';
import { recordChange } from '../../sync/changelog';
import { loadRowsById, type EntityRef, type LoadedRows, type Viewer } from '../../sync/registry';

type Row = typeof userOnboarding.$inferSelect;

const isStep = (value: unknown): value is TourStep => tourStepIds.some((s) => s === value);

function fieldsOf(row: Row | undefined): OnboardingFields {
  if (!row) return initialOnboardingFields;
  const steps = (row.completedSteps ?? []).filter(isStep);
  return {
    currentStep: isStep(row.currentStep) ? row.currentStep : 'welcome',
    completedSteps: tourStepIds.filter((s) => steps.includes(s)),
    isCompleted: row.isCompleted,
    skippedTour: row.skippedTour,
    lastActiveStep: isStep(row.lastActiveStep) ? row.lastActiveStep : null,
    completedAt: row.completedAt ?? null,
  };
}

const stateOf = (fields: OnboardingFields, userId: number): OnboardingState => ({
  ...fields,
  showTour: showsTour(userId, fields),
});

const rowOf = (store: Store, userId: number) =>
  first(store.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)));

export async function getOnboarding(store: Store, userId: number): Promise<OnboardingState> {
  return stateOf(fieldsOf(await rowOf(store, userId)), userId);
}

const logged = (tx: Store, userId: number, op: 'upsert' | 'delete') =>
  recordChange(tx, 'onboarding', userId, onboardingUid(userId), op, { ownerId: userId });

/**
 * Merges a device's change into the member's row (creating it), logs it, and answers the new state and
 * whether the row is new. Also the sync create and update (onboarding-sync.ts).
 */
export async function mergeIntoOnboarding(
  store: Store,
  userId: number,
  change: OnboardingChange,
): Promise<{ state: OnboardingState; created: boolean }> {
  return store.transaction(async (tx) => {
    const row = await rowOf(tx, userId);
    const next = mergeOnboarding(fieldsOf(row), change);
    const values = { ...next, completedSteps: [...next.completedSteps] };
    if (row) await tx.update(userOnboarding).set(values).where(eq(userOnboarding.userId, userId));
    else await tx.insert(userOnboarding).values({ userId, ...values });
    await logged(tx, userId, 'upsert');
    return { state: stateOf(next, userId), created: !row };
  });
}

/** Restart: the row goes (a tombstone for the member's devices); earned achievements stay. */
export async function resetOnboarding(store: Store, userId: number): Promise<OnboardingState> {
  await store.transaction(async (tx) => {
    const gone = await tx.delete(userOnboarding).where(eq(userOnboarding.userId, userId)).returning();
    if (gone.length > 0) await logged(tx, userId, 'delete');
  });
  return stateOf(initialOnboardingFields, userId);
}

/** PUT /api/onboarding: one tour action, as the change a device would send for it. */
export async function updateOnboarding(
  store: Store,
  userId: number,
  update: OnboardingUpdate,
): Promise<OnboardingState> {
  switch (update.action) {
    case 'finish-step':
      return (
        await mergeIntoOnboarding(store, userId, {
          completedSteps: [update.step],
          currentStep: stepAfter(update.step),
        })
      ).state;
    case 'go-to':
      return (await mergeIntoOnboarding(store, userId, { currentStep: update.step })).state;
    case 'skip':
      return (await mergeIntoOnboarding(store, userId, { skippedTour: true })).state;
    case 'restart':
      return resetOnboarding(store, userId);
  }
}

/** The pulled record: its member's own (member-only; nobody else is ever handed one). */
export async function loadOnboardingForPull(
  store: Store,
  viewer: Viewer,
  refs: EntityRef[],
): Promise<LoadedRows> {
  const mine = viewer ? refs.filter((r) => r.entityId === viewer.id) : [];
  return loadRowsById(mine, async (ids) => {
    const rows = await store.select().from(userOnboarding).where(inArray(userOnboarding.userId, ids));
    return rows.map((row) => ({
      id: row.userId,
      uid: onboardingUid(row.userId),
      data: { id: row.userId, uid: onboardingUid(row.userId), userId: row.userId, ...fieldsOf(row) },
      userIds: [],
    }));
  });
}
