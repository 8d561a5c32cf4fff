import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { selectLoggedIn, selectReady, selectSignedOut, selectUser } from './auth.slice';
import { rememberPath } from './redirect';
import { readToken } from '../../app/api/tokens';

export function useAuth() {
  // the auth slice is injected into the root reducer, so the selectors take the state as `{ auth? }`
  const user = useSelector(selectUser);
  const loaded = useSelector(selectLoggedIn);
  const ready = useSelector(selectReady);
  // The user could not be loaded but the session is still stored (a rejected session is cleared):
  // no network, so the signed-in user keeps working on what this device has.
  const loggedIn = loaded || (ready && readToken() !== null);
  return { user, loggedIn, ready };
}

/** A page that needs auth sends a logged-out user to login, remembering the path. */
export function useRequireAuth(options: { except?: boolean } = {}) {
  const { loggedIn, ready } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = useSelector(selectSignedOut);
  const wasLoggedIn = useRef(loggedIn);
  useEffect(() => {
    if (!ready || loggedIn || options.except) return;
    // a logout on this page goes to /account's login, not back here afterwards
    if (!wasLoggedIn.current) rememberPath(location.pathname + location.search + location.hash);
    // the login page says why the session ended when the user ended it everywhere or deleted the account
    navigate('/account/login', { replace: true, state: wasLoggedIn.current && signedOut ? { signedOut } : undefined });
  }, [ready, loggedIn, options.except, navigate, location, signedOut]);
  useEffect(() => {
    wasLoggedIn.current = loggedIn;
  }, [loggedIn]);
  return { loggedIn, ready };
}

/** A guest-only page sends a logged-in user home. */
export function useGuestOnly(onLoggedIn?: () => void) {
  const { loggedIn, ready } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (ready && loggedIn) {
      if (onLoggedIn) onLoggedIn();
      else navigate('/', { replace: true });
    }
  }, [ready, loggedIn, navigate, onLoggedIn]);
}
