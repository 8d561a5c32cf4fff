import { lazy, Suspense } from 'react';
import { useAuth } from '../../features/auth/useAuth';
import { AccountGate } from '../../features/profile/AccountGate';

/** The sections load once someone is signed in: a visitor at /account only gets the sign-in form. */
const AccountArea = lazy(() => import('./AccountArea'));

/** `/account`: the sign-in form for visitors; the section navigation and the sections once signed in. */
export function AccountPage() {
  const { loggedIn } = useAuth();
  return (
    <AccountGate>
      {loggedIn && (
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <AccountArea />
        </Suspense>
      )}
    </AccountGate>
  );
}
