/**
 * A member's route preferences (`user_preferences`; docs/product/ar-routes.md "Preferences"): preferred
 * terrain, difficulty, maximum distance and historical interests, which filter the recommendations. Read and
 * written through REST only (GET/PUT /api/preferences), not synced: one small row that the page reads when
 * online and keeps a copy of on the device; offline the page filters with that copy (docs/product/ar-routes.md).
 */
import { eq } from 'drizzle-orm';
import { userPreferences } from '@schema/db/tables';
import { isRouteDifficulty, type PreferencesInput, type RoutePreferences } from '@schema/contracts/ar-routes';
import { first } from '../../lib/query';
import type { Store } from '../../sync/registry';

type PreferencesRow = typeof userPreferences.$inferSelect;

function toPreferences(row: PreferencesRow | undefined): RoutePreferences {
  const interests = row?.historicalInterests;
  return {
    preferredTerrain: row?.preferredTerrain ?? null,
    preferredDifficulty: isRouteDifficulty(row?.preferredDifficulty) ? row.preferredDifficulty : null,
    maxDistance: row?.maxDistance ?? null,
    historicalInterests: Array.isArray(interests)
      ? interests.filter((s): s is string => typeof s === 'string')
      : [],
  };
}

export async function getPreferences(store: Store, userId: number): Promise<RoutePreferences> {
  return toPreferences(
    await first(store.select().from(userPreferences).where(eq(userPreferences.userId, userId))),
  );
}

/** Fields sent replace, fields absent stay (the page sends all four). */
export async function putPreferences(
  store: Store,
  userId: number,
  input: PreferencesInput,
): Promise<RoutePreferences> {
  return store.transaction(async (tx) => {
    const current = await getPreferences(tx, userId);
    const next: RoutePreferences = {
      preferredTerrain:
        input.preferredTerrain === undefined ? current.preferredTerrain : input.preferredTerrain,
      preferredDifficulty:
        input.preferredDifficulty === undefined ? current.preferredDifficulty : input.preferredDifficulty,
      maxDistance: input.maxDistance === undefined ? current.maxDistance : input.maxDistance,
      historicalInterests: input.historicalInterests ?? current.historicalInterests,
    };
    await tx
      .insert(userPreferences)
      .values({ userId, ...next })
      .onConflictDoUpdate({ target: userPreferences.userId, set: next });
    return next;
  });
}
