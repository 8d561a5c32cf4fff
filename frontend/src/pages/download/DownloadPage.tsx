import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import styles from '../info/Prose.module.css';
import { detectPlatform, type Platform } from './platform';

/** Where the installers and store listings are published (one place to change them). */
const DOWNLOADS: Record<Exclude<Platform, 'other'>, { name: string; href: string; action: string; note: string }> = {
  mac: {
    name: 'Mac',
    href: 'https://download.visualnotes.app/VisualNotes-mac.dmg',
    action: 'Download for Mac',
    note: 'macOS 12 or later, Apple silicon and Intel.',
  },
  windows: {
    name: 'Windows',
    href: 'https://download.visualnotes.app/VisualNotes-setup.exe',
    action: 'Download for Windows',
    note: 'Windows 10 or later, 64-bit.',
  },
  ios: { name: 'iOS', href: 'https://apps.apple.com/app/visualnotes', action: 'Get it on the App Store', note: 'iPhone and iPad, iOS 16 or later.' },
  android: {
    name: 'Android',
    href: 'https://play.google.com/store/apps/details?id=app.visualnotes',
    action: 'Get it on Google Play',
    note: 'Android 9 or later.',
  },
};

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's install prompt for the offline web app, when it offers one. */
function useInstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const install = async () => {
    if (!event) return;
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'accepted') setInstalled(true);
    setEvent(null);
  };
  return { canInstall: event !== null, installed, install };
}

function PlatformCard({ platform, current }: { platform: Exclude<Platform, 'other'>; current: boolean }) {
  const { t } = useTranslation();
  const info = DOWNLOADS[platform];
  return (
    <li className={`${styles.card} ${current ? styles.highlight : ''}`} data-testid={`download-${platform}`} data-current={current}>
      <h3>
        {info.name} {current ? <small>({t('your device')})</small> : null}
      </h3>
      <p>{t(info.note)}</p>
      <p>
        <a className={styles.button} href={info.href} rel="noopener">
          {t(info.action)}
        </a>
      </p>
    </li>
  );
}

export function DownloadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Download'));
  const [platform, setPlatform] = useState<Platform>('other');
  useEffect(() => setPlatform(detectPlatform()), []);
  const { canInstall, installed, install } = useInstallPrompt();
  const recommended = platform === 'other' ? null : DOWNLOADS[platform];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1>{t('Download')}</h1>
      <p className={styles.lead}>
        {t(
          'VisualNotes runs in the browser, on your desktop and on your phone. Your projects sync between them; the desktop apps and the web app also work offline.',
        )}
      </p>
      {recommended ? (
        <p data-testid="recommended">
          <a className={styles.button} href={recommended.href} rel="noopener">
            {t(recommended.action)}
          </a>
        </p>
      ) : null}

      <h2>{t('Desktop')}</h2>
      <ul className={styles.cards}>
        <PlatformCard platform="mac" current={platform === 'mac'} />
        <PlatformCard platform="windows" current={platform === 'windows'} />
      </ul>

      <h2>{t('Mobile')}</h2>
      <ul className={styles.cards}>
        <PlatformCard platform="ios" current={platform === 'ios'} />
        <PlatformCard platform="android" current={platform === 'android'} />
      </ul>

      <h2 id="web-app">{t('Offline web app')}</h2>
      <p>{t('Install VisualNotes from your browser: it opens in its own window, starts without a connection and syncs when you are back online.')}</p>
      {installed ? (
        <p role="status">{t('The web app is installed on this device.')}</p>
      ) : canInstall ? (
        <p>
          <button type="button" className={styles.button} onClick={() => void install()} data-testid="install-web-app">
            {t('Install the web app')}
          </button>
        </p>
      ) : (
        <p data-testid="install-hint">
          {t('In Chrome or Edge, use the install icon in the address bar; in Safari on iPhone or iPad, tap Share, then Add to Home Screen.')}
        </p>
      )}

      <h2 id="license">{t('Activating a license')}</h2>
      <ol>
        <li>{t('Buy Desktop Pro on the pricing page, or ask the license owner to add your e-mail address.')}</li>
        <li>{t('Open the desktop app and choose Activate license.')}</li>
        <li>{t('Enter the 16-digit license key shown in your account under License.')}</li>
      </ol>
      <p>
        {t('Each license covers a number of devices: 4 with Pro, 8 with Pro Plus and 20 with Pro Max. Remove a device in your account to free its place.')}{' '}
        <AppLink to="/pricing">{t('See plans and pricing')}</AppLink>
      </p>
      <p>{t('Every paid plan comes with a 30-day money-back guarantee.')}</p>
    </div>
  );
}
