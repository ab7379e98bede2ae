/**
 * Achievements and onboarding REST (docs/product/achievements.md "API calls"; docs/api.md), under /api.
 *   GET /achievements               the catalogue; unlocked state and progress for a signed-in caller;
 *                                   secret ones read '???' until earned
 *   GET /users/{id}/achievements    earned ones for anyone; every one with progress for the member themself
 *   GET /badges                     { founder, topPosters }: who carries the member-list badges
 *   GET /onboarding                 the caller's tour state                                  signed in
 *   PUT /onboarding                 { action: 'finish-step' | 'go-to', step } | { action: 'skip' | 'restart' }
 */
import { Hono } from 'hono';
import { onboardingUpdateSchema, type BadgeHolders } from '@schema/contracts/achievements';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { notFound } from '../../lib/errors';
import { readJson } from '../../lib/validate';
import { topPosters } from './badges';
import { getOnboarding, updateOnboarding } from './onboarding';
import { achievementsOf, catalogueFor } from './service';

export function achievementsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/achievements', async (c) => c.json(await catalogueFor(db, c.get('user')?.id ?? null)));

  app.get('/users/:id/achievements', async (c) => {
    const raw = c.req.param('id');
    if (!/^\d{1,9}$/.test(raw)) throw notFound('User not found');
    return c.json(await achievementsOf(db, Number(raw), c.get('user')?.id ?? null));
  });

  app.get('/badges', async (c) =>
    c.json({ founder: OFFICIAL_USER_ID, topPosters: await topPosters(db) } satisfies BadgeHolders),
  );

  app.get('/onboarding', async (c) => c.json(await getOnboarding(db, requireUser(c).id)));

  app.put('/onboarding', async (c) => {
    const user = requireUser(c);
    return c.json(await updateOnboarding(db, user.id, await readJson(c, onboardingUpdateSchema)));
  });

  return app;
}
