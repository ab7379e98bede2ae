/**
 * A member's detecting details: plain values — the field limit, the exact messages and the answer's shape
 * (docs/product/social.md "Profile Settings") — apart from the Zod schema in ./profile-details, so the
 * social pages that show the Profile Settings form do not download Zod on the first visit
 * (docs/architecture.md). ./profile-details re-exports everything here.
 */

export const DETECTOR_FIELD_MAX = 60;

export const profileDetailsMessages = {
  brandTooLong: `Detector brand cannot exceed ${DETECTOR_FIELD_MAX} characters`,
  modelTooLong: `Detector model cannot exceed ${DETECTOR_FIELD_MAX} characters`,
} as const;

/** The member's own details, as GET and PUT /api/social/profile-details answer them. */
export interface ProfileDetails {
  yearsDetecting: number | null;
  detectorBrand: string | null;
  detectorModel: string | null;
}
