import { Messages } from '@visualnotes/contracts';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readStored, writeStored } from '../../app/browser-storage';
import { useTranslation } from '../../i18n/i18n';

/**
 * Google sign-in ends on `/account#token=…&refresh_token=…&nonce=…`. Anyone can write such a link,
 * so the page that starts a sign-in makes a random nonce, keeps it in this browser's localStorage and
 * sends it to the start route; the gateway keeps it with the OAuth state and hands it back beside
 * the tokens. Tokens without this browser's nonce are someone else's session and are never taken
 * (localStorage, not sessionStorage: a sign-in opened in a new tab must work too).
 */
const NONCE_KEY = 'vn.google_sign_in_nonce';

/** A random nonce for one sign-in: 24 bytes, base64url. */
export function newSignInNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The start route for a sign-in with `nonce`. */
export const googleSignInHref = (nonce: string) => `/api/auth/google?${new URLSearchParams({ nonce })}`;

/** Keeps the nonce of the sign-in this browser is starting (a later start replaces it). */
export function keepSignInNonce(nonce: string): void {
  writeStored('local', NONCE_KEY, nonce);
}

export type SignInFragment = { kind: 'none' } | { kind: 'ours'; token: string; refresh_token: string } | { kind: 'foreign' };

/**
 * What a URL fragment holds: no tokens, the tokens of the sign-in this browser started, or tokens
 * it did not ask for. A fragment with tokens uses the kept nonce up either way.
 */
export function takeSignInFragment(hash: string): SignInFragment {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fragment.get('token');
  const refresh = fragment.get('refresh_token');
  if (!token || !refresh) return { kind: 'none' };
  const kept = readStored('local', NONCE_KEY);
  writeStored('local', NONCE_KEY, null);
  const nonce = fragment.get('nonce');
  return kept && nonce === kept ? { kind: 'ours', token, refresh_token: refresh } : { kind: 'foreign' };
}

/** The login page's history state after tokens from someone else's link were dropped. */
export const SIGN_IN_IGNORED = { signInIgnored: true } as const;

const isSignInIgnored = (state: unknown) => typeof state === 'object' && state !== null && 'signInIgnored' in state && state.signInIgnored === true;

/** Says on the login page that a sign-in link was ignored (AccountGate sends a signed-out visitor there). */
export function SignInIgnoredNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  return isSignInIgnored(location.state) ? <p role="status">{t(Messages.signInLinkIgnored)}</p> : null;
}

/**
 * "Continue with Google": the link carries a nonce made for this page, kept in this browser on click.
 */
export function GoogleSignInLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [nonce] = useState(newSignInNonce);
  return (
    <a className={className} href={googleSignInHref(nonce)} onClick={() => keepSignInNonce(nonce)}>
      {t('Continue with Google')}
    </a>
  );
}
