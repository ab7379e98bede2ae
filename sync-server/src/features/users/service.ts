/**
 * The member directory: reads of other members. Only the columns of a public user are selected, so a
 * password hash, e-mail address or token is never even loaded for these answers.
 */
import { and, asc, count, gt, ne, sql, type SQL } from 'drizzle-orm';
import { users } from '@schema/db/tables';
import type { Deps } from '../../deps';
import { first } from '../../lib/query';
import { equalsIgnoringCase, idEquals, integerBound } from '../../lib/sql';

const publicColumns = {
  id: users.id,
  username: users.username,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  createdAt: users.createdAt,
};

/**
 * `?q=`: the name contains the term, ignoring case. A name that looks like an e-mail address is shown to
 * others masked (docs/product/accounts.md), so it is searched by what the mask shows — its first two
 * characters — and a search cannot probe the address letter by letter (docs/privacy.md).
 */
function nameMatches(q: string): SQL {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const shown = sql`case when ${users.username} like '%@%' then substr(${users.username}, 1, 2) else ${users.username} end`;
  return sql`lower(${shown}) like ${pattern} escape '\\'`;
}

export interface MemberQuery {
  afterId: number | null;
  limit: number;
  q?: string | undefined;
  /** The Find Users dialog leaves the member who searches out. */
  excludeId?: number | undefined;
}

/** Members in id order after `afterId`; one row more than `limit` tells sendPage another page follows. */
export function listMembers(deps: Deps, query: MemberQuery) {
  const { afterId, limit, q, excludeId } = query;
  return deps.db
    .select(publicColumns)
    .from(users)
    .where(
      and(
        afterId === null ? undefined : gt(users.id, integerBound(afterId)),
        q ? nameMatches(q) : undefined,
        excludeId === undefined ? undefined : ne(users.id, excludeId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit + 1);
}

export async function countMembers(deps: Deps): Promise<number> {
  return (await first(deps.db.select({ total: count() }).from(users)))?.total ?? 0;
}

export function memberById(deps: Deps, id: number) {
  return first(deps.db.select(publicColumns).from(users).where(idEquals(users.id, id)));
}

/** Names are unique ignoring case, and looked up as the unique index compares (lib/sql.ts). */
export function memberByUsername(deps: Deps, username: string) {
  return first(
    deps.db
      .select(publicColumns)
      .from(users)
      .where(equalsIgnoringCase(deps.db, users.username, username.trim())),
  );
}
