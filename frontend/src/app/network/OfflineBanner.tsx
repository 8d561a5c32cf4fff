import { useTranslation } from '../../i18n/i18n';
import { useAppSelector } from '../store';
import { selectOnline } from './network.slice';
import styles from './OfflineBanner.module.css';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useAppSelector(selectOnline);
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className={styles.banner} data-testid="offline-banner">
          {t('You are offline. Pages you have not opened yet are unavailable until the connection returns.')}
        </p>
      )}
    </div>
  );
}
