import { Messages, passwordProblemShort } from '@visualnotes/contracts';
import { useCallback, useReducer, useRef, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { runApi } from '../../../app/api/api';
import { errorMessage } from '../../../app/error/describe-error';
import { msg } from '../../../i18n/msg';
import { loadSchemas } from '../../forms/schemas';
import { clearReferralCode, storedReferralCode } from '../../license/referral';
import { authApi } from '../api';
import { deviceFingerprint } from '../fingerprint';
import { takeRedirect } from '../redirect';
import { startSession } from '../session';
import { useGuestOnly } from '../useAuth';
import { keepCodeStep, keptCodeStep } from './code-step';
import { CODE_SENT_NOTICE, initialLoginForm, loginFormReducer, type Field, type LoginFormAction, type Mode } from './login-form';

/** The form field a schema issue is about, when it is one the page shows. */
const asField = (key: PropertyKey | undefined): Field | undefined => (key === 'name' || key === 'email' || key === 'password' ? key : undefined);

/**
 * The sign-in card's state and requests: log in, register, forgot password, the new-device code
 * step. A signed-in visitor is sent home; one who just logged in goes to the remembered path.
 */
export function useLoginFlow() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // `?register=1` (the invitation page's link) opens the sign-up form, `?forgot=1` (an expired reset link) the reset request
  const [state, dispatch] = useReducer(loginFormReducer, undefined, () => {
    const start = initialLoginForm(
      params.get('register') === '1' ? 'register' : params.get('forgot') === '1' ? 'forgot' : 'login',
      params.get('error') === 'google' ? Messages.googleLoginFailed : null,
    );
    const challenge = start.mode === 'login' && !start.error ? keptCodeStep() : null;
    return challenge ? loginFormReducer(start, { type: 'codeRequired', challenge, notice: CODE_SENT_NOTICE }) : start;
  });
  const { mode, name, email, password, code, challenge, error, errorField, busy } = state;
  const justLoggedIn = useRef(false);
  const newPassword = useRef<HTMLInputElement>(null);

  useGuestOnly(useCallback(() => navigate(justLoggedIn.current ? takeRedirect('/account') : '/', { replace: true }), [navigate]));

  const passwordHint = mode === 'register' && password ? passwordProblemShort(password) : null;
  const edit = (field: Field) => (e: { target: { value: string } }) => dispatch({ type: 'edit', field, value: e.target.value });
  const switchTo = (next: Mode) => {
    if (mode === 'code') keepCodeStep(null);
    dispatch({ type: 'switch', mode: next });
  };
  /** What is wrong with `field` (untranslated), or null. */
  const fieldError = (field: Field) => (error && errorField === field ? error : null);

  /**
   * Runs a request; `action` answers what to do once it succeeded. A form is busy from the click on
   * (before its checks, which may wait for the schemas): its button is disabled, so a double click
   * sends one request, not two (two sign-ups mailed two activation links, the first one then invalid).
   */
  async function run(action: () => Promise<LoginFormAction>) {
    dispatch({ type: 'start' });
    try {
      dispatch(await action());
    } catch (err) {
      const message = errorMessage(err) ?? '';
      dispatch({ type: 'failed', error: message, unactivated: message === Messages.accountNotActivated });
    }
  }

  const submitLogin = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void run(async () => {
      const answer = await runApi(authApi.endpoints.login.initiate({ email, password, fingerprint: deviceFingerprint() }));
      if ('security_code_required' in answer) {
        keepCodeStep(answer.challenge);
        return { type: 'codeRequired', challenge: answer.challenge, notice: CODE_SENT_NOTICE };
      }
      justLoggedIn.current = true;
      startSession(answer);
      return { type: 'done' };
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) return dispatch({ type: 'invalid', error: msg('The security code has 6 digits'), field: 'code' });
    void run(async () => {
      const answer = await runApi(authApi.endpoints.loginWithCode.initiate({ challenge, code: code.trim() }));
      keepCodeStep(null);
      justLoggedIn.current = true;
      startSession(answer);
      return { type: 'done' };
    });
  };

  const submitRegister = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    dispatch({ type: 'start' });
    const schemas = await loadSchemas().catch((err: Error) => void dispatch({ type: 'invalid', error: err.message }));
    if (!schemas) return;
    const { registerSchema } = schemas;
    // a code kept from `/refer/{code}`; one the form would refuse is dropped rather than blocking the sign-up
    const kept = storedReferralCode();
    const referral = kept && registerSchema.shape.referral_code.safeParse(kept).success ? kept : undefined;
    const parsed = registerSchema.safeParse({ name, email, password, referral_code: referral });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // the hint under the password field already says what is wrong with it: one message, not two
      if (issue?.path[0] === 'password' && passwordHint) {
        dispatch({ type: 'invalid', error: '' });
        return newPassword.current?.focus();
      }
      return dispatch({ type: 'invalid', error: issue?.message ?? 'Invalid request', field: asField(issue?.path[0]) });
    }
    void run(async () => {
      await runApi(authApi.endpoints.register.initiate(parsed.data));
      clearReferralCode();
      return { type: 'done', mode: 'login', notice: msg('Check your e-mail (it may be in your spam folder) and open the link to activate your account.') };
    });
  };

  const submitForgot = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    dispatch({ type: 'start' });
    const schemas = await loadSchemas().catch((err: Error) => void dispatch({ type: 'invalid', error: err.message }));
    if (!schemas) return;
    const parsed = schemas.forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return dispatch({ type: 'invalid', error: parsed.error.issues[0]?.message ?? 'Invalid request', field: 'email' });
    void run(async () => {
      await runApi(authApi.endpoints.forgotPassword.initiate(parsed.data));
      return { type: 'done', notice: msg('If an account exists for this address, we sent it a link to reset the password.') };
    });
  };

  const resend = () =>
    void run(async () => {
      await runApi(authApi.endpoints.resendActivation.initiate({ email }));
      return { type: 'activationSent', notice: msg('We sent the activation link again. Check your spam folder too.') };
    });

  return { state, edit, switchTo, fieldError, passwordHint, newPassword, submitLogin, submitCode, submitRegister, submitForgot, resend };
}

export type LoginFlow = ReturnType<typeof useLoginFlow>;
