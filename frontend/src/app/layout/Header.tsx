import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { mediaUp } from '../../styles/breakpoints';
import { PRODUCT_NAME } from '../constants';
import { Dropdown } from './Dropdown';
import { ACCOUNT_LINK, HEADER_ITEMS } from './menus';
import { NavItemLink } from './NavItemLink';
import styles from './Header.module.css';

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // Any navigation closes menus.
  useEffect(() => {
    setOpenMenu(null);
    setMobileOpen(false);
  }, [location.key]);

  // Growing past the mobile breakpoint closes the mobile panel.
  useEffect(() => {
    const wide = window.matchMedia(mediaUp('md'));
    const onChange = () => wide.matches && setMobileOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const menuToggle = useCallback((id: string) => (open: boolean) => setOpenMenu((current) => (open ? id : current === id ? null : current)), []);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <AppLink to="/" className={styles.brand} aria-label={t('{{name}} home', { name: PRODUCT_NAME })}>
          <span className={styles.logo} aria-hidden="true" />
          {PRODUCT_NAME}
        </AppLink>

        <button
          ref={toggle}
          type="button"
          className={styles.mobileToggle}
          aria-expanded={mobileOpen}
          aria-controls="main-navigation"
          onClick={() => setMobileOpen((open) => !open)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMobileOpen(false);
          }}
        >
          <span className={styles.burger} aria-hidden="true" />
          <span className="visually-hidden">{mobileOpen ? t('Close menu') : t('Open menu')}</span>
        </button>

        <nav
          id="main-navigation"
          aria-label={t('Main')}
          className={styles.nav}
          data-open={mobileOpen}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || openMenu !== null || !mobileOpen) return;
            // the panel closes over the focused link: focus goes back to the menu button, not to the page's start
            setMobileOpen(false);
            toggle.current?.focus();
          }}
        >
          <ul className={styles.navList}>
            {HEADER_ITEMS.map((item) =>
              item.kind === 'menu' ? (
                <li key={item.id}>
                  <Dropdown label={item.label} groups={item.groups} open={openMenu === item.id} onOpenChange={menuToggle(item.id)} />
                </li>
              ) : (
                <li key={item.label}>
                  <NavItemLink item={item} className={styles.navLink} />
                </li>
              ),
            )}
          </ul>
          <AppLink to={ACCOUNT_LINK.to} className={styles.accountLink}>
            {t(ACCOUNT_LINK.label)}
          </AppLink>
        </nav>
      </div>
    </header>
  );
}
