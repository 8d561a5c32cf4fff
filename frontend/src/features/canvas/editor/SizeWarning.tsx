import { SCENE_MAX_BYTES } from '@visualnotes/contracts';
import { Button } from '../../../components/Button/Button';
import { formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../canvas.module.css';

/** From this share of the limit on, the editor says how large the board is. */
export const SIZE_WARNING_SHARE = 0.8;

/** "5.1 MB": a scene size as the limit is stated (decimal megabytes), in the UI language's numbers. */
export const formatMegabytes = (bytes: number) => `${formatNumber(bytes / 1_000_000, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/**
 * Says how large the board is as it nears the size limit (measured as the server measures it: the
 * scene as it is sent), and offers to move the selection to a new board. Nothing below the threshold.
 */
export function SizeWarning({ bytes, onSplit }: { bytes: number; onSplit?: () => void }) {
  const { t } = useTranslation();
  if (bytes < SIZE_WARNING_SHARE * SCENE_MAX_BYTES) return null;
  const over = bytes > SCENE_MAX_BYTES;
  const size = { size: formatMegabytes(bytes), limit: formatMegabytes(SCENE_MAX_BYTES) };
  return (
    <div className={`${styles.notice} ${styles.sizeWarning}`} role="status" data-testid="size-warning" data-over={over || undefined}>
      <span>
        {over
          ? t('This board is {{size}}, over the {{limit}} a board may be: the latest changes cannot be saved until part of it moves to a new board.', size)
          : t('This board is {{size}} of {{limit}}. To keep it growing, move part of it to a new board.', size)}
      </span>
      {onSplit && (
        <Button size="sm" onClick={onSplit} data-testid="split-board">
          {t('Move the selection to a new board')}
        </Button>
      )}
    </div>
  );
}
