// @vitest-environment jsdom
/**
 * /moderation and what members see of moderation (docs/moderation.md), against the real server in process:
 * a member is refused the page; a moderator sees a reported post in the queue with its reasons and notes,
 * hides it with a reason (the post is then gone for others on the server and shows its notice to its
 * author), and finds the action in the log; a warning shows once, and a suspension shows its banner. The
 * account menu's Moderation item: features/auth/components/header-moderation.test.tsx.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hiddenNotice,
  moderationMessages,
  reportReasonLabels,
  type MyModeration,
} from '@schema/contracts/moderation';
import type { SelfUser } from '@schema/contracts/users';
import { HiddenNotice } from '@web/components/moderation/hidden-notice';
import { forgetMyModeration } from '@web/components/moderation/my-moderation';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type Member, type TestApp } from '@web/sync/test-utils';
import { official, type TestClient } from '../../../../../sync-server/src/sync/test-fixtures';
import { MemberNotices } from '../member-notices';
import { moderationTexts } from '../model/texts';
import { ModerationPage } from './moderation-page';

let t: TestApp;
let author: Member;
let reporter: Member;
let boss: TestClient;
/** Who the page is shown to: its cookie and session. */
let viewer: { cookie: string; user: SelfUser };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  author = await member(t, 'mod_author');
  reporter = await member(t, 'mod_reporter');
  boss = await official(t);
  await db.open();
});
afterAll(() => t.close());

async function showAs(who: { cookie: string; user: SelfUser }) {
  viewer = who;
  await db.session.put({ key: 'current', user: who.user, checkedAt: '' });
}

