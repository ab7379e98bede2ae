/**
 * Turning server and network failures into the product's texts (docs/product/accounts.md#errors). Pure: no
 * React, no fetch.
 */
import { authMessages } from '@schema/contracts/auth-constants';
import { ApiError } from '@web/lib/api';

/** The one line the Sign In dialog shows for a failed login. */
export function loginErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError) || err.isNetwork) return authMessages.loginWrapped;
  const body = err.body;
  if (body?.accountNotFound) return authMessages.accountNotFound;
  if (body?.emailVerificationRequired) return authMessages.emailVerificationRequired;
  if (err.status === 401) return authMessages.loginFailed;
  // 429 (rate limit) and 400 (validation) carry a message meant for the member.
  if ((err.status === 429 || err.status === 400) && body?.message) return body.message;
  return authMessages.loginWrapped;
}

/** The server's message when it sent one, else the fallback (network failures and 5xx get the fallback). */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && !err.isNetwork && err.status < 500 && err.body?.message)
    return err.body.message;
  return fallback;
}

export interface FieldErrors<K extends string> {
  /** Messages for fields the form knows, keyed by field name. */
  fields: Partial<Record<K, string>>;
  /** A message that belongs to no known field (shown as a form-level alert). */
  form: string | null;
}

/**
 * Places a 400/409 answer on the form's fields: `fields` from the body when the server sent them, else
 * the message is matched to a field by what it talks about (a 409 on register is a taken username or e-mail).
 */
export function fieldErrorsFrom<K extends string>(
  err: unknown,
  known: readonly K[],
  fallback: string,
): FieldErrors<K> {
  const result: FieldErrors<K> = { fields: {}, form: null };
  if (!(err instanceof ApiError) || err.isNetwork || err.status >= 500) {
    result.form = fallback;
    return result;
  }
  const body = err.body;
  const isKnown = (key: string): key is K => (known as readonly string[]).includes(key);
  for (const [key, message] of Object.entries(body?.fields ?? {})) {
    if (isKnown(key)) result.fields[key] = message;
  }
  if (Object.keys(result.fields).length > 0) return result;
  const message = body?.message ?? fallback;
  const guessed = known.find((key) => message.toLowerCase().includes(key.toLowerCase()));
  if (guessed && (err.status === 400 || err.status === 409)) result.fields[guessed] = message;
  else result.form = message;
  return result;
}
