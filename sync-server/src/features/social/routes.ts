/**
 * Social REST (docs/product/social.md "API calls"; docs/api.md), mounted under /api. Thin: read and
 * validate input, decide who asks from the session (a `userId` in a body is never read), call the services.
 *   GET  /social/stats         { followers, following, posts, finds }                 signed in
 *   GET  /social/connections   { following: [...], followers: [...] }                 signed in
 *   GET  /social/feed          newest first, ?limit= &cursor= (X-Next-Cursor)         signed in
 *   POST /social/follow        { targetUserId, action: 'follow' | 'unfollow' }        signed in
 *   GET  /social/following     my follows as records, newest first, paged             signed in
 *   GET  /social/connections/{id}  one follow by id or uid (follows are public)       anyone
 *   GET  /users/{id}/profile   a member's public profile page                        anyone
 *   GET|PUT /social/profile-details  my years detecting and detector (Profile Settings) signed in
 * Messages and blocks: messages-routes.ts.
 */
import { Hono } from 'hono';
import { authMessages } from '@schema/contracts/auth';
import { profileDetailsSchema } from '@schema/contracts/profile-details';
import { FEED_PAGE_SIZE, followSchema, socialMessages } from '@schema/contracts/social';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { requireUser } from '../../lib/auth/session';
import { readPage, sendPage } from '../../lib/paging';
import { badRequest } from '../../lib/errors';
import { parseIdParam, readJson } from '../../lib/validate';
import {
  connectionsOf,
  follow,
  followsOf,
  getConnection,
  isFollowing,
  statsOf,
  unfollow,
} from './connections';
import { feedFor, parseFeedCursor } from './feed';
import { messageRoutes } from './messages-routes';
import { publicProfile } from './profile';
import { profileDetailsOf, saveProfileDetails } from './profile-details';

export function socialRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const member = (c: Parameters<typeof requireUser>[0]) => requireUser(c, socialMessages.authRequired);

  app.get('/social/stats', async (c) => c.json(await statsOf(db, member(c).id)));

  app.get('/social/connections', async (c) => c.json(await connectionsOf(db, member(c).id)));

  app.get('/social/feed', async (c) => {
    const user = member(c);
    const page = readPage<unknown>(c, FEED_PAGE_SIZE);
    const items = await feedFor(db, user.id, { cursor: parseFeedCursor(page.cursor), limit: page.limit });
    return c.json(
      sendPage(c, items, page.limit, (item) => ({
        createdAt: item.created_at,
        kind: item.kind,
        // The row of its kind (a group join: the membership, not the group it names).
        id: Number(item.id.slice(item.kind.length + 1)),
      })),
    );
  });

  app.post('/social/follow', async (c) => {
    const user = member(c);
    const { targetUserId, action } = await readJson(c, followSchema);
    if (action === 'unfollow') await unfollow(db, user, targetUserId);
    else await follow(db, user, targetUserId);
    return c.json({
      success: true,
      message: socialMessages.updated,
      isFollowing: await isFollowing(db, user.id, targetUserId),
    });
  });

  app.get('/social/following', async (c) => {
    const user = member(c);
    const page = readPage<unknown>(c);
    if (page.cursor !== null && !Number.isSafeInteger(page.cursor)) throw badRequest('Invalid cursor');
    const before = typeof page.cursor === 'number' ? page.cursor : null;
    const rows = await followsOf(db, user.id, { before, limit: page.limit });
    return c.json(sendPage(c, rows, page.limit, (row) => row.id));
  });

  app.get('/social/connections/:id', async (c) =>
    c.json(await getConnection(db, parseIdParam(c.req.param('id') ?? ''))),
  );

  app.get('/users/:id/profile', async (c) =>
    c.json(await publicProfile(db, c.get('user'), c.req.param('id'))),
  );

  const owner = (c: Parameters<typeof requireUser>[0]) => requireUser(c, authMessages.mustBeLoggedInToUpdate);
  app.get('/social/profile-details', async (c) => c.json(await profileDetailsOf(db, owner(c).id)));
  app.put('/social/profile-details', async (c) => {
    const user = owner(c);
    return c.json(await saveProfileDetails(db, user.id, await readJson(c, profileDetailsSchema)));
  });

  app.route('/', messageRoutes(deps));

  return app;
}
