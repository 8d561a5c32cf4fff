import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { rememberPath } from '../auth/redirect';

/** "Log in", coming back to this video page (link and video kept) once signed in. */
export function LoginLink() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link to="/account/login" onClick={() => rememberPath(location.pathname + location.search)}>
      {t('Log in')}
    </Link>
  );
}
