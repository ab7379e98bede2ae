/** Settings: what the app keeps on this device (web/src/sync/README.md C16) and the member's data (docs/export.md). */
export { StoragePage } from './pages/storage-page';
export { DataPage } from './pages/data-page';
