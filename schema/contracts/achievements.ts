/**
 * Achievements and onboarding contracts (docs/product/achievements.md): the tour's PUT body, validated alike
 * by the tour dialog and the server. The catalogue and tour constants live in ./achievements-constants.
 */
import { z } from 'zod';
import { tourStepIds } from './achievements-constants';

export * from './achievements-constants';

export const onboardingMessages = {
  invalidStep: 'Unknown tour step',
  invalidAction: 'Unknown tour action',
  /** A synced write naming another member's tour record (its uid is derived from the member's id). */
  notYours: 'This tour belongs to another member',
} as const;

const step = z.enum(tourStepIds, { error: onboardingMessages.invalidStep });

/**
 * PUT /api/onboarding: what the member did, not the whole state, so two devices' answers merge (finished
 * steps are a union; see docs/product/achievements.md "Tour state"):
 * - `finish-step`: the step was finished with Next (or Complete on the last one);
 * - `go-to`: Previous, or reopening at a step; nothing is finished;
 * - `skip`: Skip or close; `restart`: from profile settings, back to the first step.
 */
export const onboardingUpdateSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('finish-step'), step }),
    z.object({ action: z.literal('go-to'), step }),
    z.object({ action: z.literal('skip') }),
    z.object({ action: z.literal('restart') }),
  ],
  { error: onboardingMessages.invalidAction },
);
export type OnboardingUpdate = z.output<typeof onboardingUpdateSchema>;

/**
 * A synced write of the `onboarding` record (./onboarding): the state the device now shows, merged by the
 * server (finished steps are a union; skipping and finishing stay).
 */
export const onboardingChangeSchema = z.object({
  currentStep: step.optional(),
  completedSteps: z.array(step).max(tourStepIds.length).optional(),
  isCompleted: z.boolean().optional(),
  skippedTour: z.boolean().optional(),
});
