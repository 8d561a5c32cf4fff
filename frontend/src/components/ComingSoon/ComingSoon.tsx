import { useTranslation } from '../../i18n/i18n';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/document-title';
import { AppLink } from '../AppLink/AppLink';
import styles from './ComingSoon.module.css';

interface Props {
  /** The page's name, shown as heading and used for the document title. */
  title: string;
  description?: ReactNode;
}

/** Honest placeholder for a page whose content is built in a later issue. */
export function ComingSoon({ title, description }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t(title));
  return (
    <section className={styles.soon} data-testid="coming-soon">
      <p className={styles.badge}>{t('Coming soon')}</p>
      <h1 className={styles.title}>{t(title)}</h1>
      <p className={styles.text}>{description ?? t('This page is being built and will be available soon.')}</p>
      <AppLink to="/" className={styles.back}>
        {t('Back to home')}
      </AppLink>
    </section>
  );
}
