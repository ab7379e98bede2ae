// @vitest-environment jsdom
/**
 * Reporting with no signal (docs/moderation.md "Reports"), against the real server in process: the report
 * is kept in the device's outbox and nothing reaches the server; the next sync files it, and the member is
 * told it was sent. Online, the dialog's wait sees the server's id at once; a refusal (the member's own
 * record) comes back to the dialog and does not stay in "Not synced".
 */
import 'fake-indexeddb/auto';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationMessages } from '@schema/contracts/moderation';
import { reportTexts, sendReport } from '@web/components/moderation/report';
import { useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync/engine';
import {
  appFetch,
  createTestApp,
  member,
  serverRows,
  signedIn,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
import { MemberNotices } from './member-notices';
import { queueReport } from './report-queue';

let t: TestApp;
let me: Member;
let postId: number;
let online = false;

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'careful_reporter');
  const author = await signedIn(t, 'loose_lips');
  const res = await author.client.post('/api/posts', {
    title: 'Field behind the church',
    content: 'Gate code 4471; the farmer never checks on Sundays.',
    categoryId: 1,
    imageUrl: null,
  });
  expect(res.status).toBe(201);
  postId = (res.json as { id: number }).id;
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
}, 30_000);
afterAll(() => t.close());
beforeEach(() => {
  online = false;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => me.cookie),
  );
  useToastStore.getState().dismiss();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A sync as the app runs it. */
async function syncOnce() {
  const sync = createSyncEngine({
    db,
    fetch: appFetch(t, () => me.cookie),
    isOnline: () => online,
    random: () => 0.5,
  });
  await sync.sync('manual');
  sync.dispose();
}
const serverReports = async () =>
  (await serverRows(t, `SELECT reason FROM reports WHERE reporter_id = ${me.user.id}`)).length;
const toastTitles = () => useToastStore.getState().toasts.map((toast) => toast.title);

describe('reporting through the outbox', () => {
  it('offline: kept on the device, nothing sent; the next sync files it and the member is told', async () => {
    // Mounting the notices installs the outbox sender for every Report dialog.
    render(<MemberNotices userId={me.user.id} />);
    const outcome = await sendReport({
      entity: 'posts',
      id: postId,
      reason: 'reveals_location',
      note: 'Gate code',
    });
    expect(outcome).toEqual({ state: 'queued' });
    expect(await db.outbox.where('entity').equals('reports').count()).toBe(1);
    expect(await serverReports()).toBe(0);
    expect(toastTitles()).not.toContain(reportTexts.sentLater);

    online = true;
    await syncOnce();
    expect(await serverReports()).toBe(1);
    expect(await db.outbox.where('entity').equals('reports').count()).toBe(0);
    await waitFor(() => expect(toastTitles()).toContain(reportTexts.sentLater));
  });

  it('online: the wait sees the server’s id and answers sent, with no second notice', async () => {
    online = true;
    const outcome = await queueReport(
      { entity: 'posts', id: postId, reason: 'spam', note: null },
      { sync: () => void syncOnce() },
    );
    expect(outcome).toEqual({ state: 'sent' });
    expect(toastTitles()).not.toContain(reportTexts.sentLater);
  });

  it('a refusal comes back to the dialog and leaves nothing in "Not synced"', async () => {
    online = true;
    const res = await appFetch(t, () => me.cookie)('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'My own post', content: 'My own words on a post', categoryId: 1, imageUrl: null }),
    });
    const own: unknown = await res.json();
    expect(res.status, JSON.stringify(own)).toBe(201);
    const outcome = await queueReport(
      { entity: 'posts', id: (own as { id: number }).id, reason: 'spam', note: null },
      { sync: () => void syncOnce() },
    );
    expect(outcome).toMatchObject({ state: 'refused', message: moderationMessages.ownRecord });
    expect(await db.outbox.where('entity').equals('reports').count()).toBe(0);
  });
});
