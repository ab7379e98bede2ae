/**
 * Achievements storage (docs/product/achievements.md): the catalogue rows, unlocking, and what the API
 * answers. All SQL of the feature lives here and in progress.ts (docs/architecture.md).
 *
 * Unlocks are inserts only, `ON CONFLICT DO NOTHING` on (user, achievement): an earned achievement is never
 * taken back, and two writes racing to unlock the same one leave one row.
 */
import { eq, inArray } from 'drizzle-orm';
import { achievements, userAchievements, users } from '@schema/db/tables';
import {
  ACHIEVEMENTS,
  type Achievement,
  type AchievementDefinition,
} from '@schema/contracts/achievements-constants';
import type { Store } from '../../lib/db';
import { notFound } from '../../lib/errors';
import { changedRows, first } from '../../lib/query';
import { achievementUnlocked } from '../../notifications/acts';
import { PROGRESS } from './progress';

/**
 * The catalogue is code (schema/contracts/achievements-constants.ts); its rows give user_achievements a
 * key to point at. Missing rows are added on first use (a new id in a release is added the same way).
 */
export async function ensureCatalogue(store: Store): Promise<Map<string, number>> {
  const rows = await store.select({ id: achievements.id, slug: achievements.slug }).from(achievements);
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  if (ACHIEVEMENTS.every((def) => ids.has(def.id))) return ids;
  for (const def of ACHIEVEMENTS) {
    if (ids.has(def.id)) continue;
    await store
      .insert(achievements)
      .values({
        slug: def.id,
        name: def.name,
        description: def.description,
        badgeType: def.category,
        criteria: { goal: def.goal, secret: def.isSecret },
        points: def.points,
      })
      .onConflictDoNothing();
  }
  const after = await store.select({ id: achievements.id, slug: achievements.slug }).from(achievements);
  return new Map(after.map((r) => [r.slug, r.id]));
}

/**
 * Checks the given achievements for one member and unlocks those whose progress reached their goal.
 * Called in the transaction of the write that changed the progress (listener.ts), so the unlock commits
 * or rolls back with it. Answers the ids unlocked now.
 */
export async function evaluate(store: Store, userId: number, ids: readonly string[]): Promise<string[]> {
  const catalogue = await ensureCatalogue(store);
  const earned = await earnedBy(store, userId);
  const unlocked: string[] = [];
  for (const id of ids) {
    const def = ACHIEVEMENTS.find((x) => x.id === id);
    const achievementId = catalogue.get(id);
    const progressOf = PROGRESS[id];
    if (!def || achievementId === undefined || !progressOf || earned.has(id)) continue;
    const progress = await progressOf(store, userId);
    if (progress < def.goal) continue;
    const added = await changedRows(
      store
        .insert(userAchievements)
        .values({ userId, achievementId, progress: def.goal, earnedAt: new Date().toISOString() })
        .onConflictDoNothing()
        .returning({ id: userAchievements.id }),
    );
    if (added) await achievementUnlocked(store, userId, def);
    unlocked.push(id);
  }
  return unlocked;
}

async function earnedBy(store: Store, userId: number): Promise<Map<string, string | null>> {
  const rows = await store
    .select({ slug: achievements.slug, earnedAt: userAchievements.earnedAt })
    .from(userAchievements)
    .innerJoin(achievements, eq(userAchievements.achievementId, achievements.id))
    .where(eq(userAchievements.userId, userId));
  return new Map(rows.map((r) => [r.slug, r.earnedAt]));
}

/** Secret ones a caller has not earned: no name or criteria, just that something is there. */
function shown(
  def: AchievementDefinition,
  unlockedAt: string | null | undefined,
  progress: number | null,
): Achievement {
  const isUnlocked = unlockedAt !== undefined;
  const hidden = def.isSecret && !isUnlocked;
  return {
    id: def.id,
    name: hidden ? '???' : def.name,
    description: hidden ? '???' : def.description,
    category: def.category,
    points: def.points,
    isUnlocked,
    progress: isUnlocked ? def.goal : progress === null ? null : Math.min(progress, def.goal),
    maxProgress: def.goal,
    unlockedAt: unlockedAt ?? null,
    isSecret: def.isSecret,
  };
}

/** GET /api/achievements: the catalogue, unlocked state and progress for the signed-in caller. */
export async function catalogueFor(store: Store, viewerId: number | null): Promise<Achievement[]> {
  if (viewerId === null) return ACHIEVEMENTS.map((def) => shown(def, undefined, null));
  return achievementsOf(store, viewerId, viewerId);
}

/**
 * GET /api/users/{id}/achievements: earned ones for anyone; every achievement with progress for the member
 * themself. Progress is computed now from real rows; an achievement whose goal is reached but was never
 * evaluated (activity from before this feature) is unlocked here.
 */
export async function achievementsOf(
  store: Store,
  userId: number,
  viewerId: number | null,
): Promise<Achievement[]> {
  const user = await first(store.select({ id: users.id }).from(users).where(eq(users.id, userId)));
  if (!user) throw notFound('User not found');
  if (viewerId !== userId) {
    await ensureCatalogue(store);
    const earned = await earnedBy(store, userId);
    return ACHIEVEMENTS.filter((def) => earned.has(def.id)).map((def) =>
      shown(def, earned.get(def.id), null),
    );
  }
  await store.transaction(async (tx) => {
    await evaluate(
      tx,
      userId,
      ACHIEVEMENTS.map((def) => def.id),
    );
  });
  const earned = await earnedBy(store, userId);
  const out: Achievement[] = [];
  for (const def of ACHIEVEMENTS) {
    const progressOf = PROGRESS[def.id];
    const progress = earned.has(def.id) || !progressOf ? 0 : await progressOf(store, userId);
    out.push(shown(def, earned.get(def.id), progress));
  }
  return out;
}

/** Earned achievement ids per member, for profile badges. */
export async function earnedIds(store: Store, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (userIds.length === 0) return out;
  const rows = await store
    .select({ userId: userAchievements.userId, slug: achievements.slug })
    .from(userAchievements)
    .innerJoin(achievements, eq(userAchievements.achievementId, achievements.id))
    .where(inArray(userAchievements.userId, [...userIds]));
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.slug]);
  return out;
}
