/**
 * The member's achievements and tour on two devices (docs/product/achievements.md "The device, the toast
 * and offline"), against the real server in process: tour actions made offline wait and are sent in order,
 * the state crosses to the second device, and each unlock is announced once, on the device in use.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { DigQuestDb } from '@web/db/database';
import { ApiError } from '@web/lib/api';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { createAchievementStore, FRESH_UNLOCK_MS, type AchievementStore } from './state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Phone {
  store: AchievementStore;
  announced: string[];
  online: boolean;
  db: DigQuestDb;
}

/** One browser of the member: its own IndexedDB, its own network switch, its own toasts. */
async function deviceOf(who: Member): Promise<Phone> {
  const db = new DigQuestDb(`achievements-${uuidv7()}`);
  await db.open();
  const fetchLike = appFetch(t, () => who.cookie);
  const phone: Phone = {
    db,
    announced: [],
    online: true,
    store: createAchievementStore({
      db,
      announce: (text) => phone.announced.push(text),
      async request<T>(path: string, init: { method?: string; json?: unknown } = {}) {
        if (!phone.online) throw new ApiError(0, null, 'offline');
        const res = await fetchLike(path, {
          method: init.method ?? 'GET',
          headers: { 'content-type': 'application/json' },
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
        });
        if (!res.ok) throw new ApiError(res.status, null, await res.text());
        return (await res.json()) as T;
      },
    }),
  };
  return phone;
}

describe('the tour across devices', () => {
  it('offline steps wait on the device and are sent in order; the second device sees them, then the skip', async () => {
    const who = await member(t, 'traveller');
    const phone = await deviceOf(who);
    const desktop = await deviceOf(who);
    const id = who.user.id;

    phone.online = false;
    await phone.store.tourAction(id, { action: 'finish-step', step: 'welcome' });
    await phone.store.tourAction(id, { action: 'finish-step', step: 'forum' });
    expect(phone.announced).toEqual(['Welcome Aboard · +50 points', 'Community Explorer · +30 points']);
    const waiting = await phone.store.readState(id);
    expect(waiting.pending).toHaveLength(2);
    expect(waiting.onboarding).toMatchObject({ currentStep: 'finds', completedSteps: ['welcome', 'forum'] });

    await desktop.store.refresh(id);
    expect((await desktop.store.readState(id)).onboarding).toMatchObject({
      completedSteps: [],
      showTour: true,
    });

    phone.online = true;
    await phone.store.refresh(id);
    const sent = await phone.store.readState(id);
    expect(sent.pending).toEqual([]);
    expect(sent.achievements?.find((a) => a.id === 'welcome-aboard')).toMatchObject({ isUnlocked: true });
    // The tour announced its own rewards; the unlock they caused is not announced a second time. (The
    // member is one of the first 100: Early Bird, unlocked at the first read, is new to this device.)
    expect(phone.announced).toEqual([
      'Welcome Aboard · +50 points',
      'Community Explorer · +30 points',
      'Early Bird · +500 points',
    ]);

    await desktop.store.refresh(id);
    expect((await desktop.store.readState(id)).onboarding).toMatchObject({
      currentStep: 'finds',
      completedSteps: ['welcome', 'forum'],
      showTour: true,
    });

    await desktop.store.tourAction(id, { action: 'skip' });
    await phone.store.refresh(id);
    expect((await phone.store.readState(id)).onboarding).toMatchObject({
      skippedTour: true,
      showTour: false,
    });

    await phone.store.tourAction(id, { action: 'restart' });
    await desktop.store.refresh(id);
    expect((await desktop.store.readState(id)).onboarding).toMatchObject({
      currentStep: 'welcome',
      completedSteps: [],
      showTour: true,
    });
  });
});

describe('announcing unlocks', () => {
  it('announces a new unlock once on the device that reads it; a device reading its first list replays nothing old', async () => {
    const who = await member(t, 'announcer');
    const id = who.user.id;
    const phone = await deviceOf(who);
    // One of the first 100 members: Early Bird unlocks at the first read (the member was made directly).
    await phone.store.refresh(id);
    expect(phone.announced).toEqual(['Early Bird · +500 points']);

    const post = { title: 'A first dig report', content: 'Wet clay and a Georgian button.', categoryId: 1 };
    const res = await appFetch(t, () => who.cookie)('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(post),
    });
    expect(res.status).toBe(201);

    await phone.store.refresh(id);
    await phone.store.refresh(id);
    expect(phone.announced).toEqual(['Early Bird · +500 points', 'First Post · +25 points']);

    // A new device within FRESH_UNLOCK_MS still hears of them (the member may have switched devices) …
    const tablet = await deviceOf(who);
    await tablet.store.refresh(id);
    expect(tablet.announced.sort()).toEqual(['Early Bird · +500 points', 'First Post · +25 points']);
    // … a device whose first read comes later does not.
    const later = await deviceOf(who);
    const realNow = Date.now;
    Date.now = () => realNow() + FRESH_UNLOCK_MS + 1000;
    try {
      await later.store.refresh(id);
    } finally {
      Date.now = realNow;
    }
    expect(later.announced).toEqual([]);
  });
});
