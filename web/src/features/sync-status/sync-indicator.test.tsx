// @vitest-environment jsdom
/**
 * The header says Online only when the server answered the sync engine (docs/sync.md): the browser's
 * `navigator.onLine` is true on a dead Wi-Fi or with the server down.
 */
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { connectionOf, useSyncStatus } from '@web/sync';
import { SyncIndicator, syncSummaryText } from './sync-indicator';

function renderIndicator() {
  render(
    <MemoryRouter>
      <TooltipProvider>
        <SyncIndicator />
      </TooltipProvider>
    </MemoryRouter>,
  );
}

const status = () => screen.getByRole('button', { name: /^Sync status: / }).getAttribute('aria-label');
type EngineReport = Parameters<ReturnType<typeof useSyncStatus.getState>['setEngineStatus']>[0];
/** What the engine reports after each step of a cycle (engine.ts). */
const report = (engine: EngineReport) => act(() => useSyncStatus.getState().setEngineStatus(engine));

beforeEach(() => {
  useSyncStatus.setState({ phase: 'idle', lastError: null, nextRetryAt: null, serverReached: null });
});

describe('the header’s connection state', () => {
  it('is not "Online" until a sync request has reached the server, even when the browser says online', () => {
    expect(navigator.onLine).toBe(true);
    renderIndicator();
    expect(status()).toMatch(/^Sync status: Connecting…/);
    report({ phase: 'syncing' });
    expect(status()).toMatch(/^Sync status: Connecting…/);
    report({ phase: 'retrying', lastError: 'Failed to fetch', nextRetryAt: Date.now() + 2000 });
    expect(status()).toMatch(/^Sync status: Cannot reach DigQuest/);
    // A new attempt does not make it Online; only its answer does.
    report({ phase: 'syncing' });
    expect(status()).toMatch(/^Sync status: Cannot reach DigQuest/);
    report({ phase: 'idle', lastError: null, nextRetryAt: null });
    expect(status()).toMatch(/^Sync status: Online/);
  });

  it('a 401 came from the server; offline is offline whatever was reached before', () => {
    expect(connectionOf(true, null)).toBe('connecting');
    expect(connectionOf(false, true)).toBe('offline');
    expect(connectionOf(true, false)).toBe('unreachable');
    useSyncStatus.getState().setEngineStatus({ phase: 'paused' });
    expect(useSyncStatus.getState().serverReached).toBe(true);
    useSyncStatus.getState().setEngineStatus({ phase: 'offline' });
    expect(useSyncStatus.getState().serverReached).toBe(false);
  });

  it('summarises the state with the waiting changes', () => {
    expect(
      syncSummaryText({
        connection: 'unreachable',
        waiting: 2,
        rejected: 0,
        paused: false,
        storageFull: false,
        lastSyncedAt: null,
      }),
    ).toBe('Cannot reach DigQuest · 2 waiting to sync · not synced yet');
  });
});
