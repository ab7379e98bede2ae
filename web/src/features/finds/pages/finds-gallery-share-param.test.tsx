// @vitest-environment jsdom
/**
 * The installed app's "Log a find" shortcut opens /finds?share=1 (vite.config.ts): signed in, Share Your
 * Find opens and closing it drops the parameter; signed out, the page asks for a sign-in as its own button
 * does, and drops the parameter at once. Read from the real local store (fake-indexeddb), offline.
 */
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findMessages } from '@schema/contracts/finds';
import type { SelfUser } from '@schema/contracts/users';
import { Toaster, useToastStore } from '@web/components/ui/toast';
import { setCurrentUser } from '@web/db/current-user';
import { db } from '@web/db/database';
import { useUiStore } from '@web/lib/ui-store';
import { FindsGalleryPage } from './finds-gallery-page';

const member: SelfUser = {
  id: 7,
  username: 'relic_hunter',
  email: 'r@example.com',
  avatarUrl: '',
  bio: null,
  created_at: '2024-03-05T10:00:00Z',
  isEmailVerified: true,
};

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(async () => {
  // Offline: the page reads only the device, nothing asks a server.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await db.open();
  await db.finds.clear();
  useUiStore.setState({ authDialog: null });
  act(() => useToastStore.setState({ toasts: [] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The current query string, shown so the test can read it. */
function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}
const search = () => screen.getByTestId('search').textContent;

function renderGallery(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <FindsGalleryPage />
      <SearchProbe />
      <Toaster />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const shareDialog = () => screen.queryByRole('dialog', { name: 'Share Your Find' });

describe('Finds gallery ?share=1 (the "Log a find" shortcut)', () => {
  it('signed in: opens Share Your Find; closing it drops the parameter', async () => {
    await setCurrentUser(member);
    const user = renderGallery('/finds?share=1');
    expect(await screen.findByRole('dialog', { name: 'Share Your Find' })).toBeInTheDocument();
    expect(search()).toBe('?share=1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(shareDialog()).not.toBeInTheDocument());
    await waitFor(() => expect(search()).toBe(''));
    // Without the parameter it stays closed, and the page's button still opens it.
    expect(shareDialog()).not.toBeInTheDocument();
    expect(useUiStore.getState().authDialog).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Share Your Find' }));
    expect(await screen.findByRole('dialog', { name: 'Share Your Find' })).toBeInTheDocument();
  });

  it('signed out: asks for a sign-in as the Share Your Find button does, and drops the parameter', async () => {
    await setCurrentUser(null);
    renderGallery('/finds?share=1');
    await waitFor(() => expect(useUiStore.getState().authDialog).toBe('signIn'));
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: findMessages.authRequiredTitle,
      description: findMessages.loginToUpload,
    });
    await waitFor(() => expect(search()).toBe(''));
    expect(shareDialog()).not.toBeInTheDocument();
  });
});
