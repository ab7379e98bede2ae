/**
 * The member's achievements and tour on two devices (docs/product/achievements.md "The device, the toast
 * and offline"), against the real server in process with each device's own sync engine: tour actions made
 * offline wait in the outbox, the synced record crosses to the second device (merged when both were
 * offline), and each unlock is announced once, on the device in use.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingUid } from '@schema/contracts/onboarding';
import type { DigQuestDb } from '@web/db/database';
import { ApiError } from '@web/lib/api';
import {
  appFetch,
  createTestApp,
  device,
  member,
  type Device,
  type Member,
  type TestApp,
} from '@web/sync/test-utils';
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
  dev: Device;
}

/** One browser of the member: its own IndexedDB, sync engine, network switch and toasts. */
async function deviceOf(who: Member): Promise<Phone> {
  const state = { online: true };
  const dev = await device(t, who, { engine: { isOnline: () => state.online } });
  const db = dev.db;
  const fetchLike = appFetch(t, () => who.cookie);
  const phone: Phone = {
    db,
    dev,
    announced: [],
    get online() {
      return state.online;
    },
    set online(value: boolean) {
      state.online = value;
    },
    store: createAchievementStore({
      db,
      announce: (text) => phone.announced.push(text),
      async request<T>(path: string, init: { method?: string; json?: unknown } = {}) {
        if (!state.online) throw new ApiError(0, null, 'offline');
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

/** A sync cycle, then the achievements read (what the app does when a cycle ends). */
async function synced(phone: Phone, id: number): Promise<void> {
  await phone.dev.engine.sync();
  await phone.store.refresh(id);
}

describe('the tour across devices', () => {
  it('offline steps wait in the outbox and are shown at once; the second device pulls them, then the skip, then the restart', async () => {
    const who = await member(t, 'traveller');
    const phone = await deviceOf(who);
    const desktop = await deviceOf(who);
    const id = who.user.id;
    const uid = onboardingUid(id);
    await synced(phone, id);
    await synced(desktop, id);
    phone.announced.length = 0;
    expect(await desktop.store.readTour(id)).toMatchObject({ currentStep: 'welcome', showTour: true });

    phone.online = false;
    await phone.store.tourAction(id, { action: 'finish-step', step: 'welcome' });
    await phone.store.tourAction(id, { action: 'finish-step', step: 'forum' });
    expect(phone.announced).toEqual(['Welcome Aboard · +50 points', 'Community Explorer · +30 points']);
    expect(await phone.db.outbox.where('[entity+uid]').equals(['onboarding', uid]).count()).toBe(1);
    expect(await phone.store.readTour(id)).toMatchObject({
      currentStep: 'finds',
      completedSteps: ['welcome', 'forum'],
      showTour: true,
    });

    await synced(desktop, id);
    expect(await desktop.store.readTour(id)).toMatchObject({ completedSteps: [], showTour: true });

    phone.online = true;
    await synced(phone, id);
    expect(await phone.db.outbox.count()).toBe(0);
    const sent = await phone.store.readState(id);
    expect(sent.achievements?.find((a) => a.id === 'welcome-aboard')).toMatchObject({ isUnlocked: true });
    // The tour announced its own rewards; the unlock they caused is not announced a second time.
    expect(phone.announced).toEqual(['Welcome Aboard · +50 points', 'Community Explorer · +30 points']);

    await synced(desktop, id);
    expect(await desktop.store.readTour(id)).toMatchObject({
      currentStep: 'finds',
      completedSteps: ['welcome', 'forum'],
      showTour: true,
    });

    await desktop.store.tourAction(id, { action: 'skip' });
    await synced(desktop, id);
    await synced(phone, id);
    expect(await phone.store.readTour(id)).toMatchObject({ skippedTour: true, showTour: false });

    await phone.store.tourAction(id, { action: 'restart' });
    expect(await phone.store.readTour(id)).toMatchObject({ currentStep: 'welcome', showTour: true });
    await synced(phone, id);
    await synced(desktop, id);
    expect(await desktop.store.readTour(id)).toMatchObject({
      currentStep: 'welcome',
      completedSteps: [],
      showTour: true,
    });
    await Promise.all([phone.dev.close(), desktop.dev.close()]);
  });

  it('two devices offline at once: neither loses the other’s finished step', async () => {
    const who = await member(t, 'wanderer');
    const phone = await deviceOf(who);
    const desktop = await deviceOf(who);
    const id = who.user.id;
    phone.online = false;
    desktop.online = false;
    await phone.store.tourAction(id, { action: 'finish-step', step: 'welcome' });
    await desktop.store.tourAction(id, { action: 'finish-step', step: 'forum' });
    phone.online = true;
    desktop.online = true;
    await synced(phone, id);
    await synced(desktop, id);
    await synced(phone, id);
    for (const dev of [phone, desktop])
      expect(await dev.store.readTour(id)).toMatchObject({ completedSteps: ['welcome', 'forum'] });
    await Promise.all([phone.dev.close(), desktop.dev.close()]);
  });

  it('waits for the first pull before offering the tour, so a tour finished elsewhere is not offered again', async () => {
    const who = await member(t, 'finisher');
    const id = who.user.id;
    const res = await appFetch(t, () => who.cookie)('/api/onboarding', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'skip' }),
    });
    expect(res.status).toBe(200);
    const fresh = await deviceOf(who);
    expect(await fresh.store.readTour(id)).toMatchObject({ showTour: false, skippedTour: false });
    await fresh.dev.engine.sync();
    expect(await fresh.store.readTour(id)).toMatchObject({ showTour: false, skippedTour: true });
    await fresh.dev.close();
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
