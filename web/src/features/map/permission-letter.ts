/**
 * The permission letter page's entry (docs/permissions.md "The letter"), apart from index.ts so the route's
 * lazy chunk holds the letter without /map's own page or MapLibre.
 */
export { PermissionLetterPage } from './pages/permission-letter-page';
