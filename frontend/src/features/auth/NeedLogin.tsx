import { Messages } from '@visualnotes/contracts';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { rememberPath } from './redirect';

/**
 * "Need to log in to continue. Log in or create a free account to …": both links bring the visitor
 * back to this page once signed in. `purpose` ends the sentence (already in the UI language's key).
 */
export function NeedLogin({ purpose, className }: { purpose: string; className?: string }) {
  const { t } = useTranslation();
  // the query too: a video (`?v=`) or a summary (`?summary=`) open on the page is open again after login
  const { pathname, search } = useLocation();
  const comeBack = () => rememberPath(pathname + search);
  return (
    <p className={className} data-testid="need-login">
      {t(Messages.needLogin)}.{' '}
      <Link to="/account/login" onClick={comeBack}>
        {t('Log in')}
      </Link>{' '}
      {t('or')}{' '}
      <Link to="/account/login?register=1" onClick={comeBack}>
        {t('create a free account')}
      </Link>{' '}
      {t(purpose)}
    </p>
  );
}
