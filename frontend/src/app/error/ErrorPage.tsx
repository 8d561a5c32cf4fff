import { useTranslation } from '../../i18n/i18n';
import { AppLink } from '../../components/AppLink/AppLink';
import { PRODUCT_NAME } from '../constants';
import { useDocumentTitle } from '../document-title';
import { describeError } from './describe-error';
import styles from './ErrorPage.module.css';

export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, message } = describeError(error);
  useDocumentTitle(`${status} - ${t(message)} | ${PRODUCT_NAME}`, true);
  return (
    <section className={styles.error} aria-labelledby="error-status">
      <h1 id="error-status" className={styles.status} data-testid="error-status">
        {status}
      </h1>
      <p className={styles.message} data-testid="error-message">
        {t(message)}
      </p>
      <AppLink to="/" className={styles.home} data-testid="error-home">
        {t('Back to home')}
      </AppLink>
    </section>
  );
}
