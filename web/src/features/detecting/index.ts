/** Detecting now: field warnings for protected sites and permission edges (docs/permissions.md). */
export { DetectingPage } from './pages/detecting-page';
