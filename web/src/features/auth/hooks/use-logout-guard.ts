/**
 * Before logging out, the header asks whether anything would be left unsynced. The queue stays on this
 * device (it belongs to the member who wrote it and is pushed the next time they sign in), but the member
 * is told first and asked to confirm.
 */
import { useUnsyncedWarning } from '@web/sync';

export interface LogoutGuard {
  /** A warning to confirm before logging out, or null to log out at once. */
  warning: string | null;
}

export function useLogoutGuard(): LogoutGuard {
  return { warning: useUnsyncedWarning() };
}
