/**
 * A member as moderators look them up to act on them without a report (docs/moderation.md "The queue and
 * the log"): by username, their standing — whether they moderate, their suspension in force — and their
 * earlier moderation actions, so a suspension can be lifted from /moderation.
 */
import { eq, sql } from 'drizzle-orm';
import { isSuspended, type MemberStanding } from '@schema/contracts/moderation';
import { users } from '@schema/db/tables';
import type { Store } from '../../lib/db';
import { isStaff } from '../../lib/moderation';
import { first } from '../../lib/query';
import { readLog } from './queue';

const HISTORY = 10;

/** The member named `username` (any case), or undefined. */
export async function memberStanding(store: Store, username: string): Promise<MemberStanding | undefined> {
  const row = await first(
    store
      .select({
        id: users.id,
        username: users.username,
        role: users.role,
        suspendedUntil: users.suspendedUntil,
        suspensionReason: users.suspensionReason,
      })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase())),
  );
  if (!row) return undefined;
  const until = row.suspendedUntil;
  return {
    id: row.id,
    username: row.username,
    moderator: isStaff(row),
    suspension: until !== null && isSuspended(until) ? { until, reason: row.suspensionReason } : null,
    history: await readLog(store, null, HISTORY, row.id),
  };
}
