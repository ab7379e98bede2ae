// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { authMessages } from '@schema/contracts/auth';
import { forgetMyModeration } from '@web/components/moderation/my-moderation';
import { Toaster } from '@web/components/ui/toast';
import { getCurrentUser, setCurrentUser } from '@web/db/current-user';
import { useUiStore } from '@web/lib/ui-store';
import { jsonResponse, sampleUser, stubFetch } from '../test-utils';
import { AuthDialogs } from './auth-dialogs';
import { HeaderAuth } from './header-auth';

beforeAll(() => {
  // Radix menus measure their trigger; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

function renderShell(route = '/finds') {
  render(
    <MemoryRouter initialEntries={[route]}>
      <HeaderAuth />
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/profile/edit" element={<p>edit profile page</p>} />
        <Route path="/settings/storage" element={<p>storage settings page</p>} />
        <Route path="/achievements" element={<p>achievements page</p>} />
        <Route path="/safety" element={<p>safe return page</p>} />
        <Route path="/detecting" element={<p>detecting now page</p>} />
        <Route path="/finds/reporting" element={<p>treasure reporting page</p>} />
        <Route path="*" element={<p>other page</p>} />
      </Routes>
      <AuthDialogs />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('HeaderAuth and the Sign in dialog', () => {
  beforeEach(async () => {
    useUiStore.setState({ authDialog: null });
    await setCurrentUser(null);
  });

  it('signs in from the header, then closes and goes home', async () => {
    stubFetch({ 'POST /api/users/login': () => jsonResponse(200, sampleUser) });
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'digger');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Welcome, digger!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // react-router applies navigations as transitions, so the page may commit a moment after the dialog closes.
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account menu for digger' })).toBeInTheDocument();
  });

  it('switches to the reset view and back', async () => {
    const fetchMock = stubFetch({
      'POST /api/users/reset-password': () => jsonResponse(200, { message: 'ok' }),
    });
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText(authMessages.invalidEmail)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'digger@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
    expect(await screen.findByText(authMessages.resetSent)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('switches between Sign in and Sign up', async () => {
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Join Our Community' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('offers Edit Profile and Sign out to a member', async () => {
    await setCurrentUser(sampleUser);
    stubFetch({ 'POST /api/users/logout': () => new Response(null, { status: 204 }) });
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    expect(await screen.findByText('edit profile page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await getCurrentUser()).toBeNull();
  });

  it("offers a member Settings (this device's storage settings), Detecting now, Safe return and Treasure reporting", async () => {
    await setCurrentUser(sampleUser);
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Account menu for digger' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent?.trim());
    expect(items).toEqual([
      'Edit Profile',
      'Achievements',
      'Treasure reporting',
      'Settings',
      'Detecting now',
      'Safe return',
      'Sign out',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByText('storage settings page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Safe return' }));
    expect(await screen.findByText('safe return page')).toBeInTheDocument();
    // The finds that may be Treasure and wait to be reported (docs/treasure.md).
    await user.click(screen.getByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Treasure reporting' }));
    expect(await screen.findByText('treasure reporting page')).toBeInTheDocument();
    // Field warnings while detecting (docs/permissions.md "Detecting now").
    await user.click(screen.getByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Detecting now' }));
    expect(await screen.findByText('detecting now page')).toBeInTheDocument();
  });

  it('offers Moderation to a moderator, after Safe return (the real server: moderation-page.test.tsx)', async () => {
    forgetMyModeration();
    await setCurrentUser(sampleUser);
    stubFetch({
      'GET /api/me/moderation': () =>
        jsonResponse(200, { role: 'moderator', moderator: true, suspension: null, warnings: [] }),
    });
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Account menu for digger' }));
    expect(await screen.findByRole('menuitem', { name: 'Moderation' })).toBeInTheDocument();
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent?.trim());
    expect(items.slice(-3)).toEqual(['Safe return', 'Moderation', 'Sign out']);
    forgetMyModeration();
  });

  it('offers a member their Achievements from the menu, not only from Social or the home page', async () => {
    await setCurrentUser(sampleUser);
    const user = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Account menu for digger' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Achievements' }));
    expect(await screen.findByText('achievements page')).toBeInTheDocument();
  });
});
