// @vitest-environment jsdom
/**
 * The Treasure card and "Could this be Treasure?" (docs/treasure.md) on a find made on the real server in
 * process, with the UK calendar fixed at 20 November 2026: the answers for England, Scotland and a base-metal
 * object, the nation suggested from the find spot or asked outright, marking the find possible offline (the
 * find on this device and its queued update, then the server's copy once synced), and marking it reported
 * with the contract's message for a missing day. Another member never sees the card.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingMessages } from '@schema/contracts/find-recording';
import { TREASURE_CLASS_REASONS, TREASURE_TEXTS } from '@schema/contracts/treasure';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalFind } from '@web/db/database';
import { appSyncEngine, useLive } from '@web/sync';
import { createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { appDevice, serverFinds } from '../test-utils';
import { treasureTexts as t } from '../texts';
import { TreasureCard } from './treasure-card';

let server: TestApp;
let finder: Member;
let neighbour: Member;
let inLondon: LocalFind;
let noSpot: LocalFind;
let online = false;

beforeAll(async () => {
  server = await createTestApp();
  finder = await member(server, 'finder');
  neighbour = await member(server, 'neighbour');
  const [london, none] = await serverFinds(server, finder, [
    { title: 'Gold noble', latitude: 51.5072, longitude: -0.1276, foundOn: '2026-11-10' },
    { title: 'Buckle', foundOn: '2026-11-10' },
  ]);
  if (!london || !none) throw new Error('the finds were not made');
  [inLondon, noSpot] = [london, none];
});
afterAll(() => server.close());

beforeEach(async () => {
  online = false;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
});
afterEach(async () => {
  online = false;
  await appSyncEngine().sync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

/** The card as a find's page shows it: the find read live from this device. */
function LiveCard({ uid }: { uid: string }) {
  const find = useLive(() => db.finds.get(uid), [uid]);
  return find.state === 'ready' && find.value ? <TreasureCard find={find.value} /> : null;
}

async function showCard(who: Member, find: LocalFind) {
  await appDevice(server, who, () => online);
  await db.finds.put(find);
  render(
    <MemoryRouter>
      <LiveCard uid={find.uid} />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

type User = Awaited<ReturnType<typeof showCard>>;

async function openAssistant(user: User) {
  await user.click(await screen.findByRole('button', { name: t.openAssistant }));
  return screen.findByRole('dialog', { name: t.assistantTitle });
}

const answer = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: t.answerHeading });

