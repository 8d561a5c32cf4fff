// Activation, password reset and redeeming a code: a chunk of their own, without the account panel
// (the login page is one of its own, login.pages.ts).
export { AppSumoPage } from './AppSumoPage';
export { ConfirmPage } from './ConfirmPage';
export { ResetPasswordPage } from './ResetPasswordPage';
