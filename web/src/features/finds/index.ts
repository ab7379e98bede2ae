/** The finds feature's public surface: the app shell routes to these pages. */
export { FindsGalleryPage } from './pages/finds-gallery-page';
export { FindDetailPage } from './pages/find-detail-page';
