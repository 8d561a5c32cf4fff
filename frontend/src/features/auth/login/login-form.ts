import { msg } from '../../../i18n/msg';

/** The login page's state (log in, sign up, forgot password, the new-device code step) as one reducer. */
export type Mode = 'login' | 'register' | 'forgot' | 'code';
export type Field = 'name' | 'email' | 'password' | 'code';

/** The longest name the server takes (`nameSchema`): the field stops there instead of refusing it afterwards. */
export const NAME_MAX = 100;

export interface LoginFormState {
  mode: Mode;
  name: string;
  email: string;
  password: string;
  code: string;
  challenge: string;
  error: string | null;
  /** The field `error` is about: shown under it, and gone once that field is edited. */
  errorField: Field | null;
  notice: string | null;
  busy: boolean;
  /** The last sign-in failed because the account is not activated yet: offer to resend the e-mail. */
  unactivated: boolean;
}

export type LoginFormAction =
  | { type: 'edit'; field: Field; value: string }
  | { type: 'switch'; mode: Mode }
  | { type: 'start' }
  | { type: 'failed'; error: string; unactivated?: boolean }
  | { type: 'invalid'; error: string; field?: Field }
  | { type: 'done'; notice?: string; mode?: Mode }
  | { type: 'codeRequired'; challenge: string; notice: string }
  | { type: 'activationSent'; notice: string };

export function initialLoginForm(mode: Mode = 'login', error: string | null = null): LoginFormState {
  return { mode, name: '', email: '', password: '', code: '', challenge: '', error, errorField: null, notice: null, busy: false, unactivated: false };
}

/** What the security code step says when it opens (after the password, or again after a reload). */
export const CODE_SENT_NOTICE = msg('We sent a 6-digit security code to your e-mail. It is valid for 10 minutes.');

export function loginFormReducer(state: LoginFormState, action: LoginFormAction): LoginFormState {
  switch (action.type) {
    case 'edit': {
      // the security code keeps digits only
      const next = { ...state, [action.field]: action.field === 'code' ? action.value.replace(/\D/g, '') : action.value };
      // what was wrong with this field may no longer be: its message goes with the change
      return state.errorField === action.field ? { ...next, error: null, errorField: null } : next;
    }
    case 'switch':
      return { ...state, mode: action.mode, error: null, errorField: null, notice: null, unactivated: false };
    case 'start':
      return { ...state, busy: true, error: null, errorField: null, notice: null };
    case 'failed':
      return { ...state, busy: false, error: action.error, errorField: null, unactivated: action.unactivated ?? false };
    case 'invalid':
      return { ...state, busy: false, error: action.error, errorField: action.field ?? null };
    case 'done':
      return { ...state, busy: false, mode: action.mode ?? state.mode, notice: action.notice ?? state.notice };
    case 'codeRequired':
      return { ...state, busy: false, mode: 'code', challenge: action.challenge, code: '', notice: action.notice };
    case 'activationSent':
      return { ...state, busy: false, notice: action.notice, unactivated: false };
  }
}
