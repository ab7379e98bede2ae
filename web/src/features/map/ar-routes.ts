/**
 * The /ar-routes page's entry (docs/product/ar-routes.md), apart from index.ts so the route's lazy chunk
 * holds the AR page and its map pieces without /map's own page.
 */
export { ArRoutesPage } from './pages/ar-routes-page';
