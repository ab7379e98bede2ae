/**
 * The tour's synced entity (docs/product/achievements.md "Tour state"; PROTOCOL.md entities table): one
 * `onboarding` record per member, its uid derived from the member's id, pulled in `own` and never by
 * anyone else.
 *
 * Offline: each tour action writes the state the device now shows as an update (the tour's dialog, banner
 * and Restart never wait for the network); Restart is a delete. A pulled row under queued writes becomes
 * their base and they are merged on top with the server's own rule (finished steps a union, skipping and
 * finishing kept), so what the member did here stays visible until the server has it — and what another
 * device did meanwhile is not lost either.
 */
import { tourStepIds, type TourStep } from '@schema/contracts/achievements-constants';
import {
  initialOnboardingFields,
  mergeOnboarding,
  type OnboardingChange,
  type OnboardingFields,
} from '@schema/contracts/onboarding';
import type { LocalOnboarding } from '../achievements-types';
import { defineEntity } from '../entity-descriptor';
import { isRow, text, type Payload } from '../entity-fields';

const isStep = (value: unknown): value is TourStep => tourStepIds.some((s) => s === value);
const steps = (value: unknown): TourStep[] | undefined =>
  Array.isArray(value) ? tourStepIds.filter((s) => value.includes(s)) : undefined;

function isLocalOnboarding(value: unknown): value is LocalOnboarding {
  if (!isRow(value)) return false;
  return (
    typeof value.uid === 'string' &&
    (typeof value.id === 'number' || value.id === null) &&
    typeof value.userId === 'number' &&
    isStep(value.currentStep) &&
    Array.isArray(value.completedSteps) &&
    value.completedSteps.every(isStep) &&
    typeof value.isCompleted === 'boolean' &&
    typeof value.skippedTour === 'boolean' &&
    (value.lastActiveStep === null || isStep(value.lastActiveStep)) &&
    (value.completedAt === null || typeof value.completedAt === 'string')
  );
}

/** A queued payload as the change it describes; unknown values are left out (the server refuses them). */
export function changeOf(payload: Payload): OnboardingChange {
  const change: OnboardingChange = {};
  if (isStep(payload.currentStep)) change.currentStep = payload.currentStep;
  const done = steps(payload.completedSteps);
  if (done) change.completedSteps = done;
  if (typeof payload.isCompleted === 'boolean') change.isCompleted = payload.isCompleted;
  if (typeof payload.skippedTour === 'boolean') change.skippedTour = payload.skippedTour;
  return change;
}

/** The tour's fields of a stored record; the first step when the device holds none. */
export const tourFieldsOf = (record: LocalOnboarding | null | undefined): OnboardingFields =>
  record
    ? {
        currentStep: record.currentStep,
        completedSteps: record.completedSteps,
        isCompleted: record.isCompleted,
        skippedTour: record.skippedTour,
        lastActiveStep: record.lastActiveStep,
        completedAt: record.completedAt,
      }
    : initialOnboardingFields;

export const onboardingEntity = defineEntity<LocalOnboarding, 'onboarding'>({
  entity: 'onboarding',
  label: 'Tour',
  scope: { kind: 'owned' },
  is: isLocalOnboarding,
  // Every member has a tour: a write before the first pull starts from the first step.
  fold: (base, m) => ({
    ...mergeOnboarding(tourFieldsOf(base), changeOf(m.payload)),
    uid: m.uid,
    id: base?.id ?? m.userId,
    userId: m.userId,
  }),
  fromServer(data) {
    const record = { ...data, completedAt: text(data.completedAt) ?? null };
    return isLocalOnboarding(record) ? record : null;
  },
  describe(m) {
    return { label: m.op === 'delete' ? 'Restarting the tour' : 'Tour progress', editHref: null };
  },
  // Only the signed-in member's tour stays on the device.
  forgetOnViewerChange: (rows, viewerId) =>
    rows
      .where('userId')
      .notEqual(viewerId ?? -1)
      .delete(),
});
