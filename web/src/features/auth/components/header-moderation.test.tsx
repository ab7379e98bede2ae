// @vitest-environment jsdom
/**
 * The account menu's Moderation item (docs/moderation.md) against the real server in process: the menu
 * asks for the member's standing when it opens, and offers Moderation to the official account and to a
 * member the official account made a moderator — never to anyone else.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfUser } from '@schema/contracts/users';
import { forgetMyModeration } from '@web/components/moderation/my-moderation';
import { db } from '@web/db/database';
import { appFetch, createTestApp, member, type TestApp } from '@web/sync/test-utils';
import { official, type TestClient } from '../../../../../sync-server/src/sync/test-fixtures';
import { HeaderAuth } from './header-auth';

let t: TestApp;
let boss: TestClient;
let viewer: { cookie: string; user: SelfUser };
let requests: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  boss = await official(t);
  await db.open();
});
afterAll(() => t.close());
beforeEach(() => {
  forgetMyModeration();
  requests = [];
  const inner = appFetch(t, () => viewer.cookie);
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    requests.push(input);
    return inner(input, init);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openMenu(who: { cookie: string; user: SelfUser }) {
  viewer = who;
  await db.session.put({ key: 'current', user: who.user, checkedAt: '' });
  render(
    <MemoryRouter initialEntries={['/']}>
      <HeaderAuth />
      <Routes>
        <Route path="/moderation" element={<p>moderation page</p>} />
        <Route path="*" element={<p>other page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Account menu for ${who.user.username}` }));
  return user;
}

describe('Moderation in the account menu', () => {
  it('is offered to the official account and leads to /moderation', async () => {
    const user = await openMenu({
      cookie: boss.cookie,
      user: {
        id: 1,
        username: 'DigQuestor',
        email: 'digquestor@example.com',
        avatarUrl: '',
        bio: null,
        created_at: '',
        isEmailVerified: true,
      },
    });
    await user.click(await screen.findByRole('menuitem', { name: 'Moderation' }));
    expect(await screen.findByText('moderation page')).toBeInTheDocument();
  });

  it('is offered to a member made moderator, not to other members', async () => {
    const plain = await member(t, 'menu_member');
    await openMenu(plain);
    await waitFor(() => expect(requests).toContain('/api/me/moderation'));
    // Give the answer time to arrive and render.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Moderation' })).not.toBeInTheDocument();

    const made = await member(t, 'menu_moderator');
    expect((await boss.put(`/api/users/${made.user.id}/role`, { role: 'moderator' })).status).toBe(200);
    cleanup();
    await openMenu(made);
    expect(await screen.findByRole('menuitem', { name: 'Moderation' })).toBeInTheDocument();
  });
});
