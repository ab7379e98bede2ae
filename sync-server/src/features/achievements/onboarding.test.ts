/**
 * The onboarding tour's state (docs/product/achievements.md "Tour state"): every step, skip, restart, the
 * state crossing to the member's second device, the official account, and the tour's two achievements —
 * over REST and as the synced `onboarding` record a device pushes after being offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingMessages, tourStepIds, type OnboardingState } from '@schema/contracts/achievements';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import { onboardingUid } from '@schema/contracts/onboarding';
import {
  mutation,
  pullScopes,
  push,
  SIGNED_IN_PASSWORD,
  signedIn,
  type TestClient,
} from '../../sync/test-fixtures';
import { earnedIds, pushOne } from './test-fixtures';

let t: TestApp;
let members = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.put('/api/onboarding', body);
  if (res.status !== 200) throw new Error(`onboarding: ${res.status} ${res.text}`);
  return res.json as OnboardingState;
};
const get = async (client: TestClient) => (await client.get('/api/onboarding')).json as OnboardingState;

/** The same member signed in on a second device: a session of their own. */
async function secondDevice(username: string, password = SIGNED_IN_PASSWORD): Promise<TestClient> {
  const client = t.client();
  const res = await client.post('/api/users/login', { username, password });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
  return client;
}

describe('the tour', () => {
  it('starts at welcome and walks every step; Complete finishes it and unlocks both tour achievements', async () => {
    const { client, user } = await signedIn(t, `tourist${++members}`);
    expect(await get(client)).toMatchObject({
      currentStep: 'welcome',
      completedSteps: [],
      isCompleted: false,
      skippedTour: false,
      showTour: true,
    });

    let state = await put(client, { action: 'finish-step', step: 'welcome' });
    expect(state).toMatchObject({ currentStep: 'forum', completedSteps: ['welcome'] });
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard']);

    // Previous goes back without finishing anything.
    state = await put(client, { action: 'go-to', step: 'welcome' });
    expect(state).toMatchObject({ currentStep: 'welcome', completedSteps: ['welcome'] });

    for (const step of tourStepIds.slice(1, -1)) {
      state = await put(client, { action: 'finish-step', step });
      expect(state.currentStep).toBe(tourStepIds[tourStepIds.indexOf(step) + 1]);
      expect(state.isCompleted).toBe(false);
    }
    expect(await earnedIds(t, user.id)).not.toContain('digquest-explorer');

    state = await put(client, { action: 'finish-step', step: 'complete' });
    expect(state).toMatchObject({ isCompleted: true, showTour: false, completedSteps: [...tourStepIds] });
    expect(state.completedAt).not.toBeNull();
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard', 'digquest-explorer']);
  });

  it('skip hides it; restart brings it back at welcome and keeps what was earned', async () => {
    const { client, user } = await signedIn(t, `tourist${++members}`);
    await put(client, { action: 'finish-step', step: 'welcome' });
    expect(await put(client, { action: 'skip' })).toMatchObject({ skippedTour: true, showTour: false });

    const restarted = await put(client, { action: 'restart' });
    expect(restarted).toMatchObject({
      currentStep: 'welcome',
      completedSteps: [],
      isCompleted: false,
      skippedTour: false,
      showTour: true,
    });
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard']);
  });

  it('crosses to the member’s second device: steps merge, and skipping on one hides it on the other', async () => {
    const username = `tourist${++members}`;
    const phone = (await signedIn(t, username)).client;
    const desktop = await secondDevice(username);
    await put(phone, { action: 'finish-step', step: 'welcome' });
    await put(desktop, { action: 'finish-step', step: 'forum' });
    expect(await get(phone)).toMatchObject({ completedSteps: ['welcome', 'forum'], showTour: true });

    await put(phone, { action: 'skip' });
    expect(await get(desktop)).toMatchObject({ skippedTour: true, showTour: false });
  });

  it('is never shown to the official account', async () => {
    const client = await secondDevice('DigQuestor', OFFICIAL_PASSWORD);
    expect(await get(client)).toMatchObject({ showTour: false });
  });

  it('refuses an unknown step or action, and a visitor', async () => {
    const { client } = await signedIn(t, `tourist${++members}`);
    const badStep = await client.put('/api/onboarding', { action: 'finish-step', step: 'treasure' });
    expect([badStep.status, (badStep.json as { message?: string }).message]).toEqual([
      400,
      onboardingMessages.invalidStep,
    ]);
    const badAction = await client.put('/api/onboarding', { action: 'dance' });
    expect([badAction.status, (badAction.json as { message?: string }).message]).toEqual([
      400,
      onboardingMessages.invalidAction,
    ]);
    expect((await t.client().get('/api/onboarding')).status).toBe(401);
    expect((await t.client().put('/api/onboarding', { action: 'skip' })).status).toBe(401);
  });
});