beforeEach(() => {
  n += 1;
  forgetMyModeration();
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
  vi.stubGlobal(
    'fetch',
    appFetch(t, () => viewer.cookie),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

const officialUser: SelfUser = {
  id: 1,
  username: 'DigQuestor',
  email: 'digquestor@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '',
  isEmailVerified: true,
};
const asOfficial = () => ({ cookie: boss.cookie, user: officialUser });
const call = (who: Member, path: string, init: RequestInit = {}) =>
  appFetch(t, () => who.cookie)(path, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });

async function reportedPost(title: string): Promise<number> {
  const res = await call(author, '/api/posts', {
    method: 'POST',
    body: JSON.stringify({ title, content: 'Meet at the farm gate.', categoryId: 1, imageUrl: null }),
  });
  const { id } = (await res.json()) as { id: number };
  const report = await call(reporter, '/api/reports', {
    method: 'POST',
    body: JSON.stringify({ entity: 'posts', id, reason: 'reveals_location', note: 'Names the farm' }),
  });
  expect(report.status).toBe(201);
  return id;
}

function showPage() {
  render(
    <MemoryRouter initialEntries={['/moderation']}>
      <Routes>
        <Route path="/moderation" element={<ModerationPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('/moderation', () => {
  it('refuses a member', async () => {
    await showAs(await member(t, `mod_plain${n}`));
    showPage();
    expect(await screen.findByText(moderationTexts.refused)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Queue' })).not.toBeInTheDocument();
  });

  it('a moderator hides a reported post from the queue: gone for others, noticed by its author, logged', async () => {
    const id = await reportedPost('Permission at Low Farm');
    await showAs(asOfficial());
    const user = showPage();
    const card = await screen.findByRole('article', { name: 'Permission at Low Farm' });
    expect(within(card).getByText(`${reportReasonLabels.reveals_location}: 1`)).toBeInTheDocument();
    expect(within(card).getByText('Names the farm')).toBeInTheDocument();
    expect(within(card).getByText('Meet at the farm gate.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'mod_author' })).toHaveAttribute(
      'href',
      `/users/${author.user.id}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this record' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText(moderationMessages.actionReasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Gives away a permission');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Record hidden.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Permission at Low Farm' })).not.toBeInTheDocument(),
    );

    // On the server: hidden from another member, shown with its notice to its author.
    expect((await call(reporter, `/api/posts/${id}`)).status).toBe(404);
    const own = (await (await call(author, `/api/posts/${id}`)).json()) as Record<string, unknown>;
    expect(own.hiddenByModerator).toEqual({ reason: 'Gives away a permission' });

    await user.click(screen.getByRole('tab', { name: 'Log' }));
    const log = await screen.findByRole('list', { name: 'Moderation log' });
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent(
      `DigQuestor hid forum post #${id}: Gives away a permission`,
    );
  });

  it('shows a suspended author on the queue item, and lifts the suspension from it', async () => {
    const id = await reportedPost('Coins for sale, no paperwork');
    await boss.post('/api/moderation/actions', {
      action: 'suspend',
      userId: author.user.id,
      reason: 'Selling finds',
      days: 7,
    });
    await showAs(asOfficial());
    const user = showPage();
    const card = await screen.findByRole('article', { name: 'Coins for sale, no paperwork' });
    expect(within(card).getByText(/Suspended until \d{1,2} \w{3} \d{4}/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Lift suspension' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the suspension' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('Suspension lifted.')).toBeInTheDocument();
    await waitFor(async () => {
      const me = (await (await call(author, '/api/me/moderation')).json()) as MyModeration;
      expect(me.suspension).toBeNull();
    });
    await boss.post('/api/moderation/actions', { action: 'dismiss', entity: 'posts', id, reason: 'Fine' });
  });

  it('a moderator suspends a member by name from the Members tab, and lifts it', async () => {
    const target = await member(t, `mod_members${n}`);
    await showAs(asOfficial());
    const user = showPage();
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    await user.type(screen.getByLabelText('Username'), target.user.username);
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const card = () => screen.findByRole('article', { name: target.user.username });
    expect(within(await card()).getByText(/Not suspended/)).toBeInTheDocument();

    await user.click(within(await card()).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the member' });
    await user.click(within(dialog).getByLabelText('Until a moderator lifts it'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Selling finds');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await within(await card()).findByText(/Suspended until a moderator lifts it: Selling finds/),
    ).toBeInTheDocument();
    const during = (await (await call(target, '/api/me/moderation')).json()) as MyModeration;
    expect(during.suspension?.reason).toBe('Selling finds');

    await user.click(within(await card()).getByRole('button', { name: 'Lift suspension' }));
    const lift = await screen.findByRole('dialog', { name: 'Lift the suspension' });
    await user.type(within(lift).getByLabelText('Reason'), 'Appeal accepted');
    await user.click(within(lift).getByRole('button', { name: 'Lift suspension' }));
    expect(await within(await card()).findByText(/Not suspended/)).toBeInTheDocument();
    const after = (await (await call(target, '/api/me/moderation')).json()) as MyModeration;
    expect(after.suspension).toBeNull();
  });

  it('says when nothing needs a moderator', async () => {
    // Settle whatever earlier tests left open.
    await showAs(asOfficial());
    const open = (await (await appFetch(t, () => boss.cookie)('/api/moderation/reports')).json()) as {
      entity: string;
      id: number;
    }[];
    for (const item of open)
      await boss.post('/api/moderation/actions', {
        action: 'dismiss',
        entity: item.entity,
        id: item.id,
        reason: 'Fine',
      });
    showPage();
    expect(await screen.findByText(moderationTexts.empty)).toBeInTheDocument();
  });

  it('shows the author of a hidden post the moderator’s reason', async () => {
    const id = await reportedPost('Detecting on a scheduled site');
    await boss.post('/api/moderation/actions', {
      action: 'hide',
      entity: 'posts',
      id,
      reason: 'Scheduled monument',
    });
    await showAs(author);
    const own = (await (await call(author, `/api/posts/${id}`)).json()) as object;
    render(<HiddenNotice record={own} isOwner entity="posts" id={id} />);
    expect(await screen.findByText(hiddenNotice('Scheduled monument'))).toBeInTheDocument();
  });
});

describe('a member’s warnings and suspension', () => {
  it('shows a warning once, with its reason, and marks it seen', async () => {
    const warned = await member(t, `mod_warned${n}`);
    await boss.post('/api/moderation/actions', {
      action: 'warn',
      userId: warned.user.id,
      reason: 'Be kind in comments',
    });
    await showAs(warned);
    const { unmount } = render(<MemberNotices userId={warned.user.id} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(moderationTexts.warned('Be kind in comments'));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => {
      const me = (await (await call(warned, '/api/me/moderation')).json()) as MyModeration;
      expect(me.warnings).toEqual([]);
    });
    unmount();
    // A new session asks again: nothing to show.
    forgetMyModeration();
    render(<MemberNotices userId={warned.user.id} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a suspension in force as a banner', async () => {
    const suspended = await member(t, `mod_suspended${n}`);
    await boss.post('/api/moderation/actions', {
      action: 'suspend',
      userId: suspended.user.id,
      reason: 'Selling finds without paperwork',
      days: 7,
    });
    await showAs(suspended);
    render(<MemberNotices userId={suspended.user.id} />);
    expect(
      await screen.findByText(/^Your account is suspended until .+: Selling finds without paperwork$/),
    ).toBeInTheDocument();
  });
});
