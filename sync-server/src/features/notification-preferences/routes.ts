/**
 * A member's notification preferences and the one-click unsubscribe of every notification e-mail
 * (docs/notifications.md "E-mail"), mounted under /api:
 *   GET|PUT /notifications/preferences            the whole preferences (PUT: any fields)       signed in
 *   GET     /notifications/unsubscribe?token&kind  a page with a button that POSTs               anyone
 *   POST    /notifications/unsubscribe?token&kind  e-mail off for that kind (all without one)     anyone
 * The unsubscribe link works signed out: its token, not a session, names the member. GET changes nothing,
 * because mail scanners and link prefetchers open links; RFC 8058's one-click is the POST.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  notificationKindLabels,
  notificationKinds,
  notificationMessages,
  notificationPreferencesSchema,
} from '@schema/contracts/notifications';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readJson } from '../../lib/validate';
import {
  memberOfUnsubscribeToken,
  readPreferences,
  turnEmailOff,
  writePreferences,
} from '../../delivery/preferences';

const unsubscribeQuery = z.object({
  token: z.string().min(1).max(100),
  kind: z.enum(notificationKinds).optional(),
});

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function notificationPreferencesRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/notifications/preferences', async (c) => c.json(await readPreferences(db, requireUser(c).id)));

  app.put('/notifications/preferences', async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, notificationPreferencesSchema);
    return c.json(await writePreferences(db, user.id, input));
  });

  /** The token's member and the kind, or a 400 that says the link is not valid. */
  async function unsubscribeTarget(c: Context<AppEnv>) {
    const parsed = unsubscribeQuery.safeParse(c.req.query());
    const userId = parsed.success ? await memberOfUnsubscribeToken(db, parsed.data.token) : undefined;
    if (!parsed.success || userId === undefined) throw badRequest(notificationMessages.unsubscribeInvalid);
    return { userId, token: parsed.data.token, kind: parsed.data.kind };
  }

  app.get('/notifications/unsubscribe', async (c) => {
    const target = await unsubscribeTarget(c).catch(() => undefined);
    if (!target)
      return c.html(page('Unsubscribe', `<p>${notificationMessages.unsubscribeInvalid}.</p>`), 400);
    const action = new URL(c.req.url);
    action.search = new URLSearchParams({
      token: target.token,
      ...(target.kind ? { kind: target.kind } : {}),
    }).toString();
    const what = target.kind
      ? `e-mails about ${notificationKindLabels[target.kind].toLowerCase()}`
      : 'all notification e-mails';
    return c.html(
      page(
        'Unsubscribe',
        `<p>Stop ${escapeHtml(what)} from DigQuest?</p><form method="post" action="${escapeHtml(action.pathname + action.search)}"><button type="submit">Unsubscribe</button></form><p>You can turn them on again in the app's notification settings.</p>`,
      ),
    );
  });

  app.post('/notifications/unsubscribe', async (c) => {
    const target = await unsubscribeTarget(c);
    await turnEmailOff(db, target.userId, target.kind);
    // Mail clients posting the one-click request read only the status; a person gets a page.
    if ((c.req.header('accept') ?? '').includes('text/html'))
      return c.html(page('Unsubscribed', '<p>You will no longer get these e-mails.</p>'));
    return c.json({ ok: true });
  });
  return app;
}
