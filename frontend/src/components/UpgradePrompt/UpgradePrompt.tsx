import { Messages } from '@visualnotes/contracts';
import styles from './UpgradePrompt.module.css';

export type UpgradeReason = 'general' | 'long-document' | 'no-transcription';

const TEXT: Record<UpgradeReason, { title: string; body: string }> = {
  general: {
    title: 'Upgrade to Premium',
    body: 'Unlimited cloud, unlimited video and AI summaries, and a Desktop Pro license.',
  },
  'long-document': { title: 'Upgrade to Premium', body: Messages.documentTooLong },
  'no-transcription': {
    title: 'Upgrade to Premium',
    body: 'Premium transcribes video files and videos without captions, without limit.',
  },
};

/** The three upgrade-to-Premium prompts (general, long document, no transcription). */
export function UpgradePrompt({ reason = 'general', onClose }: { reason?: UpgradeReason; onClose?: () => void }) {
  const t = TEXT[reason];
  return (
    <aside className={styles.prompt} role="note" data-testid={`upgrade-${reason}`}>
      <strong>{t.title}</strong>
      <p>{t.body}</p>
      <div className={styles.actions}>
        <a className={styles.cta} href="/pricing">
          See plans
        </a>
        {onClose && (
          <button type="button" className={styles.close} onClick={onClose}>
            Not now
          </button>
        )}
      </div>
    </aside>
  );
}
