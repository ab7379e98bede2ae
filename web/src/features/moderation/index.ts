/** Moderation (docs/moderation.md): the moderators' queue and log at /moderation. */
export { ModerationPage } from './pages/moderation-page';
