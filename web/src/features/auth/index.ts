/** The auth feature's public surface: the app shell composes these; nothing else is imported from here. */
export { HeaderAuth } from './components/header-auth';
export { AuthDialogs } from './components/auth-dialogs';
export { useAuthBootstrap } from './hooks/use-auth-bootstrap';
export { LoginRoute } from './pages/login-route';
export { EditProfilePage } from './pages/edit-profile-page';
export { VerifyEmailPage } from './pages/verify-email-page';
export { ResetPasswordPage } from './pages/reset-password-page';
