/**
 * A member's detecting details (docs/product/social.md "Profile Settings"): years detecting, detector brand
 * and model, kept in `user_profiles` (one row per member, made on the first save) and shown on their public
 * profile (profile.ts). Only the member reads and writes their own here; the session decides who that is.
 */
import { eq } from 'drizzle-orm';
import type { ProfileDetails, ProfileDetailsInput } from '@schema/contracts/profile-details';
import { userProfiles } from '@schema/db/tables';
import { first } from '../../lib/query';
import type { Store } from '../../sync/registry';

const NOT_SAID: ProfileDetails = { yearsDetecting: null, detectorBrand: null, detectorModel: null };

const detailsColumns = {
  yearsDetecting: userProfiles.yearsDetecting,
  detectorBrand: userProfiles.detectorBrand,
  detectorModel: userProfiles.detectorModel,
};

export async function profileDetailsOf(store: Store, userId: number): Promise<ProfileDetails> {
  const row = await first(
    store.select(detailsColumns).from(userProfiles).where(eq(userProfiles.userId, userId)),
  );
  return row ?? NOT_SAID;
}

/** Only the fields given change; the row is made on the first save (both engines: insert, then update). */
export async function saveProfileDetails(
  store: Store,
  userId: number,
  input: ProfileDetailsInput,
): Promise<ProfileDetails> {
  return store.transaction(async (tx) => {
    await tx.insert(userProfiles).values({ userId }).onConflictDoNothing({ target: userProfiles.userId });
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length > 0)
      await tx.update(userProfiles).set(changes).where(eq(userProfiles.userId, userId));
    return profileDetailsOf(tx, userId);
  });
}
