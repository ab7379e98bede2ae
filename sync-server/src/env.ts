import type { UserRow } from './lib/auth/user-row';

/** Hono environment shared by every sub-app: the session's member, or null. */
export interface AppEnv {
  Variables: {
    user: UserRow | null;
  };
}
