/** The wellbeing feature's public surface: the app shell routes to these pages and hands home its section. */
export { WellbeingPage } from './pages/wellbeing-page';
export { StoryPage } from './pages/story-page';
