import { useTranslation } from '../../i18n/i18n';
import type { ReactNode } from 'react';
import { OfflineBanner } from '../network/OfflineBanner';
import { NavigationProgress } from '../progress/NavigationProgress';
import { ScrollManager } from '../scroll/ScrollManager';
import { Footer } from './Footer';
import { Header } from './Header';

/** Frame around every page, error pages included. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <NavigationProgress />
      <ScrollManager />
      <OfflineBanner />
      <Header />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
