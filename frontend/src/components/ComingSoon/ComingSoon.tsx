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
  useDocumentTitle(title);
  return (
    <section className={styles.soon} data-testid="coming-soon">
      <p className={styles.badge}>Coming soon</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{description ?? 'This page is being built and will be available soon.'}</p>
      <AppLink to="/" className={styles.back}>
        Back to home
      </AppLink>
    </section>
  );
}
