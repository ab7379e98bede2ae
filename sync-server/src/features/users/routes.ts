/**
 * Reading members (docs/product/accounts.md#api-calls): the list, one member by id or by name. Every answer
 * is a public user: no e-mail address, ever (docs/privacy.md#e-mail-addresses). The member's own record
 * with e-mail comes only from features/auth (GET /api/auth/user and the account writes). Names that look
 * like e-mail addresses reach everyone but their member masked (toPublicUserFor).
 */
import { Hono } from 'hono';
import { accountMessages, authMessages } from '@schema/contracts/auth';
import { USER_SEARCH_MAX } from '@schema/contracts/social-constants';
import { isEmailLike, toPublicUserFor } from '@schema/contracts/users';
import type { Deps } from '../../deps';
import type { AppEnv } from '../../env';
import { badRequest, notFound } from '../../lib/errors';
import { readPage, sendPage } from '../../lib/paging';
import { countMembers, listMembers, memberById, memberByUsername } from './service';

export function usersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/users', async (c) => {
    const { limit, cursor } = readPage<unknown>(c);
    if (cursor !== null && !Number.isSafeInteger(cursor)) throw badRequest('Invalid cursor');
    const afterId = typeof cursor === 'number' ? cursor : null;
    // `?q=`: the Find Users dialog (docs/product/social.md): the caller is left out of the answer.
    const q = c.req.query('q')?.trim().slice(0, USER_SEARCH_MAX) || undefined;
    const excludeId = q ? c.get('user')?.id : undefined;
    const rows = await listMembers(deps, { afterId, limit, q, excludeId });
    const page = sendPage(c, rows, limit, (row) => row.id);
    // The home page's "View All" members dialog shows the total, not just this page's length.
    c.header('X-Total-Count', String(await countMembers(deps)));
    c.header('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count');
    const viewerId = c.get('user')?.id;
    return c.json(page.map((row) => toPublicUserFor(row, viewerId)));
  });

  app.get('/users/by-username/:username', async (c) => {
    const member = await memberByUsername(deps, c.req.param('username'));
    const viewerId = c.get('user')?.id;
    // A name that looks like an e-mail address is its member's alone: to anyone else the lookup answers
    // as for a name nobody has, so it cannot confirm a guessed address (docs/privacy.md). By id it is found.
    if (!member || (isEmailLike(member.username) && viewerId !== member.id))
      throw notFound(authMessages.lookupNotFound);
    return c.json(toPublicUserFor(member, viewerId));
  });

  app.get('/users/:id', async (c) => {
    const raw = c.req.param('id');
    // Accounts have numeric ids only (docs/sync.md#record-identity: registration needs the network).
    const member = /^\d{1,15}$/.test(raw) ? await memberById(deps, Number(raw)) : undefined;
    if (!member) throw notFound(accountMessages.userNotFound);
    return c.json(toPublicUserFor(member, c.get('user')?.id));
  });

  return app;
}
