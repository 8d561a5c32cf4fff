import { Messages } from '@visualnotes/contracts';
import { useTranslation } from '../../i18n/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasSession } from '../../app/api/tokens';
import { startSession } from '../auth/session';
import { useRequireAuth } from '../auth/useAuth';
import { SIGN_IN_IGNORED, takeSignInFragment } from '../auth/google-sign-in';

/**
 * `/account` is also the authentication callback: Google sends the browser back here
 * with `code` and `state`, which go on to the gateway; the gateway answers with the tokens in the
 * fragment. Otherwise the page needs auth.
 *
 * Anyone can link to `/account#token=…`: tokens are taken only beside the nonce this browser started
 * the sign-in with (google-sign-in.ts). Others are dropped with the fragment and never replace the
 * session here, so nothing the user makes next lands in someone else's account.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const isCallback = search.has('code') && search.has('state');
  const [tokensHandled, setTokensHandled] = useState(!location.hash.includes('token='));
  const [ignored, setIgnored] = useState(false);
  useRequireAuth({ except: isCallback || !tokensHandled });

  useEffect(() => {
    if (isCallback) {
      window.location.replace(`/api/auth/google/callback?${new URLSearchParams({ code: search.get('code')!, state: search.get('state')! })}`);
      return;
    }
    if (!tokensHandled) {
      const fragment = takeSignInFragment(location.hash);
      if (fragment.kind === 'foreign' && !hasSession()) {
        // the login page is next and says why; the auth check stays off so that it does not send
        // the visitor there a second time, without the reason
        navigate('/account/login', { replace: true, state: SIGN_IN_IGNORED });
        return;
      }
      if (fragment.kind === 'ours') startSession(fragment);
      navigate('/account', { replace: true });
      setIgnored(fragment.kind === 'foreign');
      setTokensHandled(true);
    }
  }, [isCallback, tokensHandled]); // eslint-disable-line react-hooks/exhaustive-deps

  if (isCallback) return <p style={{ textAlign: 'center', padding: 48 }}>{t('Signing you in…')}</p>;
  return (
    <>
      {ignored && (
        <p role="status" style={{ textAlign: 'center', margin: 0, padding: '16px 16px 0' }}>
          {t(Messages.signInLinkIgnored)}
        </p>
      )}
      {children}
    </>
  );
}
