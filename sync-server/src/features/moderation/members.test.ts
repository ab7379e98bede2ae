/**
 * Moderators acting on a member without a report (docs/moderation.md "The queue and the log"), through the
 * real app on the engine the run names: `GET /api/moderation/members/{username}` shows a member's
 * suspension and history to moderators only, and the queue shows a reported author's suspension in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberStanding, QueueItem } from '@schema/contracts/moderation';
import { createTestApp, type TestApp } from '../../test/harness';
import { official, signedIn, type TestClient } from '../../sync/test-fixtures';

type Member = { client: TestClient; user: { id: number } };
let t: TestApp;
let member: Member;
let other: Member;
let boss: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedIn(t, 'Standing_member');
  other = await signedIn(t, 'standing_other');
  boss = await official(t);
});
afterAll(() => t.close());

describe('GET /api/moderation/members/{username}', () => {
  it('moderators only: 401 signed out, 403 members, 404 for nobody', async () => {
    expect((await t.client().get('/api/moderation/members/standing_member')).status).toBe(401);
    expect((await other.client.get('/api/moderation/members/standing_member')).status).toBe(403);
    expect((await boss.get('/api/moderation/members/nobody_at_all')).status).toBe(404);
  });

  it('shows a suspension in force and the history, by any case of the name; lifted, none', async () => {
    const before = (await boss.get('/api/moderation/members/standing_member')).json as MemberStanding;
    expect(before).toMatchObject({ id: member.user.id, username: 'Standing_member', moderator: false });
    expect(before.suspension).toBeNull();

    await boss.post('/api/moderation/actions', {
      action: 'suspend',
      userId: member.user.id,
      reason: 'Spam',
      days: 7,
    });
    const during = (await boss.get('/api/moderation/members/STANDING_MEMBER')).json as MemberStanding;
    expect(during.suspension?.reason).toBe('Spam');
    expect(Date.parse(during.suspension?.until ?? '')).toBeGreaterThan(Date.now());
    expect(during.history.map((e) => e.action)).toEqual(['suspend']);

    // Report the member's profile: their standing shows on the queue item's author.
    await other.client.post('/api/reports', { entity: 'users', id: member.user.id, reason: 'spam' });
    const queue = (await boss.get('/api/moderation/reports?limit=100')).json as QueueItem[];
    const item = queue.find((i) => i.entity === 'users' && i.id === member.user.id);
    expect(item?.author?.suspendedUntil).toBe(during.suspension?.until);

    await boss.post('/api/moderation/actions', { action: 'unsuspend', userId: member.user.id, reason: 'Ok' });
    const after = (await boss.get('/api/moderation/members/standing_member')).json as MemberStanding;
    expect(after.suspension).toBeNull();
    const requeued = (await boss.get('/api/moderation/reports?limit=100')).json as QueueItem[];
    expect(
      requeued.find((i) => i.entity === 'users' && i.id === member.user.id)?.author?.suspendedUntil,
    ).toBeNull();
  });
});
