// The login page alone: the page a visitor at /account is sent to, so it carries nothing else.
export { LoginPage } from './LoginPage';
