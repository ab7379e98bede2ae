/**
 * Messages and blocks REST (docs/product/social.md "Messages", "Blocking"; docs/api.md), mounted by
 * routes.ts under /api. Thin: validate, decide who asks from the session (a `senderId` or `userId` in a
 * body is never read), call the services. Every answer is bounded by the caller: a message reaches its
 * sender and receiver only (404 for anyone else, like a missing one).
 *   GET    /social/messages            my conversations, newest first, paged            signed in
 *   GET    /social/messages?with={id}  the thread with a member, newest first, paged   signed in
 *   GET    /social/messages/unread     { unread } for the header's badge               signed in
 *   GET    /social/messages/{id}       one message by id or uid                        its two members
 *   GET    /social/messages/photos/{name}  a message's private photo (or its -thumb)   its two members
 *   POST   /social/messages            { receiverId, content, attachmentSha256? | findId? } → 201  signed in
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
import { badRequest, notFound } from '../../lib/errors';
import { photoStoreFor } from '../../lib/photo-store';
import { requirePrivateBlobUrl } from '../../sync/private-blobs';
import type { Store } from '../../sync/registry';
import { readIdPage, sendPage } from '../../lib/paging';
import { parseIdParam, readJson } from '../../lib/validate';
import { block, blockedBy, unblock } from './blocks';
import { canReadMessagePhoto } from './message-photos';
import { conversationsOf, getMessage, markRead, sendMessage, threadWith, unreadCount } from './messages';

/**
 * A private photo is revalidated on every use (its ETag is its name, so a 304 costs no bytes): a browser
 * cache never answers it without the server checking who asks, e.g. after a sign-out on a shared device.
 */
const PRIVATE_PHOTO_CACHE = 'private, no-cache';

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

  // Its two members only; anyone else (a name that is not a private photo included) gets the same 404.
  app.get('/social/messages/photos/:file', async (c) => {
    const user = member(c);
    const filename = c.req.param('file');
    if (!(await canReadMessagePhoto(db, user.id, filename))) throw notFound(messageMessages.photoNotFound);
    const etag = `"${filename.replace(/\.webp$/, '')}"`;
    const headers = { 'Cache-Control': PRIVATE_PHOTO_CACHE, ETag: etag };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    const photo = await photoStoreFor(deps.config).get(filename);
    if (!photo) throw notFound(messageMessages.photoNotFound);
    return c.body(photo.body, 200, {
      ...headers,
      'Content-Type': 'image/webp',
      'Content-Length': String(photo.length),
    });
  });

  app.get('/social/messages/:id', async (c) =>
    c.json(await getMessage(db, member(c).id, parseIdParam(c.req.param('id')))),
  );

  app.post('/social/messages', async (c) => {
    const user = member(c);
    const input = await readJson(c, messageCreateSchema);
    const privatePhoto = (tx: Store, sha256: string) =>
      requirePrivateBlobUrl(tx, user.id, sha256, messageMessages.photoMissing);
    const { message } = await sendMessage(db, user, input, { privatePhoto });
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
