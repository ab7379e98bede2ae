/** The achievements feature's public surface: the app shell routes to the page and hands home its section. */
export { AchievementsPage } from './pages/achievements-page';
