// @vitest-environment jsdom
/**
 * Reporting (docs/moderation.md "Reports") against the real server in process: the Report button on
 * someone else's post sends the reason and note, which the moderators' queue then holds; the contract's
 * texts show beside the field; the server's refusal of one's own record shows in the dialog; with no
 * signal the dialog says so and keeps the note; a message's reporter is told what reporting shares.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationMessages, reportReasonLabels, type QueueItem } from '@schema/contracts/moderation';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { createTestApp, type TestApp } from '../../../../sync-server/src/test/harness';
import { official, signedIn, type TestClient } from '../../../../sync-server/src/sync/test-fixtures';
import { reportTexts } from './report';
import { ReportButton } from './report-button';
import { ReportDialog } from './report-dialog';

interface Member {
  cookie: string;
  user: { id: number };
}

/** A member with a session (shared UI may not import the sync layer's test kit). */
async function member(t: TestApp, username: string): Promise<Member> {
  const { client, user } = await signedIn(t, username);
  return { cookie: client.cookie, user };
}

/** fetch over the in-process app with the member's cookie, as their browser would send it. */
const appFetch =
  (t: TestApp, cookie: () => string) =>
  (input: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie());
    return Promise.resolve(t.app.request(input, { ...init, headers }));
  };

let t: TestApp;
let author: Member;
let reporter: Member;
let boss: TestClient;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  author = await member(t, 'report_author');
  boss = await official(t);
});
afterAll(() => t.close());

beforeEach(async () => {
  n += 1;
  reporter = await member(t, `report_reporter${n}`);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => reporter.cookie),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

async function newPost(who: Member, title: string): Promise<number> {
  const res = await appFetch(t, () => who.cookie)('/api/posts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, content: 'Found on the stubble.', categoryId: 1, imageUrl: null }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

function showButton(id: number, viewerId: number | null) {
  render(
    <>
      <ReportButton entity="posts" id={id} authorId={author.user.id} viewerId={viewerId} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

describe('Report', () => {
  it('sends the reason and note; the moderators see them in the queue', async () => {
    const id = await newPost(author, 'Site for sale');
    const user = showButton(id, reporter.user.id);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('heading', { name: 'Report this forum post' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: reportReasonLabels.reveals_location }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Gives the farm name');
    expect(screen.getByText('19 / 1000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(reportTexts.sent)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const queue = (await boss.get('/api/moderation/reports')).json as QueueItem[];
    const item = queue.find((q) => q.entity === 'posts' && q.id === id);
    expect(item).toMatchObject({
      reports: 1,
      reasons: { reveals_location: 1 },
      notes: [{ reporterId: reporter.user.id, note: 'Gives the farm name' }],
    });
  });

  it('asks for a reason in the contract’s words, sending nothing until one is chosen', async () => {
    const id = await newPost(author, 'Unwanted advert');
    const user = showButton(id, reporter.user.id);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(moderationMessages.reasonInvalid)).toBeInTheDocument();
    const queue = (await boss.get('/api/moderation/reports')).json as QueueItem[];
    expect(queue.some((q) => q.entity === 'posts' && q.id === id)).toBe(false);
  });

  it('is not offered on one’s own record or signed out; the server refuses one’s own record', async () => {
    const id = await newPost(reporter, 'My own post');
    const { unmount } = render(
      <>
        <ReportButton entity="posts" id={id} authorId={reporter.user.id} viewerId={reporter.user.id} />
        <ReportButton entity="posts" id={id} authorId={reporter.user.id} viewerId={null} />
      </>,
    );
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    unmount();
    // Were it offered (a stale page), the server's refusal shows in the dialog.
    render(<ReportDialog entity="posts" id={id} open onOpenChange={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: reportReasonLabels.spam }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(moderationMessages.ownRecord)).toBeInTheDocument();
  });

  it('offline: says the report was not sent and keeps the note', async () => {
    const id = await newPost(author, 'Fake coin');
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => false);
    const user = showButton(id, reporter.user.id);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByRole('radio', { name: reportReasonLabels.stolen_or_fake }));
    await user.type(screen.getByLabelText('Note (optional)'), 'Museum photo');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(reportTexts.offline)).toBeInTheDocument();
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('Museum photo');
    expect(screen.getByRole('radio', { name: reportReasonLabels.stolen_or_fake })).toBeChecked();
    const queue = (await boss.get('/api/moderation/reports')).json as QueueItem[];
    expect(queue.some((q) => q.entity === 'posts' && q.id === id)).toBe(false);
  });

  it('tells the reporter of a message that it, and only it, is shared with the moderators', async () => {
    render(<ReportDialog entity="messages" id={1} open onOpenChange={() => undefined} />);
    expect(await screen.findByText(reportTexts.messageNotice)).toBeInTheDocument();
  });
});
