/** The sync layer's public surface for features and the app shell (README.md states the rules C1…). */
export {
  writeLocal,
  writeLocalBatch,
  announceLocalWrites,
  discardMutation,
  retryMutation,
  StorageFullError,
  type LocalWrite,
} from './outbox';
export { preparePhoto, sha256Hex } from './blob-store';
export {
  createSyncEngine,
  SIGN_IN_TO_SYNC,
  type SyncEngine,
  type SyncEngineOptions,
  type SyncReport,
  type SyncReason,
} from './engine';
export {
  appSyncEngine,
  clearCachedCommunityData,
  discardChange,
  keepListOffline,
  loadRemotePage,
  openRecord,
  retryChange,
  stopKeepingList,
  syncNow,
  useBackgroundSync,
} from './app-engine';
export { pinAll as pinRecords, PIN_BUDGET } from './pins';
export { useDetailRecord, useOpenRecord, type DetailRecord, type OpenStatus } from './open-record';
export { KEPT_LIST_LIMIT, type KeptListInput } from './kept-lists';
export {
  useListContinuation,
  useRemoteList,
  useServerResults,
  type ListEnd,
  type RemoteList,
  type RemoteListOptions,
  type RemoteStatus,
} from './remote-lists';
export {
  useKeptList,
  useKeptLists,
  useStoredCounts,
  useWindowEdge,
  storedCounts,
  STORED_TABLES,
  type TableCount,
} from './storage-hooks';
export { askStoragePersistence, isStoragePersisted, storageEstimate } from './storage';
export type { EvictionReport } from './evict';
export {
  connectionOf,
  selectServerReached,
  useSyncStatus,
  type Connection,
  type SyncPhase,
} from './status-store';
export { useLive, useLiveValue, type Live } from './live';
export { useLocalPhotoUrl } from './photo-url';
export { CLIENT_ENTITIES, describeMutation, type MutationDescription } from './entities';
export {
  useInflight,
  useInflightUids,
  useInitialSync,
  useLastSyncedAt,
  useOnlineStatus,
  useOutboxSummary,
  usePendingRecords,
  usePinHydrated,
  useRejectedMutations,
  useUnsyncedWarning,
  unsyncedWarning,
  type InitialSync,
  type OutboxSummary,
  type PendingState,
} from './hooks';
