import { LanguageSwitch } from '../../i18n/LanguageSwitch';
import { PRODUCT_NAME } from '../constants';
import { useTranslation } from '../../i18n/i18n';
import { FOOTER_COLUMNS } from './menus';
import { NavItemLink } from './NavItemLink';
import styles from './Footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <p className={styles.brand}>{PRODUCT_NAME}</p>
          <p className={styles.tagline}>{t('Think, create and publish on a canvas.')}</p>
          <LanguageSwitch className={styles.language} />
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} className={styles.column} aria-label={t(column.title)}>
            <h2 className={styles.title}>{t(column.title)}</h2>
            <ul className={styles.list}>
              {column.links.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} className={styles.link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.copy}>
        © {new Date().getFullYear()} {PRODUCT_NAME}. {t('30-day money-back guarantee.')}
      </p>
    </footer>
  );
}
