/**
 * The onboarding tour's state as one synced record per member (docs/product/achievements.md "Tour state"):
 * its uid, the change a device sends, and the merge both sides apply. Plain values (no Zod), so the home
 * page's banner and the sync engine can read it without the validators.
 *
 * A device sends the whole state it now shows (`OnboardingChange`), and the merge keeps what any device
 * did: finished steps are a union, skipping and finishing are never undone by another device's older
 * answer, and the step shown is the latest writer's. Restarting is the one way back, and it is a delete of
 * the record: every device then starts again at the first step.
 */
import { tourStepIds, type OnboardingState, type TourStep } from './achievements-constants';
import { OFFICIAL_USER_ID } from './constants';

/**
 * A member's tour record has one uid, derived from their id, so every device names the same record before
 * it has ever pulled it (a synced record's uid is otherwise chosen by the device that creates it).
 * Version-4 UUID layout, member id in the last group.
 */
export function onboardingUid(userId: number): string {
  return `00000000-0000-4000-8000-${userId.toString(16).padStart(12, '0')}`;
}

/** The member a tour uid names, or null when it names none (checked by the server on every write). */
export function onboardingOwner(uid: string): number | null {
  const match = /^00000000-0000-4000-8000-([0-9a-f]{12})$/.exec(uid.toLowerCase());
  return match?.[1] ? Number.parseInt(match[1], 16) : null;
}

/** What a device sends: the state it now shows. Absent fields keep the server's value. */
export interface OnboardingChange {
  currentStep?: TourStep;
  completedSteps?: readonly TourStep[];
  isCompleted?: boolean;
  skippedTour?: boolean;
}

/** The tour's stored fields (the record without its identity). */
export type OnboardingFields = Omit<OnboardingState, 'showTour'>;

export const initialOnboardingFields: OnboardingFields = {
  currentStep: 'welcome',
  completedSteps: [],
  isCompleted: false,
  skippedTour: false,
  lastActiveStep: null,
  completedAt: null,
};

/** The merge the server applies to a change, and the device to its queued ones (see the file comment). */
export function mergeOnboarding(
  state: OnboardingFields,
  change: OnboardingChange,
  now: string = new Date().toISOString(),
): OnboardingFields {
  const done = new Set<TourStep>([...state.completedSteps, ...(change.completedSteps ?? [])]);
  const isCompleted = state.isCompleted || change.isCompleted === true || done.has('complete');
  return {
    currentStep: change.currentStep ?? state.currentStep,
    completedSteps: tourStepIds.filter((s) => done.has(s)),
    isCompleted,
    skippedTour: state.skippedTour || change.skippedTour === true,
    lastActiveStep: change.currentStep ?? state.lastActiveStep,
    completedAt: state.completedAt ?? (isCompleted ? now : null),
  };
}

/** The official account never sees the tour; others until they finish or skip it. */
export const showsTour = (userId: number, state: OnboardingFields): boolean =>
  userId !== OFFICIAL_USER_ID && !state.isCompleted && !state.skippedTour;

/** The step after `step` (the last one stays). */
export const stepAfter = (step: TourStep): TourStep =>
  tourStepIds[Math.min(tourStepIds.indexOf(step) + 1, tourStepIds.length - 1)] ?? 'complete';
