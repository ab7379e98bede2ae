/**
 * The onboarding tour's state (docs/product/achievements.md "Tour state"): every step, skip, restart, the
 * state crossing to the member's second device, the official account, and the tour's two achievements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingMessages, tourStepIds, type OnboardingState } from '@schema/contracts/achievements';
import { createTestApp, OFFICIAL_PASSWORD, type TestApp } from '../../test/harness';
import { SIGNED_IN_PASSWORD, signedIn, type TestClient } from '../../sync/test-fixtures';
import { earnedIds } from './test-fixtures';

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
