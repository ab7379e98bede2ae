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
  storageError: null,
  panelOpen: false,
  setEngineStatus: (status) => set(status),
  setStorageError: (storageError) => set({ storageError }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
}));

export type StatusSink = (status: Partial<EngineStatus>) => void;

export const reportToStore: StatusSink = (status) => useSyncStatus.getState().setEngineStatus(status);
