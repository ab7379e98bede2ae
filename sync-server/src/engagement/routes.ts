/**
 * The engagement REST routes every parent shares, under the parent's own paths and sign-in messages
 * (docs/api.md). A feature mounts them from its routes file. The forum adds its comments its own way
 * (POST /comments with the post in the body), so it mounts the edit routes alone.
 *   GET    {parents}/{id}/like-status     POST|DELETE {parents}/{id}/like → { isLiked, likes }
 *   GET    {parents}/{id}/comments        paged, oldest first (X-Next-Cursor)
 *   POST   {parents}/{id}/comments {content, uid?}   201, or 200 for a replayed uid (S4)
 *   PUT    {comments}/{id} {content}      the writer     DELETE {comments}/{id}   per the descriptor's policy
 * Every `{id}` accepts the numeric id or the uid (PROTOCOL.md S1). The session decides who acts.
 */
import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth/session';
import type { Db } from '../lib/db';
import { readIdPage, sendPage } from '../lib/paging';
import { parseIdParam, readJson } from '../lib/validate';
import { viewerOf } from '../sync/visibility';
import type { CommentsService } from './comments';
import type { ParentWireKeys } from './descriptor';
import type { LikesService } from './likes';

const idParam = (c: { req: { param: (name: string) => string | undefined } }) =>
  parseIdParam(c.req.param('id') ?? '');

export function likeRoutes(db: Db, likes: LikesService, at: { parents: string; signIn: string }) {
  const app = new Hono<AppEnv>();
  app.get(`${at.parents}/:id/like-status`, async (c) =>
    c.json(await likes.status(db, viewerOf(c), idParam(c))),
  );
  app.post(`${at.parents}/:id/like`, async (c) => {
    const user = requireUser(c, at.signIn);
    return c.json(await likes.set(db, user, idParam(c), true));
  });
  app.delete(`${at.parents}/:id/like`, async (c) => {
    const user = requireUser(c, at.signIn);
    return c.json(await likes.set(db, user, idParam(c), false));
  });
  return app;
}

export function commentEditRoutes<K extends ParentWireKeys>(
  db: Db,
  comments: CommentsService<K>,
  content: z.ZodType<{ content: string }>,
  at: { comments: string; signIn: string },
) {
  const app = new Hono<AppEnv>();
  app.put(`${at.comments}/:id`, async (c) => {
    const user = requireUser(c, at.signIn);
    const ref = idParam(c);
    return c.json(await comments.update(db, user, ref, await readJson(c, content)));
  });
  app.delete(`${at.comments}/:id`, async (c) => {
    const user = requireUser(c, at.signIn);
    const id = await comments.remove(db, user, idParam(c));
    return c.json({ success: true, id });
  });
  return app;
}

/** Listing and adding comments under `{parents}/{id}/comments`, then editing them (commentEditRoutes). */
export function commentRoutes<K extends ParentWireKeys>(
  db: Db,
  comments: CommentsService<K>,
  schemas: { content: z.ZodType<{ content: string }>; add: z.ZodType<{ content: string; uid?: string }> },
  at: { parents: string; comments: string; signIn: string; pageSize: number },
) {
  const app = new Hono<AppEnv>();
  app.get(`${at.parents}/:id/comments`, async (c) => {
    const { limit, cursor } = readIdPage(c, at.pageSize);
    const rows = await comments.list(db, viewerOf(c), idParam(c), { after: cursor, limit });
    return c.json(sendPage(c, rows, limit, (comment) => comment.id));
  });
  app.post(`${at.parents}/:id/comments`, async (c) => {
    const user = requireUser(c, at.signIn);
    const ref = idParam(c);
    // A `userId` in the body is dropped by the schema: the commenter is the session's member.
    const { content, uid } = await readJson(c, schemas.add);
    const { comment, created } = await comments.add(db, user, ref, { content }, uid);
    return c.json(comment, created ? 201 : 200);
  });
  app.route('/', commentEditRoutes(db, comments, schemas.content, at));
  return app;
}