/** The tour record the member's `own` pull brings (null: none, or a tombstone). */
async function pulledTour(client: TestClient, uid: string) {
  const { changes } = await pullScopes(client, { own: '' });
  return changes.filter((c) => c.entity === 'onboarding' && c.uid === uid);
}

describe('the tour as a synced record', () => {
  it('a step finished offline and pushed unlocks welcome-aboard; the finished tour unlocks digquest-explorer', async () => {
    const { client, user } = await signedIn(t, `tourist${++members}`);
    const uid = onboardingUid(user.id);
    // Threshold minus one: the tour opened and moved, nothing finished.
    await pushOne(client, mutation('onboarding', 'update', uid, { currentStep: 'forum' }));
    expect(await earnedIds(t, user.id)).toEqual([]);

    await pushOne(
      client,
      mutation('onboarding', 'update', uid, { completedSteps: ['welcome'], currentStep: 'forum' }),
    );
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard']);
    // Every step but the last: still not explored.
    await pushOne(
      client,
      mutation('onboarding', 'update', uid, {
        completedSteps: tourStepIds.slice(0, -1),
        currentStep: 'complete',
      }),
    );
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard']);
    await pushOne(client, mutation('onboarding', 'update', uid, { completedSteps: [...tourStepIds] }));
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard', 'digquest-explorer']);
    expect(await get(client)).toMatchObject({ isCompleted: true, showTour: false });

    // Restart (a delete) brings the tour back and takes nothing earned away.
    await pushOne(client, mutation('onboarding', 'delete', uid));
    expect(await get(client)).toMatchObject({ completedSteps: [], isCompleted: false, showTour: true });
    expect(await earnedIds(t, user.id)).toEqual(['welcome-aboard', 'digquest-explorer']);
  });

  it('crosses to the second device in its own pull: merged steps, then skipping, then a restart tombstone', async () => {
    const username = `tourist${++members}`;
    const { client: phone, user } = await signedIn(t, username);
    const desktop = await secondDevice(username);
    const uid = onboardingUid(user.id);
    // Both devices were offline: each pushes the state it showed, and neither loses the other's step.
    await pushOne(
      phone,
      mutation('onboarding', 'update', uid, { completedSteps: ['welcome'], currentStep: 'forum' }),
    );
    await pushOne(
      desktop,
      mutation('onboarding', 'update', uid, { completedSteps: ['forum'], currentStep: 'finds' }),
    );
    expect(await pulledTour(phone, uid)).toEqual([
      expect.objectContaining({
        op: 'upsert',
        id: user.id,
        data: expect.objectContaining({ completedSteps: ['welcome', 'forum'], currentStep: 'finds' }),
      }),
    ]);

    // Skipped on the phone; an older answer from the desktop cannot bring it back.
    await pushOne(phone, mutation('onboarding', 'update', uid, { skippedTour: true }));
    await pushOne(desktop, mutation('onboarding', 'update', uid, { skippedTour: false, currentStep: 'map' }));
    expect(await pulledTour(desktop, uid)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ skippedTour: true }) }),
    ]);
    expect(await get(desktop)).toMatchObject({ showTour: false });

    await put(desktop, { action: 'restart' });
    expect(await pulledTour(phone, uid)).toEqual([expect.objectContaining({ op: 'delete' })]);
  });

  it('a REST action reaches the member’s devices too', async () => {
    const { client, user } = await signedIn(t, `tourist${++members}`);
    await put(client, { action: 'finish-step', step: 'welcome' });
    expect(await pulledTour(client, onboardingUid(user.id))).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ completedSteps: ['welcome'] }) }),
    ]);
  });

  it('refuses another member’s record, whatever it carries, and a step that does not exist', async () => {
    const owner = await signedIn(t, `tourist${++members}`);
    const other = await signedIn(t, `tourist${++members}`);
    const { results } = await push(other.client, [
      mutation('onboarding', 'update', onboardingUid(owner.user.id), { skippedTour: true }),
      mutation('onboarding', 'delete', onboardingUid(owner.user.id)),
      mutation('onboarding', 'update', onboardingUid(other.user.id), { currentStep: 'treasure' }),
    ]);
    expect(results.map((r) => [r.status, r.code, r.message])).toEqual([
      ['rejected', 'conflict', onboardingMessages.notYours],
      ['rejected', 'conflict', onboardingMessages.notYours],
      ['rejected', 'validation-failed', onboardingMessages.invalidStep],
    ]);
    expect(await get(owner.client)).toMatchObject({ skippedTour: false, showTour: true });
  });
});
