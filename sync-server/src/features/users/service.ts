/**
 * The member directory: reads of other members. Only the columns of a public user are selected, so a
 * password hash, e-mail address or token is never even loaded for these answers.
 */
import { asc, count, gt } from 'drizzle-orm';
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

/** Members in id order after `afterId`; one row more than `limit` tells sendPage another page follows. */
export function listMembers(deps: Deps, afterId: number | null, limit: number) {
  return deps.db
    .select(publicColumns)
    .from(users)
    .where(afterId === null ? undefined : gt(users.id, integerBound(afterId)))
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
