/**
 * Moderation REST (docs/moderation.md; docs/api.md "Moderation"), mounted under /api:
 *   POST /reports                     signed in; { entity, id, reason, note?, uid? } → 201 { id } (a repeat: 200,
 *                                     same id); `uid` is optional (a queued report sends it through sync push)
 *   PUT  /users/{id}/role             the official account; { role: 'moderator' | 'member' }
 *   GET  /moderation/reports          moderators; open reports grouped by record (?limit= &cursor=)
 *   GET  /moderation/log              moderators; the audit log, newest first (?limit= &cursor=)
 *   POST /moderation/actions          moderators; { action, entity?, id?, userId?, reason, days? } → 201
 *   GET  /moderation/members/{name}   moderators; a member's standing (suspension) and history, by username
 *   POST /moderation/review           the author of a hidden record; { entity, id } → 201 (200: already asked)
 *   GET  /me/moderation               signed in; role, suspension, warnings not yet shown
 *   POST /me/warnings/{id}/seen       signed in; the warning was shown
 */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { OFFICIAL_USER_ID } from '@schema/contracts/constants';
import {
  checkAction,
  checkReport,
  checkReview,
  checkRole,
  moderationMessages,
  reportUid,
  type Checked,
} from '@schema/contracts/moderation';
import { users } from '@schema/db/tables';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import { isStaff } from '../../lib/moderation';
import { readIdPage, sendPage } from '../../lib/paging';
import { returnedRow } from '../../lib/query';
import { readJsonObject } from '../../lib/validate';
import { takeAction } from './actions';
import { memberStanding } from './members';
import { markWarningSeen, myModeration, readLog, readQueue } from './queue';
import { fileReport } from './reports';
import { askForReview, reviewOnAuthorEdit } from './review';
import { onRecordedChange } from '../../sync/changelog';

const PAGE = 20;

/** A validator's refusal as the usual 400, with its code and field. */
function valid<T>(checked: Checked<T>): T {
  if (checked.ok) return checked.value;
  throw new HttpError(400, checked.code, checked.message, { fields: { [checked.field]: checked.message } });
}

function requireStaff(c: Context<AppEnv>) {
  const user = requireUser(c);
  if (!isStaff(user)) throw forbidden(moderationMessages.moderatorsOnly);
  return user;
}

const numericId = (raw: string | undefined) => {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw badRequest('Invalid id');
  return Number(raw);
};

export function moderationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db, config } = deps;
  // Every edit of a hidden record by its author asks for a review, whichever path wrote it (./review.ts).
  onRecordedChange(reviewOnAuthorEdit);

  app.post('/reports', async (c) => {
    const user = requireUser(c);
    const body = await readJsonObject(c);
    const input = valid(checkReport(body));
    const uid = reportUid(body);
    if (uid === null)
      throw new HttpError(400, 'uid-invalid', moderationMessages.uidInvalid, {
        fields: { uid: moderationMessages.uidInvalid },
      });
    const { id, outcome } = await fileReport(db, user, input, { uid, limit: config.reportRateLimit });
    return c.json({ id }, outcome === 'created' ? 201 : 200);
  });

  app.put('/users/:id/role', async (c) => {
    const user = requireUser(c);
    if (user.id !== OFFICIAL_USER_ID) throw forbidden(moderationMessages.officialOnly);
    const targetId = numericId(c.req.param('id'));
    const role = valid(checkRole(await readJsonObject(c)));
    if (targetId === OFFICIAL_USER_ID) throw forbidden(moderationMessages.officialRole);
    const updated = await returnedRow(
      db
        .update(users)
        .set({ role })
        .where(eq(users.id, targetId))
        .returning({ id: users.id, role: users.role }),
    );
    if (!updated) throw notFound('User not found');
    return c.json(updated);
  });

  app.get('/moderation/reports', async (c) => {
    requireStaff(c);
    const { limit, cursor } = readIdPage(c, PAGE);
    const items = await readQueue(db, cursor, limit + 1);
    return c.json(sendPage(c, items, limit, (item) => item.firstReportId));
  });

  app.get('/moderation/log', async (c) => {
    requireStaff(c);
    const { limit, cursor } = readIdPage(c, PAGE);
    const entries = await readLog(db, cursor, limit + 1);
    return c.json(sendPage(c, entries, limit, (entry) => entry.id));
  });

  app.post('/moderation/actions', async (c) => {
    const moderator = requireStaff(c);
    const input = valid(checkAction(await readJsonObject(c)));
    return c.json(await takeAction(deps, moderator, input), 201);
  });

  app.get('/moderation/members/:username', async (c) => {
    requireStaff(c);
    const standing = await memberStanding(db, c.req.param('username'));
    if (!standing) throw notFound('User not found');
    return c.json(standing);
  });

  app.post('/moderation/review', async (c) => {
    const user = requireUser(c);
    const opened = await askForReview(db, user, valid(checkReview(await readJsonObject(c))));
    return c.json({ ok: true }, opened ? 201 : 200);
  });

  app.get('/me/moderation', async (c) => c.json(await myModeration(db, requireUser(c))));

  app.post('/me/warnings/:id/seen', async (c) => {
    const user = requireUser(c);
    if (!(await markWarningSeen(db, user, numericId(c.req.param('id')))))
      throw notFound(moderationMessages.warningNotFound);
    return c.json({ ok: true });
  });

  return app;
}
