import { useTranslation } from '../../i18n/i18n';
import type { TranscriptSegment } from '@visualnotes/contracts';
import { useEffect, useRef, useState } from 'react';
import { clock } from './formats';
import styles from './video.module.css';

/**
 * The transcript scroll manager: the current line follows playback; when the user scrolls, following
 * pauses (a "Follow playback" button resumes it); clicking a line seeks there.
 */
export function TranscriptView({ lines, time, onSeek }: { lines: TranscriptSegment[]; time: number; onSeek: (t: number) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const programmatic = useRef(false);
  let current = -1;
  for (let i = 0; i < lines.length && lines[i].start <= time + 0.05; i++) current = i;

  useEffect(() => {
    if (!follow || current < 0 || !box.current) return;
    const el = box.current.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (!el) return;
    programmatic.current = true;
    box.current.scrollTo({ top: el.offsetTop - box.current.clientHeight / 3, behavior: 'smooth' });
    const t = setTimeout(() => (programmatic.current = false), 600);
    return () => clearTimeout(t);
  }, [current, follow]);

  const userScrolled = () => {
    if (!programmatic.current) setFollow(false);
  };

  return (
    <div className={styles.transcriptWrap}>
      {!follow && (
        <button type="button" className={styles.followButton} onClick={() => setFollow(true)}>
          {t('Follow playback')}
        </button>
      )}
      <div ref={box} className={styles.transcript} onWheel={userScrolled} onTouchMove={userScrolled} data-testid="transcript" aria-label={t('Transcript')}>
        {lines.map((l, i) => (
          <button
            type="button"
            key={i}
            data-index={i}
            className={i === current ? `${styles.line} ${styles.current}` : styles.line}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => {
              setFollow(true);
              onSeek(l.start);
            }}
          >
            <span className={styles.time}>{clock(l.start)}</span> <span dir="auto">{l.text}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
