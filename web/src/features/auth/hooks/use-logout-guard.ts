/**
 * HOOK POINT for the sync issue: before logging out, the header asks this hook whether anything would be
 * lost. Today nothing is queued, so it never warns. The sync work should return the number of unsynced
 * outbox items for the member (a live query on the outbox) and a message such as "3 changes have not
 * synced yet…"; HeaderAuth then asks for confirmation before logging out.
 */
export interface LogoutGuard {
  /** A warning to confirm before logging out, or null to log out at once. */
  warning: string | null;
}

export function useLogoutGuard(): LogoutGuard {
  return { warning: null };
}
