// @vitest-environment jsdom
/**
 * /finds/reporting (docs/treasure.md) on finds made on the real server in process, with the UK calendar
 * fixed at 20 November 2026: the member's possible-Treasure finds only, overdue first and then by deadline
 * with the days left; marking one reported (the day required, with the contract's message) takes it off
 * the list and reaches the server; My contacts persist on the device and address the drafted e-mail, which
 * carries the find's title, day found, 8-figure grid reference and deadline. Loading, empty and signed-out
 * states.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingMessages } from '@schema/contracts/find-recording';
import { toGridRef } from '@schema/contracts/grid/coordinates';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db, type LocalFind } from '@web/db/database';
import { appSyncEngine } from '@web/sync';
import { createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { appDevice, serverFinds } from '../test-utils';
import { treasureTexts as t } from '../texts';
import { ReportingPage } from './reporting-page';

let server: TestApp;
let finder: Member;
let newcomer: Member;
let finds: LocalFind[];
let online = false;
const LONDON = { latitude: 51.5072, longitude: -0.1276 };

beforeAll(async () => {
  server = await createTestApp();
  finder = await member(server, 'finder');
  newcomer = await member(server, 'newcomer');
  // Stored out of order: the page sorts them.
  finds = await serverFinds(server, finder, [
    { title: 'Gold ring', ...LONDON, foundOn: '2026-11-10', treasureStatus: 'possible' },
    {
      title: 'Bronze axe',
      foundOn: '2026-11-10',
      treasureStatus: 'possible',
      treasureRealisedOn: '2026-11-20',
    },
    { title: 'Silver penny', foundOn: '2026-11-01', treasureStatus: 'possible' },
    { title: 'Lead token', foundOn: '2026-11-10' },
    {
      title: 'Gold coin',
      foundOn: '2026-11-05',
      treasureStatus: 'reported',
      treasureReportedOn: '2026-11-12',
    },
  ]);
});
afterAll(() => server.close());

beforeEach(() => {
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

async function openPage(who: Member | null) {
  await appDevice(server, who, () => online);
  await db.finds.bulkPut(finds);
  const view = render(
    <MemoryRouter initialEntries={['/finds/reporting']}>
      <ReportingPage />
      <Toaster />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), view };
}

const rows = () => within(screen.getByRole('list', { name: t.listLabel })).getAllByRole('listitem');
const rowOf = (title: string) => {
  const row = rows().find((item) => within(item).queryByRole('link', { name: title }));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

describe('/finds/reporting', () => {
  it('lists the possible finds, overdue first, then by deadline, with the days left', async () => {
    await openPage(finder);
    expect(screen.getByText(t.loading)).toBeInTheDocument();
    await screen.findByRole('list', { name: t.listLabel });
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Silver penny',
      'Gold ring',
      'Bronze axe',
    ]);
    expect(
      within(rowOf('Silver penny')).getByText('Deadline: 15 Nov 2026 · 5 days overdue'),
    ).toBeInTheDocument();
    expect(within(rowOf('Gold ring')).getByText('Deadline: 24 Nov 2026 · 4 days left')).toBeInTheDocument();
    // Realised on the 20th: the 20th is day 1, 3 December day 14.
    expect(within(rowOf('Bronze axe')).getByText('Deadline: 3 Dec 2026 · 13 days left')).toBeInTheDocument();
    const penny = finds.find((f) => f.title === 'Silver penny');
    expect(within(rowOf('Silver penny')).getByRole('link')).toHaveAttribute('href', `/finds/${penny?.id}`);
    // No FLO yet: no draft, and a word on where to add one.
    expect(screen.queryByRole('link', { name: t.draftEmail })).not.toBeInTheDocument();
    expect(screen.getByText(t.draftNeedsFlo)).toBeInTheDocument();
  });

  it('marks a find reported from the list: the day is required; then it leaves the list and reaches the server', async () => {
    const { user } = await openPage(finder);
    await screen.findByRole('list', { name: t.listLabel });
    await user.click(within(rowOf('Silver penny')).getByRole('button', { name: t.markReported }));
    const dialog = await screen.findByRole('dialog', { name: t.reportedTitle });
    await user.click(within(dialog).getByRole('button', { name: t.saveReported }));
    expect(await within(dialog).findByText(recordingMessages.reportedNeedsDate)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t.reportedOnLabel), '2026-11-14');
    await user.type(within(dialog).getByLabelText(t.reportedToLabel), 'HM Coroner, Norfolk');
    await user.click(within(dialog).getByRole('button', { name: t.saveReported }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('link', { name: 'Silver penny' })).not.toBeInTheDocument();

    online = true;
    await appSyncEngine().sync();
    const penny = finds.find((f) => f.title === 'Silver penny');
    const client = server.client();
    client.cookie = finder.cookie;
    expect((await client.get(`/api/finds/${penny?.id}`)).json).toMatchObject({
      treasureStatus: 'reported',
      treasureReportedOn: '2026-11-14',
      treasureReportedTo: 'HM Coroner, Norfolk',
    });
  });

  it('My contacts persist on this device and address an e-mail draft with the find’s details', async () => {
    const { user, view } = await openPage(finder);
    const flo = await screen.findByRole('group', { name: t.flo });
    await user.type(within(flo).getByLabelText(t.contactName), 'Sam Reed');
    await user.type(within(flo).getByLabelText(t.contactEmail), '01603 000000');
    await user.type(within(flo).getByLabelText(t.contactPhone), '01603 495897');
    await user.click(screen.getByRole('button', { name: t.saveContacts }));
    expect(await within(flo).findByText(t.badEmail)).toBeInTheDocument();
    await user.clear(within(flo).getByLabelText(t.contactEmail));
    await user.type(within(flo).getByLabelText(t.contactEmail), 'sam.reed@example.org');
    const coroner = screen.getByRole('group', { name: t.coroner });
    await user.type(within(coroner).getByLabelText(t.contactName), 'HM Coroner, Norfolk');
    await user.click(screen.getByRole('button', { name: t.saveContacts }));
    expect(await screen.findByText(t.savedContacts)).toBeInTheDocument();

    // Back on the page later: the contacts are still there.
    view.unmount();
    render(
      <MemoryRouter>
        <ReportingPage />
      </MemoryRouter>,
    );
    const again = await screen.findByRole('group', { name: t.flo });
    await waitFor(() => expect(within(again).getByLabelText(t.contactName)).toHaveValue('Sam Reed'));
    expect(within(again).getByLabelText(t.contactEmail)).toHaveValue('sam.reed@example.org');
    expect(within(again).getByLabelText(t.contactPhone)).toHaveValue('01603 495897');
    expect(within(screen.getByRole('group', { name: t.coroner })).getByLabelText(t.contactName)).toHaveValue(
      'HM Coroner, Norfolk',
    );

    await screen.findByRole('list', { name: t.listLabel });
    const draft = await within(rowOf('Gold ring')).findByRole('link', { name: t.draftEmail });
    const href = draft.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:sam.reed@example.org?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Possible Treasure: Gold ring');
    const body = params.get('body') ?? '';
    expect(body).toContain('Hello Sam Reed,');
    expect(body).toContain('Find: Gold ring');
    expect(body).toContain('Found on: 10 Nov 2026');
    expect(body).toContain(`Grid reference: ${toGridRef(LONDON, 8)}`);
    expect(body).toContain('To be reported by: 24 Nov 2026');
    const axe = within(rowOf('Bronze axe')).getByRole('link', { name: t.draftEmail });
    expect(new URLSearchParams(axe.getAttribute('href')?.split('?')[1]).get('body')).toContain(
      'Grid reference: not recorded',
    );
  });

  it('a member with nothing to report gets the empty state', async () => {
    await openPage(newcomer);
    expect(await screen.findByRole('heading', { name: t.empty })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: t.listLabel })).not.toBeInTheDocument();
  });

  it('signed out: asks to sign in', async () => {
    await openPage(null);
    expect(await screen.findByText(t.signedOut)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.signIn })).toHaveAttribute('href', '/login?next=%2Ffinds%2Freporting');
    expect(screen.queryByRole('heading', { name: t.contactsTitle })).not.toBeInTheDocument();
  });
});
