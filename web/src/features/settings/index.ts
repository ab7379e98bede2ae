/** Settings: what the app keeps on this device (web/src/sync/README.md C16). */
export { StoragePage } from './pages/storage-page';
