/**
 * Messages and blocks REST (docs/product/social.md "Messages", "Blocking"; docs/api.md), mounted by
 * routes.ts under /api. Thin: validate, decide who asks from the session (a `senderId` or `userId` in a
 * body is never read), call the services. Every answer is bounded by the caller: a message reaches its
 * sender and receiver only (404 for anyone else, like a missing one).
 *   GET    /social/messages            my conversations, newest first, paged            signed in
 *   GET    /social/messages?with={id}  the thread with a member, newest first, paged   signed in
 *   GET    /social/messages/unread     { unread } for the header's badge               signed in
 *   GET    /social/messages/{id}       one message by id or uid                        its two members
 *   POST   /social/messages            { receiverId, content } → 201                   signed in
 *   POST   /social/messages/read       { withUserId } marks the thread read            signed in
 *   GET    /social/blocks              the members I blocked                           signed in
 *   POST   /users/{id}/block, DELETE /users/{id}/block                                 signed in
 */
import { Hono } from 'hono';
import {
  CONVERSATIONS_PAGE_SIZE,
  markReadSchema,
  messageCreateSchema,
  messageMessages,
  THREAD_PAGE_SIZE,
} from '@schema/contracts/messages';
import { socialMessages } from '@schema/contracts/social-constants';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { badRequest } from '../../lib/errors';
import { readIdPage, sendPage } from '../../lib/paging';
import { parseIdParam, readJson } from '../../lib/validate';
import { block, blockedBy, unblock } from './blocks';
import { conversationsOf, getMessage, markRead, sendMessage, threadWith, unreadCount } from './messages';

/** Account ids are digits (docs/sync.md "Record identity"). */
function memberParam(raw: string | undefined, message: string): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw badRequest(message);
  return Number(raw);
}

export function messageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const member = (c: Parameters<typeof requireUser>[0]) => requireUser(c, socialMessages.authRequired);

  app.get('/social/messages', async (c) => {
    const user = member(c);
    const withRaw = c.req.query('with');
    if (withRaw !== undefined) {
      const peer = memberParam(withRaw, messageMessages.withUserRequired);
      const page = readIdPage(c, THREAD_PAGE_SIZE);
      const rows = await threadWith(db, user.id, peer, { before: page.cursor, limit: page.limit });
      return c.json(sendPage(c, rows, page.limit, (row) => row.id));
    }
    const page = readIdPage(c, CONVERSATIONS_PAGE_SIZE);
    const rows = await conversationsOf(db, user.id, { before: page.cursor, limit: page.limit });
    return c.json(sendPage(c, rows, page.limit, (row) => row.latest.id));
  });

  app.get('/social/messages/unread', async (c) => c.json({ unread: await unreadCount(db, member(c).id) }));

  app.get('/social/messages/:id', async (c) =>
    c.json(await getMessage(db, member(c).id, parseIdParam(c.req.param('id')))),
  );

  app.post('/social/messages', async (c) => {
    const user = member(c);
    const input = await readJson(c, messageCreateSchema);
    const { message } = await sendMessage(db, user, input);
    return c.json(message, 201);
  });

  app.post('/social/messages/read', async (c) => {
    const user = member(c);
    const { withUserId } = await readJson(c, markReadSchema);
    return c.json({ success: true, marked: await markRead(db, user, withUserId) });
  });

  app.get('/social/blocks', async (c) => c.json(await blockedBy(db, member(c).id)));

  app.post('/users/:id/block', async (c) => {
    const user = member(c);
    await block(db, user, memberParam(c.req.param('id'), 'Invalid id'));
    return c.json({ success: true, isBlocked: true });
  });

  app.delete('/users/:id/block', async (c) => {
    const user = member(c);
    await unblock(db, user, memberParam(c.req.param('id'), 'Invalid id'));
    return c.json({ success: true, isBlocked: false });
  });

  return app;
}
