/**
 * The auth feature's eager surface: what the app shell renders on every page. The pages
 * (sign-in-page, edit-profile-page, verify-email-page, reset-password-page) are loaded lazily by the
 * router straight from ./pages so that forms and validation stay out of the first download.
 */
export { HeaderAuth } from './components/header-auth';
export { AuthDialogs } from './components/auth-dialogs';
export { useAuthBootstrap } from './hooks/use-auth-bootstrap';
