import { useTranslation } from '../../i18n/i18n';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { OfflineBanner } from '../network/OfflineBanner';
import { NavigationProgress } from '../progress/NavigationProgress';
import { ScrollManager } from '../scroll/ScrollManager';
import { Footer } from './Footer';
import { Header } from './Header';

/** Frame around every page, error pages included. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  // a page that fills the window (the canvas editor) has no footer to scroll to
  const fullWindow = useMatches().some((m) => (m.handle as { fullWindow?: boolean } | undefined)?.fullWindow);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <NavigationProgress />
      <ScrollManager />
      <OfflineBanner />
      <Header />
      <main id="main" className="page" tabIndex={-1} data-full-window={fullWindow || undefined}>
        {children}
      </main>
      {!fullWindow && <Footer />}
    </>
  );
}
