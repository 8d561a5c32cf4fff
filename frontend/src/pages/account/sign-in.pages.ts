// Signing in, activation and password reset: a chunk of their own, without the account panel.
export { AppSumoPage } from './AppSumoPage';
export { ConfirmPage } from './ConfirmPage';
export { LoginPage } from './LoginPage';
export { ResetPasswordPage } from './ResetPasswordPage';
