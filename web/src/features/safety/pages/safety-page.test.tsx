// @vitest-environment jsdom
/**
 * /safety against the real server in process (docs/notifications.md "Safe return"): a trip started
 * without signal is kept and queued, and the page says its timer runs only once it reaches the server;
 * back online the server holds it with its timer's jobs; "I'm back" from the reminder (/safety?checkin=1)
 * ends it here at once and on the server after the push; a return time in the past is refused on the form.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { safetyMessages } from '@schema/contracts/safety';
import { db } from '@web/db/database';
import { createSyncEngine } from '@web/sync/engine';
import { appFetch, createTestApp, member, serverRows, type Member, type TestApp } from '@web/sync/test-utils';
import { tripBody } from '../../../../../sync-server/src/features/safety/test-fixtures';
import { localInputValue } from '../model/form';
import { SafetyPage } from './safety-page';


let t: TestApp;
let me: Member;
let online = false;

beforeAll(async () => {
  t = await createTestApp();
  me = await member(t, 'lonewalker');
  await db.open();
  await db.session.put({ key: 'current', user: me.user, checkedAt: '' });
});
afterAll(() => t.close());
beforeEach(() => {
  online = false;
});
afterEach(cleanup);

const engine = () =>
  createSyncEngine({ db, fetch: appFetch(t, () => me.cookie), isOnline: () => online, random: () => 0.5 });
const serverCurrent = async () => (await appFetch(t, () => me.cookie)('/api/safety/trips/current')).json();
/** A sync as the app runs it when there is signal. */
async function syncNow() {
  online = true;
  const sync = engine();
  await sync.sync('manual');
  sync.dispose();
}

function show(url = '/safety') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/safety" element={<SafetyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/safety', () => {
  it('refuses a return time in the past on the form, queueing nothing', async () => {
    show();
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText('I expect to be back by'), {
      target: { value: localInputValue(new Date(Date.now() - 3_600_000)) },
    });
    await user.click(screen.getByRole('button', { name: 'Start trip' }));
    expect(await screen.findByText(safetyMessages.returnPast)).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });

  it('started offline: kept and queued, says the timer waits for the server; online, the server runs it', async () => {
    show();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Contact 1 e-mail address'), 'mate@example.com');
    await user.click(screen.getByRole('button', { name: 'Start trip' }));

    expect(await screen.findByRole('heading', { name: 'Trip under way' })).toBeInTheDocument();
    expect(await screen.findByText(safetyMessages.offlineQueued)).toBeInTheDocument();
    expect(screen.getByText(/mate@example.com: has not agreed yet/)).toBeInTheDocument();
    expect(await serverCurrent()).toBeNull();

    online = true;
    const sync = engine();
    await sync.sync('manual');
    sync.dispose();
    await waitFor(() => expect(screen.queryByText(safetyMessages.offlineQueued)).not.toBeInTheDocument());
    const trip = (await serverCurrent()) as { id: number; contacts: unknown };
    expect(trip).toMatchObject({
      state: 'active',
      contacts: [{ email: 'mate@example.com', state: 'asked' }],
    });
    const jobs = await serverRows(
      t,
      `SELECT dedupe_key FROM jobs WHERE dedupe_key IN ('safety-due:${trip.id}', 'safety-alert:${trip.id}')`,
    );
    expect(jobs).toHaveLength(2);
  });

  it("the reminder's I'm back (/safety?checkin=1) ends the trip here at once and on the server once pushed", async () => {
    expect(await serverCurrent()).toMatchObject({ state: 'active' });
    show('/safety?checkin=1');
    expect(await screen.findByRole('heading', { name: 'Start a detecting trip' })).toBeInTheDocument();
    // The check-in is queued (the page once dropped it when the session was read after the trip query had
    // answered "no trip" for nobody); sync only once it has landed.
    await waitFor(async () =>
      expect((await db.outbox.toArray()).some((m) => m.entity === 'safety_trips' && m.op === 'update')).toBe(
        true,
      ),
    );
    online = true;
    const sync = engine();
    await sync.sync('manual');
    sync.dispose();
    expect(await serverCurrent()).toBeNull();
    const [trip] = await db.safety_trips.toArray();
    expect(trip).toMatchObject({ state: 'back', endedAt: expect.any(String) });
  });

  it('"Extend by 60 minutes" without signal moves the return time here at once, and the server\'s timer once pushed', async () => {
    const started = await appFetch(t, () => me.cookie)('/api/safety/trips', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(tripBody()),
    });
    const trip = (await started.json()) as { id: number; uid: string; expectedReturnAt: string };
    await syncNow();
    online = false;
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Extend by 60 minutes' }));

    const later = new Date(Date.parse(trip.expectedReturnAt) + 60 * 60_000).toISOString();
    await waitFor(async () => expect((await db.safety_trips.get(trip.uid))?.expectedReturnAt).toBe(later));
    expect((await serverCurrent()).expectedReturnAt).toBe(trip.expectedReturnAt);

    await syncNow();
    expect(await serverCurrent()).toMatchObject({ id: trip.id, expectedReturnAt: later, state: 'active' });
    const [due] = await serverRows(t, `SELECT run_at FROM jobs WHERE dedupe_key = 'safety-due:${trip.id}'`);
    expect(Date.parse(String(due?.run_at))).toBe(Date.parse(later));
  });
});
