import { useTranslation } from '../../../i18n/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { startSession } from '../../../features/auth/session';
import { useRequireAuth } from '../../../features/auth/useAuth';

/**
 * `/account` is also the authentication callback: Google sends the browser back here
 * with `code` and `state`, which go on to the gateway; the gateway answers with the tokens in the
 * fragment. Otherwise the page needs auth.
 */
export function AccountGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const isCallback = search.has('code') && search.has('state');
  const [tokensHandled, setTokensHandled] = useState(!location.hash.includes('token='));
  useRequireAuth({ except: isCallback || !tokensHandled });

  useEffect(() => {
    if (isCallback) {
      window.location.replace(`/api/auth/google/callback?${new URLSearchParams({ code: search.get('code')!, state: search.get('state')! })}`);
      return;
    }
    if (!tokensHandled) {
      const fragment = new URLSearchParams(location.hash.slice(1));
      const token = fragment.get('token');
      const refresh = fragment.get('refresh_token');
      if (token && refresh) startSession({ token, refresh_token: refresh });
      navigate('/account', { replace: true });
      setTokensHandled(true);
    }
  }, [isCallback, tokensHandled]); // eslint-disable-line react-hooks/exhaustive-deps

  if (isCallback) return <p style={{ textAlign: 'center', padding: 48 }}>{t('Signing you in…')}</p>;
  return <>{children}</>;
}
