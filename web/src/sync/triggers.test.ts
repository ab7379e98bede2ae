import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { DigQuestDb } from '@web/db/database';
import type { SyncEngine, SyncReason } from './engine';
import { startSyncTriggers } from './triggers';
import { createTestApp, device, jpegBytes, member, queueFind, serverRows, type TestApp } from './test-utils';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function recordingEngine(): SyncEngine & { reasons: SyncReason[] } {
  const reasons: SyncReason[] = [];
  return {
    reasons,
    requestSync: (reason) => void reasons.push(reason),
    sync: async () => ({ outcome: 'synced', applied: 0, rejected: 0, pulled: 0 }),
    status: { phase: 'idle', lastError: null, nextRetryAt: null },
    dispose: () => undefined,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sync triggers', () => {
  it('C12: start-up, online, visible, a 30 s poll only while visible, local writes and session changes', async () => {
    const db = new DigQuestDb(`triggers-${uuidv7()}`);
    const engine = recordingEngine();
    const win = new EventTarget();
    const doc = new FakeDocument();
    const stop = startSyncTriggers(engine, db, { window: win, document: doc, intervalMs: 20 });
    const count = (reason: SyncReason) => engine.reasons.filter((r) => r === reason).length;

    expect(engine.reasons).toEqual(['startup']);
    win.dispatchEvent(new Event('online'));
    expect(count('online')).toBe(1);
    await waitFor(() => count('interval') >= 2);

    doc.show('hidden');
    const polled = count('interval');
    await sleep(80);
    expect(count('interval')).toBe(polled);

    doc.show('visible');
    expect(count('visible')).toBe(1);
    await waitFor(() => count('interval') > polled);

    await db.session.put({ key: 'current', user: null, checkedAt: 'a' });
    await db.session.put({ key: 'current', user: null, checkedAt: 'b' });
    await waitFor(() => count('session') >= 1);

    stop();
    const total = engine.reasons.length;
    win.dispatchEvent(new Event('online'));
    doc.show('visible');
    await sleep(60);
    expect(engine.reasons.length).toBe(total);
    db.close();
  });

  it('C12: the tab becoming visible pushes what was queued while it was away', async () => {
    const m = await member(t, `visible${Date.now()}`);
    let online = false;
    const dev = await device(t, m, { engine: { isOnline: () => online } });
    const win = new EventTarget();
    const doc = new FakeDocument();
    doc.visibilityState = 'hidden';
    const stop = startSyncTriggers(dev.engine, dev.db, { window: win, document: doc, intervalMs: 60_000 });
    const uid = await queueFind(dev, m.user.id, { title: 'Pilgrim ampulla' }, await jpegBytes(41));
    await sleep(30);
    expect(await dev.db.outbox.count()).toBe(1);

    online = true; // the network came back while the tab was in the background; no 'online' event reached it
    doc.show('visible');
    await waitFor(async () => (await dev.db.outbox.count()) === 0);
    expect(await serverRows(t, `SELECT uid FROM finds WHERE uid = '${uid}'`)).toHaveLength(1);
    stop();
    await dev.close();
  });
});
