/**
 * Groups REST (docs/product/social.md "Groups"; docs/api.md), mounted under /api. Thin: read and validate
 * input, decide who asks from the session (a `userId` or `creatorId` in a body is never read), call the
 * services. Every `{id}` accepts the numeric id or the uid; a private group the caller may not see is a
 * 404 on every path (visibility.ts).
 *   GET    /groups                          groups the caller sees, newest first, ?q= &limit= &cursor=
 *   GET    /groups/{id}                     one group
 *   GET    /groups/{uid}/invitation         the invite link's view: name, privacy, my request   anyone
 *   POST   /groups                          { name, description?, location?, isPrivate?, avatarUrl?,
 *                                            coverImageUrl?, tags?, rules?, uid? }
 *   PUT    /groups/{id}   DELETE /groups/{id}                                      the creator
 *   POST   /groups/{id}/join                public: member; private (by uid): pending request
 *   POST   /groups/{id}/leave               not the creator
 *   POST   /groups/{id}/invite              { userId }                           the creator
 *   POST   /groups/{id}/transfer            { userId }: hand the group to an active member   the creator
 *   POST   /groups/{id}/members/{userId}/approve                                 the creator
 *   GET    /groups/{id}/members             active members (a private group's: its members)
 *   GET    /groups/{id}/requests            pending requests                     the creator
 *   GET    /groups/{id}/comments            the discussion, oldest first (private: members only)
 *   POST   /groups/{id}/comments            { content, uid? }                    active members
 *   PUT|DELETE /group-comments/{id}         the writer (delete: or the moderator)
 *   GET    /social/groups                   my groups                            signed in
 */
import { Hono, type Context } from 'hono';
import {
  GROUP_COMMENTS_PAGE_SIZE,
  GROUP_MEMBERS_PAGE_SIZE,
  GROUP_SEARCH_MAX,
  GROUPS_PAGE_SIZE,
  groupCommentSchema,
  groupCreateSchema,
  groupInviteSchema,
  groupMessages,
  groupUpdateSchema,
} from '@schema/contracts/groups';
import { optionalUidSchema } from '@schema/contracts/finds';
import { idSchema } from '@schema/contracts/ids';
import type { AppEnv } from '../../env';
import type { Deps } from '../../deps';
import { commentRoutes } from '../../engagement/routes';
import { requireUser } from '../../lib/auth/session';
import { readIdPage, sendPage } from '../../lib/paging';
import { parseIdParam, parseWith, readJson } from '../../lib/validate';
import { viewerOf } from '../../sync/visibility';
import { shownUnlessHidden } from '../../lib/moderation';
import { groupEngagement } from './engagement';
import { invitationFor } from './invitation';
import { approveMember, inviteMember, joinGroup, leaveGroup, listMemberships } from './memberships';
import { transferGroup } from './transfer';
import { createGroup, deleteGroup, getGroup, groupsOf, listGroups, updateGroup } from './service';

const idParam = (c: Context<AppEnv>) => parseIdParam(c.req.param('id') ?? '');
const member = (c: Context<AppEnv>) => requireUser(c, groupMessages.loginRequired);
const createBodySchema = groupCreateSchema.extend({ uid: optionalUidSchema });
/** A member's id in the path: digits only, never `1e0` or ` 1` (schema/contracts/ids.ts). */
const userIdParam = idSchema('Invalid id');
const commentBodySchema = groupCommentSchema.extend({ uid: optionalUidSchema });

