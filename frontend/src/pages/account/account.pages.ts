export { AccountPage } from './AccountPage';
export { AppSumoPage } from './AppSumoPage';
export { ConfirmPage } from './ConfirmPage';
export { LoginPage } from './LoginPage';
export { ResetPasswordPage } from './ResetPasswordPage';
