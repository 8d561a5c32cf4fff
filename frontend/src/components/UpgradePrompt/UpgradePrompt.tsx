import { useTranslation } from '../../i18n/i18n';
import { Messages } from '@visualnotes/contracts';
import { msg } from '../../i18n/msg';
import { buttonClass } from '../Button/Button';
import styles from './UpgradePrompt.module.css';

export type UpgradeReason = 'general' | 'long-document' | 'no-transcription';

const TEXT: Record<UpgradeReason, { title: string; body: string }> = {
  general: {
    title: msg('Upgrade to Premium'),
    body: msg('Unlimited cloud, unlimited video and AI summaries, and a Desktop Pro license.'),
  },
  'long-document': { title: msg('Upgrade to Premium'), body: Messages.documentTooLong },
  'no-transcription': {
    title: msg('Upgrade to Premium'),
    body: msg('Premium transcribes video files and videos without captions, without limit.'),
  },
};

/** The three upgrade-to-Premium prompts (general, long document, no transcription). */
export function UpgradePrompt({ reason = 'general', onClose }: { reason?: UpgradeReason; onClose?: () => void }) {
  const { t } = useTranslation();
  const text = TEXT[reason];
  return (
    <aside className={styles.prompt} role="note" data-testid={`upgrade-${reason}`}>
      <strong>{t(text.title)}</strong>
      <p>{t(text.body)}</p>
      <div className={styles.actions}>
        <a className={buttonClass('primary', 'lg', styles.cta)} href="/pricing">
          {t('See plans')}
        </a>
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose}>
            {t('Not now')}
          </button>
        )}
      </div>
    </aside>
  );
}
