import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../document-title';
import { describeError } from './describe-error';
import styles from './ErrorPage.module.css';

export function ErrorPage({ error }: { error: unknown }) {
  const { status, message, title } = describeError(error);
  useDocumentTitle(title, true);
  return (
    <section className={styles.error} aria-labelledby="error-status">
      <h1 id="error-status" className={styles.status} data-testid="error-status">
        {status}
      </h1>
      <p className={styles.message} data-testid="error-message">
        {message}
      </p>
      <AppLink to="/" className={styles.home} data-testid="error-home">
        Back to home
      </AppLink>
    </section>
  );
}
