import { useTranslation } from '../../i18n/i18n';
import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog/Dialog';
import { Button } from '../../components/Button/Button';
import styles from './canvas.module.css';

/** The editor's dialogs: a native modal dialog (focus kept inside and given back, Escape closes) with a Close button. */
export function Modal({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} testId={testId} className={styles.modal}>
      {children}
      <div className={styles.row}>
        <Button size="sm" onClick={onClose}>
          {t('Close')}
        </Button>
      </div>
    </Dialog>
  );
}
