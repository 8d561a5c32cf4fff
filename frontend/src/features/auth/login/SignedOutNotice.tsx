import { useLocation } from 'react-router-dom';
import { useTranslation } from '../../../i18n/i18n';
import { msg } from '../../../i18n/msg';
import styles from '../auth.module.css';

/** What the login page says after the user logged out on all devices or deleted the account (history state `signedOut`). */
const SIGNED_OUT_NOTICES: Record<string, string> = {
  everywhere: msg('You were logged out on all devices.'),
  deleted: msg('Your account was deleted.'),
};

export function SignedOutNotice() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const reason = typeof state === 'object' && state !== null && 'signedOut' in state ? state.signedOut : null;
  const notice = typeof reason === 'string' && Object.hasOwn(SIGNED_OUT_NOTICES, reason) ? SIGNED_OUT_NOTICES[reason] : null;
  return notice ? (
    <p className={styles.success} role="status" data-testid="signed-out-notice">
      {t(notice)}
    </p>
  ) : null;
}
