// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSyncStatus } from '@web/sync/status-store';
import { CommunitySection } from './community-section';

const report = (phase: 'retrying' | 'syncing') =>
  act(() =>
    useSyncStatus
      .getState()
      .setEngineStatus(
        phase === 'retrying' ? { phase, lastError: 'Internal server error', nextRetryAt: 1 } : { phase },
      ),
  );

beforeEach(() => {
  useSyncStatus.setState({ phase: 'idle', lastError: null, nextRetryAt: null, serverReached: null });
  // The server answers every request with an error, as while it is failing.
  vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 500 })));
});

describe('Home cards while the server fails (docs/product/home.md#screens)', () => {
  it('keep the error text through each retry instead of flickering back to skeletons', async () => {
    const { container } = render(
      <MemoryRouter>
        <CommunitySection />
      </MemoryRouter>,
    );
    report('retrying');
    expect(await screen.findByText('Error loading posts. Please try again later.')).toBeInTheDocument();
    expect(
      await screen.findByText('Categories could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    const skeletons = () => container.querySelectorAll('.animate-pulse').length;
    const before = skeletons();
    // The engine's next attempt starts: nothing has reached the server yet, so nothing new is known.
    report('syncing');
    expect(screen.getByText('Error loading posts. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Categories could not be loaded. Please try again later.')).toBeInTheDocument();
    expect(skeletons()).toBe(before);
    report('retrying');
    expect(screen.getByText('Error loading posts. Please try again later.')).toBeInTheDocument();
  });
});
