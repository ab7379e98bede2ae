/**
 * fetch for our own API: credentials always sent, JSON in and out, and failures thrown as ApiError with
 * the server's error body (docs/api.md#errors: message, code, and the product's extra flags).
 */
import { isErrorBody, type ErrorBody } from '@schema/contracts/errors';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
  ) {
    super(message);
  }
  /** True when no answer came back at all (offline, DNS, connection refused). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'include',
      ...rest,
      headers: {
        Accept: 'application/json',
        ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (err) {
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = isErrorBody(data) ? data : null;
    throw new ApiError(res.status, body, body?.message ?? `${res.status}: ${text || res.statusText}`);
  }
  return data as T;
}
