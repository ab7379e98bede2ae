/**
 * Sync status for the UI (zustand: UI and sync state only, never a copy of Dexie rows — the counts of
 * waiting and rejected items are live queries in hooks.ts). The engine reports into it; the header
 * indicator and the Not synced panel read it.
 */
import { create } from 'zustand';

export type SyncPhase = 'idle' | 'syncing' | 'offline' | 'paused' | 'retrying';

export interface EngineStatus {
  phase: SyncPhase;
  /** The last failure's text while retrying (network, server). */
  lastError: string | null;
  /** When the next automatic attempt happens (epoch ms) while backing off. */
  nextRetryAt: number | null;
}

export interface SyncStatusState extends EngineStatus {
  /**
   * Whether the engine's last finished request got an answer from the server: null until one finishes.
   * `navigator.onLine` only says a network is there (captive portals, dead Wi-Fi, a server that is down).
   */
  serverReached: boolean | null;
  /** A local write failed for lack of space: shown until the member dismisses it. */
  storageError: string | null;
  panelOpen: boolean;
  setEngineStatus: (status: Partial<EngineStatus>) => void;
  setStorageError: (message: string | null) => void;
  setPanelOpen: (open: boolean) => void;
}

export const useSyncStatus = create<SyncStatusState>((set) => ({
  phase: 'idle',
  lastError: null,
  nextRetryAt: null,
  serverReached: null,
  storageError: null,
  panelOpen: false,
  setEngineStatus: (status) =>
    set((state) => ({ ...status, serverReached: reachedAfter(state.serverReached, status.phase) })),
  setStorageError: (storageError) => set({ storageError }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
}));

/**
 * What a reported phase says about the server: a finished cycle ('idle') or a 401 ('paused') came from it;
 * offline, or a cycle that failed and will retry (network error or 5xx), did not get through. 'syncing'
 * says nothing yet.
 */
function reachedAfter(previous: boolean | null, phase: SyncPhase | undefined): boolean | null {
  if (phase === 'idle' || phase === 'paused') return true;
  if (phase === 'offline' || phase === 'retrying') return false;
  return previous;
}

/** The header's connection state: the browser's network flag, then whether the server answered. */
export type Connection = 'online' | 'offline' | 'unreachable' | 'connecting';

export function connectionOf(browserOnline: boolean, serverReached: boolean | null): Connection {
  if (!browserOnline) return 'offline';
  if (serverReached === null) return 'connecting';
  return serverReached ? 'online' : 'unreachable';
}

export const selectServerReached = (state: SyncStatusState): boolean | null => state.serverReached;

export type StatusSink = (status: Partial<EngineStatus>) => void;

export const reportToStore: StatusSink = (status) => useSyncStatus.getState().setEngineStatus(status);
