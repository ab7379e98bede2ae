/** The social feature (docs/product/social.md): the dashboard and public profile pages, loaded lazily. */
export { SocialPage } from './pages/social-page';
export { ProfilePage } from './pages/profile-page';
