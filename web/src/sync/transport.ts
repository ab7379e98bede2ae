/**
 * The engine's HTTP layer over an injected fetch (the browser's, or in tests one that calls the server
 * app in-process). Every failure is classified once, here, so push, pull and uploads decide alike:
 *   network / 5xx / 429 → retry later with backoff, keep everything (offline is the normal case);
 *   401                 → pause until the member signs in again (C6);
 *   other 4xx           → the server refused this request: not retried blindly.
 */
import { isErrorBody } from '@schema/contracts/errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type FailureKind = 'network' | 'server' | 'auth' | 'client';

export class SyncHttpError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SyncHttpError';
  }

  get retryable(): boolean {
    return this.kind === 'network' || this.kind === 'server';
  }
}

/** `data` is the parsed JSON, unchecked: callers read it through the guards in protocol.ts. */
export interface HttpAnswer {
  status: number;
  data: unknown;
  /** `X-Next-Cursor` of a REST list page (docs/api.md "Paging"); null on its last page. */
  nextCursor: string | null;
}

function kindOf(status: number): FailureKind {
  if (status === 401) return 'auth';
  if (status >= 500 || status === 429 || status === 408) return 'server';
  return 'client';
}

/**
 * Sends one request and parses the JSON answer. `okStatuses` lets a caller treat e.g. 404 as an answer
 * (a blob not uploaded yet) rather than a failure.
 */
export async function request(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit = {},
  okStatuses: readonly number[] = [],
): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      credentials: 'include',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (err) {
    // No answer at all: offline, DNS, connection reset, or the answer was lost on the way back.
    throw new SyncHttpError('network', 0, 'network', err instanceof Error ? err.message : 'Network error');
  }
  let text = '';
  try {
    text = await res.text();
  } catch (err) {
    throw new SyncHttpError('network', 0, 'network', err instanceof Error ? err.message : 'Network error');
  }
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (res.ok || okStatuses.includes(res.status))
    return { status: res.status, data, nextCursor: res.headers.get('X-Next-Cursor') };
  const body = isErrorBody(data) ? data : null;
  throw new SyncHttpError(
    kindOf(res.status),
    res.status,
    body?.code ?? `http-${res.status}`,
    body?.message ?? `${res.status}: ${text || res.statusText}`,
  );
}

export function jsonInit(method: string, body: unknown): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
