/**
 * Verifies an e-mail token once per page load (docs/product/accounts.md#screens, #states: idle, verifying,
 * success, failure).
 */
import { useEffect, useState } from 'react';
import { toast } from '@web/components/ui/toast';
import { ApiError } from '@web/lib/api';
import { verifyEmail, type VerifyAnswer } from './auth-requests';
import { checkSession } from './use-auth-bootstrap';

export const verifyMessages = {
  networkFailure: 'Unable to verify email. Please try again later.',
  fallbackFailure: 'This verification link is invalid or has expired.',
} as const;

export type VerifyState =
  | { status: 'idle' }
  | { status: 'verifying' }
  | { status: 'success'; message: string; username: string | null }
  | { status: 'failure'; message: string };

/**
 * A token works once, and React may mount the page twice (StrictMode, a remount): sharing the request
 * per token stops the second attempt from reporting "already used" over the first one's success.
 */
const inflight = new Map<string, Promise<VerifyAnswer>>();
function verifyOnce(token: string): Promise<VerifyAnswer> {
  let pending = inflight.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    inflight.set(token, pending);
    // A failed attempt may be retried later (e.g. after reconnecting); a success stays cached.
    pending.catch(() => inflight.delete(token));
  }
  return pending;
}

function failureMessage(err: unknown): string {
  if (err instanceof ApiError && !err.isNetwork && err.status < 500)
    return err.body?.message ?? verifyMessages.fallbackFailure;
  return verifyMessages.networkFailure;
}

type Result = { token: string } & (
  { ok: true; message: string; username: string | null } | { ok: false; message: string }
);

export function useVerifyEmail(token: string | null): VerifyState {
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyOnce(token).then(
      (answer) => {
        if (!active) return;
        setResult({ token, ok: true, message: answer.message, username: answer.user?.username ?? null });
        toast({ title: 'Email Verified!', description: answer.message || undefined });
        // The stored member (if it is them) now carries isEmailVerified from the server.
        void checkSession();
      },
      (err: unknown) => {
        if (active) setResult({ token, ok: false, message: failureMessage(err) });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  if (!token) return { status: 'idle' };
  if (!result || result.token !== token) return { status: 'verifying' };
  return result.ok
    ? { status: 'success', message: result.message, username: result.username }
    : { status: 'failure', message: result.message };
}

/** Tests only: forget shared requests between cases. */
export function resetVerifyCache(): void {
  inflight.clear();
}
