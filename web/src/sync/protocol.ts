/**
 * Guards for what the server sends (schema/contracts/sync.ts). The server is ours, so these check shape
 * cheaply — enough that a truncated or foreign answer (a captive portal's HTML, a proxy error) is treated
 * as a failed request instead of being written into IndexedDB. They run on every pulled row, so they are
 * field checks, not a schema library.
 */
import type {
  BlobAck,
  BlobCheckResponse,
  Change,
  PullResponse,
  PushResponse,
  PushResult,
  ScopeState,
} from '@schema/contracts/sync';
import { scopeNames } from '@schema/contracts/sync-constants';
import type { PublicUser } from '@schema/contracts/users';
import type { Category } from '@schema/contracts/forum';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (o: Record<string, unknown>, k: string) => typeof o[k] === 'string';
const num = (o: Record<string, unknown>, k: string) => typeof o[k] === 'number';

function isPushResult(value: unknown): value is PushResult {
  if (!isObject(value) || !str(value, 'mutationId')) return false;
  if (value.status === 'applied' || value.status === 'duplicate')
    return value.id === undefined || num(value, 'id');
  return value.status === 'rejected' && str(value, 'code') && str(value, 'message');
}

export function isPushResponse(value: unknown): value is PushResponse {
  return isObject(value) && Array.isArray(value.results) && value.results.every(isPushResult);
}

function isChange(value: unknown): value is Change {
  if (!isObject(value) || !num(value, 'seq') || !str(value, 'entity') || !num(value, 'id')) return false;
  if (value.uid !== null && !str(value, 'uid')) return false;
  if (value.op === 'delete') return true;
  return value.op === 'upsert' && isObject(value.data);
}

const knownScopes: readonly string[] = scopeNames;

function isScopeState(value: unknown): value is ScopeState {
  return (
    isObject(value) &&
    typeof value.scope === 'string' &&
    knownScopes.includes(value.scope) &&
    str(value, 'cursor') &&
    typeof value.hasMore === 'boolean' &&
    // A window's size (S27); an older server sends none, and the last value the device got stays.
    (value.window === undefined || (Number.isInteger(value.window) && Number(value.window) > 0))
  );
}

/** The answer of `POST /api/sync/pull` (S25). */
export function isPullResponse(value: unknown): value is PullResponse {
  return (
    isObject(value) &&
    Array.isArray(value.changes) &&
    Array.isArray(value.scopes) &&
    value.scopes.every(isScopeState) &&
    value.changes.every(isChange)
  );
}

/** A REST list page: an array of records (docs/api.md "Paging"); each row is checked by its descriptor. */
export function isRowList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.every(isObject);
}

export function isBlobAck(value: unknown): value is BlobAck {
  return isObject(value) && str(value, 'sha256') && str(value, 'url') && str(value, 'thumbUrl');
}

/** The answer of `POST /api/sync/blobs/check` (S9). */
export function isBlobCheckResponse(value: unknown): value is BlobCheckResponse {
  return isObject(value) && Array.isArray(value.stored) && value.stored.every(isBlobAck);
}

export function isPublicUserData(
  value: Record<string, unknown>,
): value is Record<string, unknown> & PublicUser {
  return num(value, 'id') && str(value, 'username');
}

export function isCategoryData(value: Record<string, unknown>): value is Record<string, unknown> & Category {
  return num(value, 'id') && str(value, 'name') && str(value, 'slug') && num(value, 'count');
}
