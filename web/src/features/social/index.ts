/**
 * The social feature (docs/product/social.md): the dashboard, public profile pages and group pages, loaded
 * lazily.
 */
export { SocialPage } from './pages/social-page';
export { ProfilePage } from './pages/profile-page';
export { GroupPage } from './pages/group-page';
