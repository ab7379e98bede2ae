/**
 * Safe return REST (docs/notifications.md "Safe return"; docs/api.md), mounted under /api. Thin: read and
 * validate input, take the member from the session, call the service. `{id}` is the id or the uid.
 *   POST   /safety/trips                 tripCreateSchema, `uid?` → 201 the trip (200 for a replayed uid)
 *   GET    /safety/trips/current         the trip under way, or null
 *   GET    /safety/trips/{id}            the member's own trip
 *   POST   /safety/trips/{id}/checkin    "I'm back"
 *   POST   /safety/trips/{id}/extend     { minutes: 30 | 60 }
 *   POST   /safety/trips/{id}/position   { latitude, longitude } (a trip that shares it)
 *   DELETE /safety/trips/{id}
 *   GET    /safety/contacts/consent?token=   the contact's page (signed out); POST: Agree / No thanks
 * Signed out: 401 for the trips; someone else's trip: 404.
 */
import { Hono, type Context } from 'hono';
import { optionalUidSchema } from '@schema/contracts/finds';
import { tripCreateSchema, tripExtendSchema, tripPositionSchema } from '@schema/contracts/safety';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { HttpError } from '../../lib/errors';
import { parseIdParam, parseWith, readJson, readJsonObject } from '../../lib/validate';
import { answerConsent, consentInvalid, contactByToken, shownName } from './contacts';
import { answeredPage, consentPage, invalidLinkPage } from './consent-page';
import { checkIn, currentTrip, deleteTrip, extendTrip, getTrip, recordPosition, startTrip } from './service';

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');

/** A consent link that names nothing: the same 400 page for a typo, a used-up or a made-up token. */
async function orInvalidPage(c: Context<AppEnv>, render: () => Promise<string>) {
  try {
    return c.html(await render());
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return c.html(invalidLinkPage(), 400);
    throw err;
  }
}

export function safetyRoutes(deps: Deps) {
  const { db, config } = deps;
  const grace = { graceMinutes: config.safeReturnGraceMinutes };
  const app = new Hono<AppEnv>();

  app.post('/safety/trips', async (c) => {
    const user = requireUser(c);
    const body = await readJsonObject(c);
    const uid = parseWith(optionalUidSchema, body.uid);
    const input = parseWith(tripCreateSchema, body);
    const { trip, created } = await startTrip(db, user, input, { ...grace, uid });
    return c.json(trip, created ? 201 : 200);
  });

  app.get('/safety/trips/current', async (c) => c.json(await currentTrip(db, requireUser(c))));

  app.get('/safety/trips/:id', async (c) => c.json(await getTrip(db, requireUser(c), idParam(c))));

  app.post('/safety/trips/:id/checkin', async (c) => c.json(await checkIn(db, requireUser(c), idParam(c))));

  app.post('/safety/trips/:id/extend', async (c) => {
    const user = requireUser(c);
    const { minutes } = await readJson(c, tripExtendSchema);
    return c.json(await extendTrip(db, user, idParam(c), minutes, grace));
  });

  app.post('/safety/trips/:id/position', async (c) => {
    const user = requireUser(c);
    const position = await readJson(c, tripPositionSchema);
    return c.json(await recordPosition(db, user, idParam(c), position));
  });

  app.delete('/safety/trips/:id', async (c) => {
    await deleteTrip(db, requireUser(c), idParam(c));
    return c.body(null, 204);
  });

  app.get('/safety/contacts/consent', (c) =>
    orInvalidPage(c, async () => {
      const token = c.req.query('token');
      const contact = await contactByToken(db, token);
      return consentPage({
        name: await shownName(db, contact.userId),
        token: token ?? '',
        state: contact.state,
      });
    }),
  );

  app.post('/safety/contacts/consent', (c) =>
    orInvalidPage(c, async () => {
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const token = typeof form.token === 'string' ? form.token : undefined;
      if (form.decision !== 'agree' && form.decision !== 'decline') throw consentInvalid();
      const agree = form.decision === 'agree';
      const contact = await answerConsent(db, token, agree);
      return answeredPage(agree, await shownName(db, contact.userId));
    }),
  );

  return app;
}
