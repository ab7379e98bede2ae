/** The sync layer's public surface for features and the app shell (README.md states the rules C1…). */
export { writeLocal, discardMutation, retryMutation, StorageFullError, type LocalWrite } from './outbox';
export { preparePhoto, sha256Hex } from './blob-store';
export {
  createSyncEngine,
  SIGN_IN_TO_SYNC,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncReport,
  type SyncReason,
} from './engine';
export { appSyncEngine, discardChange, retryChange, syncNow, useBackgroundSync } from './app-engine';
export { useSyncStatus, type SyncPhase } from './status-store';
export { useLive, useLiveValue, type Live } from './live';
export { useLocalPhotoUrl } from './photo-url';
export { describeMutation, type MutationDescription } from './entities';
export {
  useInflight,
  useInflightUids,
  useInitialSync,
  useLastSyncedAt,
  useOnlineStatus,
  useOutboxSummary,
  usePendingRecords,
  useRejectedMutations,
  useUnsyncedWarning,
  unsyncedWarning,
  type InitialSync,
  type OutboxSummary,
  type PendingState,
} from './hooks';