describe('Could this be Treasure? (docs/treasure.md)', () => {
  it('England, two gold coins over 300 years old: may be Treasure, with the legal deadline and what to do', async () => {
    const user = await showCard(finder, inLondon);
    expect(await screen.findByText(t.cardNone)).toBeInTheDocument();
    const dialog = await openAssistant(user);
    // The nation comes from the find spot, offline, and stays changeable.
    await waitFor(() => expect(within(dialog).getByLabelText(t.nationLabel)).toHaveValue('england'));
    expect(within(dialog).getByText(t.nationFromSpot)).toBeInTheDocument();
    expect(within(answer(dialog)).getByText(t.answerPending)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(t.metalLabel), 'gold');
    await user.selectOptions(within(dialog).getByLabelText(t.ageLabel), 'over-300');
    await user.click(within(dialog).getByLabelText(t.isCoinLabel));
    await user.clear(within(dialog).getByLabelText(t.coinsLabel));
    await user.type(within(dialog).getByLabelText(t.coinsLabel), '2');

    const result = answer(dialog);
    expect(within(result).getByText('It may be Treasure')).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_CLASS_REASONS['precious-coins'])).toBeInTheDocument();
    // Found 10 November: day 1 is the 11th, day 14 the 24th; today is the 20th.
    expect(within(result).getByText('Report it by 24 Nov 2026 · 4 days left')).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.treasureDeadline)).toBeInTheDocument();
    for (const line of [
      TREASURE_TEXTS.guidance,
      TREASURE_TEXTS.dontClean,
      TREASURE_TEXTS.bagIt,
      TREASURE_TEXTS.contactFlo,
    ])
      expect(within(result).getByText(line)).toBeInTheDocument();

    // Realising later moves the deadline: realised 18 November → the 18th is day 1, 1 December day 14.
    const realised = within(dialog).getByLabelText(t.realisedLabel);
    await user.clear(realised);
    await user.type(realised, '2026-11-18');
    expect(within(result).getByText('Report it by 1 Dec 2026 · 11 days left')).toBeInTheDocument();
  });

  it('Scotland: the Treasure Trove Unit, and a 14-day reminder that says it is not a legal deadline', async () => {
    const user = await showCard(finder, inLondon);
    const dialog = await openAssistant(user);
    await waitFor(() => expect(within(dialog).getByLabelText(t.nationLabel)).toHaveValue('england'));
    // Borders are coarse: the member corrects the nation.
    await user.selectOptions(within(dialog).getByLabelText(t.nationLabel), 'scotland');
    await user.selectOptions(within(dialog).getByLabelText(t.metalLabel), 'base');
    await user.selectOptions(within(dialog).getByLabelText(t.ageLabel), 'younger');
    const result = answer(dialog);
    expect(within(result).getByText('Report it to the Treasure Trove Unit')).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.scotland)).toBeInTheDocument();
    expect(
      within(result).getByText('The app will remind you until 24 Nov 2026 · 4 days left'),
    ).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.scotlandDeadline)).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.contactTtu)).toBeInTheDocument();
  });

  it('no find spot: the nation is asked outright; one base-metal object under 200 years is not Treasure', async () => {
    const user = await showCard(finder, noSpot);
    const dialog = await openAssistant(user);
    expect(within(dialog).getByLabelText(t.nationLabel)).toHaveValue('');
    expect(within(dialog).getByText(t.nationNoSpot)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(t.metalLabel), 'base');
    await user.selectOptions(within(dialog).getByLabelText(t.ageLabel), 'younger');
    expect(within(answer(dialog)).getByText(t.answerPending)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(t.nationLabel), 'wales');
    const result = answer(dialog);
    expect(within(result).getByText('It is unlikely to be Treasure')).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.unlikely)).toBeInTheDocument();
    expect(within(result).getByText(TREASURE_TEXTS.guidance)).toBeInTheDocument();
    expect(within(result).queryByText(/Report it by/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: t.markPossible })).not.toBeInTheDocument();
  });

  it('marks the find possible offline: on this device at once, queued, and on the server once synced', async () => {
    const user = await showCard(finder, inLondon);
    const dialog = await openAssistant(user);
    await waitFor(() => expect(within(dialog).getByLabelText(t.nationLabel)).toHaveValue('england'));
    await user.selectOptions(within(dialog).getByLabelText(t.metalLabel), 'silver');
    await user.selectOptions(within(dialog).getByLabelText(t.ageLabel), 'prehistoric');
    await user.click(within(dialog).getByRole('button', { name: t.markPossible }));

    expect(await within(dialog).findByText(t.alreadyPossible)).toBeInTheDocument();
    expect(await db.finds.get(inLondon.uid)).toMatchObject({
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-11-10',
      treasureDeadline: '2026-11-24',
    });
    const queued = await db.outbox.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      entity: 'finds',
      op: 'update',
      uid: inLondon.uid,
      status: 'pending',
      payload: { treasureStatus: 'possible', treasureRealisedOn: '2026-11-10' },
    });
    await user.click(within(dialog).getByRole('button', { name: t.close }));
    expect(await screen.findByText('Deadline: 24 Nov 2026 · 4 days left')).toBeInTheDocument();

    online = true;
    await appSyncEngine().sync();
    expect(await db.outbox.count()).toBe(0);
    const client = server.client();
    client.cookie = finder.cookie;
    const res = await client.get(`/api/finds/${inLondon.id}`);
    expect(res.json).toMatchObject({ treasureStatus: 'possible', treasureDeadline: '2026-11-24' });
  });

  it('marks a possible find reported: the day is required, then status, recipient and reference are saved', async () => {
    const possible = {
      ...inLondon,
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-11-10',
      treasureDeadline: '2026-11-24',
    } satisfies LocalFind;
    const user = await showCard(finder, possible);
    await user.click(await screen.findByRole('button', { name: t.markReported }));
    const dialog = await screen.findByRole('dialog', { name: t.reportedTitle });
    await user.type(within(dialog).getByLabelText(t.reportedToLabel), 'Norfolk FLO');
    await user.click(within(dialog).getByRole('button', { name: t.saveReported }));
    expect(await within(dialog).findByText(recordingMessages.reportedNeedsDate)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(t.reportedOnLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(await db.outbox.count()).toBe(0);

    await user.type(within(dialog).getByLabelText(t.reportedOnLabel), '2026-11-19');
    await user.type(within(dialog).getByLabelText(t.referenceLabel), 'T-2026-42');
    await user.click(within(dialog).getByRole('button', { name: t.saveReported }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await db.finds.get(inLondon.uid)).toMatchObject({
      treasureStatus: 'reported',
      treasureReportedOn: '2026-11-19',
      treasureReportedTo: 'Norfolk FLO',
      treasureReference: 'T-2026-42',
    });
    expect(
      await screen.findByText('Reported on 19 Nov 2026 to Norfolk FLO (reference T-2026-42).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.markReported })).not.toBeInTheDocument();
  });

  it('is the finder’s alone: another member signed in on the device sees no card', async () => {
    await showCard(finder, inLondon);
    expect(await screen.findByRole('heading', { name: t.cardTitle })).toBeInTheDocument();
    await db.session.put({ key: 'current', user: neighbour.user, checkedAt: '' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: t.cardTitle })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: t.openAssistant })).not.toBeInTheDocument();
  });
});
