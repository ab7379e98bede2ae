/** Helpers for the social tests (never imported by the app). */
import type { TestClient } from '../../sync/test-fixtures';

export const followAs = (client: TestClient, targetUserId: unknown, action: unknown = 'follow', extra = {}) =>
  client.post('/api/social/follow', { targetUserId, action, ...extra });

export const errorOf = (res: { status: number; json: { message?: string } | undefined }) => [
  res.status,
  res.json?.message,
];