export function groupsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get('/groups', async (c) => {
    const { limit, cursor } = readIdPage(c, GROUPS_PAGE_SIZE);
    const q = c.req.query('q')?.slice(0, GROUP_SEARCH_MAX);
    const rows = await listGroups(db, viewerOf(c), { before: cursor, limit, q });
    return c.json(sendPage(c, rows, limit, (group) => group.id));
  });

  app.get('/social/groups', async (c) => {
    const user = member(c);
    const { limit, cursor } = readIdPage(c, GROUPS_PAGE_SIZE);
    const rows = await groupsOf(db, user, { before: cursor, limit });
    return c.json(sendPage(c, rows, limit, (group) => group.id));
  });

  // A group a moderator hid: 404 to others, shown with its notice to its creator and moderators.
  app.get('/groups/:id', async (c) =>
    c.json(
      await shownUnlessHidden(
        db,
        'groups',
        await getGroup(db, viewerOf(c), idParam(c)),
        c.get('user'),
        groupMessages.notFound,
      ),
    ),
  );
  // The invite link's view: by uid only, the name and the caller's own request (invitation.ts).
  app.get('/groups/:id/invitation', async (c) =>
    c.json(await invitationFor(db, viewerOf(c), c.req.param('id') ?? '')),
  );

  app.post('/groups', async (c) => {
    const user = member(c);
    const { uid, ...input } = await readJson(c, createBodySchema);
    const { group, created } = await createGroup(db, user, input, { uid });
    return c.json(group, created ? 201 : 200);
  });

  app.put('/groups/:id', async (c) => {
    const user = member(c);
    const ref = idParam(c);
    const input = await readJson(c, groupUpdateSchema);
    return c.json(await updateGroup(db, user, ref, input));
  });

  app.delete('/groups/:id', async (c) => {
    const user = member(c);
    const id = await deleteGroup(db, user, idParam(c));
    return c.json({ success: true, id, message: groupMessages.deleted });
  });

  app.post('/groups/:id/join', async (c) => {
    const user = member(c);
    const { membership, created } = await joinGroup(db, user, idParam(c));
    return c.json(membership, created ? 201 : 200);
  });

  app.post('/groups/:id/leave', async (c) => {
    const user = member(c);
    await leaveGroup(db, user, idParam(c));
    return c.json({ success: true, message: groupMessages.left });
  });

  app.post('/groups/:id/invite', async (c) => {
    const user = member(c);
    const ref = idParam(c);
    const { userId } = await readJson(c, groupInviteSchema);
    const { membership, created } = await inviteMember(db, user, ref, userId);
    return c.json(membership, created ? 201 : 200);
  });

  app.post('/groups/:id/transfer', async (c) => {
    const user = member(c);
    const ref = idParam(c);
    const { userId } = await readJson(c, groupInviteSchema);
    return c.json(await transferGroup(db, user, ref, userId));
  });

  app.post('/groups/:id/members/:userId/approve', async (c) => {
    const user = member(c);
    const ref = idParam(c);
    const memberId = parseWith(userIdParam, c.req.param('userId'));
    return c.json(await approveMember(db, user, ref, memberId));
  });

  for (const [path, status] of [
    ['members', 'active'],
    ['requests', 'pending'],
  ] as const)
    app.get(`/groups/:id/${path}`, async (c) => {
      // A hidden group's members and requests are as missing as the group, but to its creator and moderators.
      await shownUnlessHidden(
        db,
        'groups',
        await getGroup(db, viewerOf(c), idParam(c)),
        c.get('user'),
        groupMessages.notFound,
      );
      const { limit, cursor } = readIdPage(c, GROUP_MEMBERS_PAGE_SIZE);
      const rows = await listMemberships(db, viewerOf(c), idParam(c), { status, after: cursor, limit });
      return c.json(sendPage(c, rows, limit, (m) => m.id));
    });

  // The discussion (engagement module): read by whoever may see inside the group, written by its members.
  app.route(
    '/',
    commentRoutes(
      db,
      groupEngagement.comments,
      { content: groupCommentSchema, add: commentBodySchema },
      {
        parents: '/groups',
        comments: '/group-comments',
        signIn: groupMessages.loginToComment,
        pageSize: GROUP_COMMENTS_PAGE_SIZE,
      },
    ),
  );

  return app;
}
