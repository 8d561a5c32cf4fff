import { useTranslation } from '../../i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { createProgressController, type ProgressController, type ProgressState } from './progress-controller';
import styles from './NavigationProgress.module.css';

/** Thin bar at the top of the page while a navigation (page chunk, loader) is pending. */
export function NavigationProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [progress, setProgress] = useState<ProgressState>({ visible: false, value: 0 });
  const controller = useRef<ProgressController | null>(null);

  useEffect(() => {
    const bar = createProgressController({ onChange: setProgress });
    controller.current = bar;
    return () => bar.dispose();
  }, []);

  useEffect(() => {
    if (busy) controller.current?.start();
    else controller.current?.finish();
  }, [busy]);

  return (
    <div
      className={styles.bar}
      data-testid="nav-progress"
      data-visible={progress.visible}
      role="progressbar"
      aria-label={t('Loading page')}
      aria-hidden={!progress.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress.value)}
    >
      <div className={styles.fill} style={{ transform: `scaleX(${progress.value / 100})` }} />
    </div>
  );
}
