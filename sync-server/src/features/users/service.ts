/**
 * The member directory: reads of other members. Only the columns of a public user are selected, so a
 * password hash, e-mail address or token is never even loaded for these answers.
 */
import { asc, count, eq, gt, sql } from 'drizzle-orm';
import { users } from '@schema/db/tables';
import type { Deps } from '../../deps';

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
    .where(afterId === null ? undefined : gt(users.id, afterId))
    .orderBy(asc(users.id))
    .limit(limit + 1)
    .all();
}

export function countMembers(deps: Deps): number {
  return deps.db.select({ total: count() }).from(users).get()?.total ?? 0;
}

export function memberById(deps: Deps, id: number) {
  return deps.db.select(publicColumns).from(users).where(eq(users.id, id)).get();
}

/** Names are unique ignoring case (the index is COLLATE NOCASE), and looked up the same way. */
export function memberByUsername(deps: Deps, username: string) {
  return deps.db
    .select(publicColumns)
    .from(users)
    .where(sql`${users.username} = ${username.trim()} COLLATE NOCASE`)
    .get();
}
