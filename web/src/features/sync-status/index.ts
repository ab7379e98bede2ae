/** Sync status UI for the app shell: the header indicator, which opens the sync / Not synced panel. */
export { SyncIndicator } from './sync-indicator';
