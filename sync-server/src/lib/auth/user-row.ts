/**
 * A member as the session resolves them. Its own module so that env.ts (the Hono variables) and
 * session.ts (which reads them) both depend on it instead of on each other.
 */
import type { users } from '@schema/db/tables';

export type UserRow = typeof users.$inferSelect;
