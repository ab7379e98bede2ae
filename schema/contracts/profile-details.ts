/**
 * A member's detecting details (docs/product/social.md "Profile Settings"; the data model's
 * `user_profiles`): years detecting and the detector they use, set in Profile Settings and shown on their
 * profile page. Every field is optional; blank means "not said".
 */
import { z } from 'zod';
import { yearsDetectingSchema } from './stories';
import { text } from './text';
import { DETECTOR_FIELD_MAX, profileDetailsMessages } from './profile-details-constants';

export * from './profile-details-constants';

/** A text field where blank (after trimming) is null: "not said". */
const detectorField = (tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text({ error: tooLong }).trim().max(DETECTOR_FIELD_MAX, tooLong).nullable(),
  );

/** PUT /api/social/profile-details: a field left out keeps its value. */
export const profileDetailsSchema = z.object({
  yearsDetecting: yearsDetectingSchema.optional(),
  detectorBrand: detectorField(profileDetailsMessages.brandTooLong).optional(),
  detectorModel: detectorField(profileDetailsMessages.modelTooLong).optional(),
});
export type ProfileDetailsInput = z.output<typeof profileDetailsSchema>;
