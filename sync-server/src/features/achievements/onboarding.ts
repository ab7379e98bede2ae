/**
 * The onboarding tour's state, one `user_onboarding` row per member (docs/product/achievements.md "Tour
 * state"). Members send what they did (onboardingUpdateSchema), never a whole state, so answers from two
 * devices merge: finished steps are a union, and skipping or finishing on one device hides the tour on the
 * other. Restart is the one way back, and it keeps the achievements already earned.
 */
import { eq } from 'drizzle-orm';
import { userOnboarding } from '@schema/db/tables';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import {
  tourStepIds,
  type OnboardingState,
  type OnboardingUpdate,
  type TourStep,
} from '@schema/contracts/achievements';
import type { Store } from '../../lib/db';
import { first } from '../../lib/query';
import { evaluate } from './service';

type Row = typeof userOnboarding.$inferSelect;

const isStep = (value: unknown): value is TourStep => tourStepIds.some((s) => s === value);

function stateOf(row: Row | undefined, userId: number): OnboardingState {
  const steps = (row?.completedSteps ?? []).filter(isStep);
  const current = isStep(row?.currentStep) ? row.currentStep : 'welcome';
  const isCompleted = row?.isCompleted ?? false;
  const skippedTour = row?.skippedTour ?? false;
  return {
    currentStep: current,
    completedSteps: tourStepIds.filter((s) => steps.includes(s)),
    isCompleted,
    skippedTour,
    lastActiveStep: isStep(row?.lastActiveStep) ? row.lastActiveStep : null,
    completedAt: row?.completedAt ?? null,
    // The official account never sees the tour (spec: the named account is always completed).
    showTour: userId !== OFFICIAL_USER_ID && !isCompleted && !skippedTour,
  };
}

export async function getOnboarding(store: Store, userId: number): Promise<OnboardingState> {
  const row = await first(store.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)));
  return stateOf(row, userId);
}

const nextOf = (step: TourStep): TourStep =>
  tourStepIds[Math.min(tourStepIds.indexOf(step) + 1, tourStepIds.length - 1)] ?? 'complete';

/**
 * Applies one tour action and unlocks the tour's achievements in the same transaction (the tour writes no
 * change-log row, so it calls the evaluation listener.ts runs for every other activity).
 */
export async function updateOnboarding(
  store: Store,
  userId: number,
  update: OnboardingUpdate,
): Promise<OnboardingState> {
  return store.transaction(async (tx) => {
    const row = await first(tx.select().from(userOnboarding).where(eq(userOnboarding.userId, userId)));
    const state = stateOf(row, userId);
    const next = { ...state };
    switch (update.action) {
      case 'finish-step': {
        const done = new Set([...state.completedSteps, update.step]);
        next.completedSteps = tourStepIds.filter((s) => done.has(s));
        next.currentStep = nextOf(update.step);
        next.lastActiveStep = update.step;
        if (update.step === 'complete' && !state.isCompleted) {
          next.isCompleted = true;
          next.completedAt = new Date().toISOString();
        }
        break;
      }
      case 'go-to':
        next.currentStep = update.step;
        next.lastActiveStep = update.step;
        break;
      case 'skip':
        next.skippedTour = true;
        break;
      case 'restart':
        Object.assign(next, {
          currentStep: 'welcome',
          completedSteps: [],
          isCompleted: false,
          skippedTour: false,
          lastActiveStep: null,
          completedAt: null,
        });
        break;
    }
    const values = {
      currentStep: next.currentStep,
      completedSteps: next.completedSteps,
      isCompleted: next.isCompleted,
      skippedTour: next.skippedTour,
      lastActiveStep: next.lastActiveStep,
      completedAt: next.completedAt,
    };
    if (row) await tx.update(userOnboarding).set(values).where(eq(userOnboarding.userId, userId));
    else await tx.insert(userOnboarding).values({ userId, ...values });
    await evaluate(tx, userId, ['welcome-aboard', 'digquest-explorer']);
    return stateOf({ ...(row ?? { id: 0, userId }), ...values }, userId);
  });
}
