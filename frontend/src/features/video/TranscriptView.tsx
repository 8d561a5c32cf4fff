import { useTranslation } from '../../i18n/i18n';
import type { TranscriptSegment } from '@visualnotes/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button/Button';
import { clock } from './formats';
import styles from './video.module.css';

/**
 * The transcript scroll manager: the current line follows playback; when the user scrolls, following
 * pauses (a "Follow playback" button resumes it); clicking a line seeks there. With `onCorrect`
 * (the owner's video), "Correct the transcript" lets a click on a line open it for editing
 * (names, terms); `onCorrect` answers the sentence to show when the correction was refused.
 */
export function TranscriptView({
  lines,
  time,
  onSeek,
  onCorrect,
}: {
  lines: TranscriptSegment[];
  time: number;
  onSeek: (t: number) => void;
  onCorrect?: (index: number, text: string) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(true);
  const [correcting, setCorrecting] = useState(false);
  const [editing, setEditing] = useState<{ index: number; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const programmatic = useRef(false);
  let current = -1;
  for (let i = 0; i < lines.length && lines[i].start <= time + 0.05; i++) current = i;

  useEffect(() => {
    if (!follow || correcting || current < 0 || !box.current) return;
    const el = box.current.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (!el) return;
    programmatic.current = true;
    box.current.scrollTo({ top: el.offsetTop - box.current.clientHeight / 3, behavior: 'smooth' });
    const t = setTimeout(() => (programmatic.current = false), 600);
    return () => clearTimeout(t);
  }, [current, follow, correcting]);

  const userScrolled = () => {
    if (!programmatic.current) setFollow(false);
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing || !onCorrect || saving) return;
    const text = editing.text.trim();
    if (!text) return setError(t('Write the corrected text of the line'));
    if (text === lines[editing.index]?.text) return setEditing(null);
    setSaving(true);
    const refused = await onCorrect(editing.index, text);
    setSaving(false);
    if (refused) return setError(refused);
    setError(null);
    setEditing(null);
  };

  return (
    <div className={styles.transcriptWrap}>
      {onCorrect && (
        <div className={styles.transcriptTools}>
          <Button
            size="sm"
            aria-pressed={correcting}
            onClick={() => {
              setCorrecting(!correcting);
              setEditing(null);
              setError(null);
            }}
          >
            {correcting ? t('Done correcting') : t('Correct the transcript')}
          </Button>
          {correcting && <span className={styles.muted}>{t('Click a line to correct it (names, terms).')}</span>}
        </div>
      )}
      {!follow && !correcting && (
        <button type="button" className={styles.followButton} onClick={() => setFollow(true)}>
          {t('Follow playback')}
        </button>
      )}
      <div ref={box} className={styles.transcript} onWheel={userScrolled} onTouchMove={userScrolled} data-testid="transcript" aria-label={t('Transcript')}>
        {lines.map((l, i) =>
          editing?.index === i ? (
            <form key={i} data-index={i} className={styles.lineForm} onSubmit={(e) => void save(e)}>
              <span className={styles.time}>{clock(l.start)}</span>
              <input
                aria-label={t('Corrected text')}
                dir="auto"
                maxLength={2000}
                value={editing.text}
                autoFocus
                onChange={(e) => setEditing({ index: i, text: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') {
                    e.preventDefault();
                    setEditing(null);
                    setError(null);
                  }
                }}
              />
              <Button type="submit" size="sm" variant="primary" busy={saving}>
                {t('Save')}
              </Button>
              <Button
                size="sm"
                onClick={() => {
                  setEditing(null);
                  setError(null);
                }}
              >
                {t('Cancel')}
              </Button>
              {error && (
                <span className={styles.error} role="alert">
                  {t(error)}
                </span>
              )}
            </form>
          ) : (
            <button
              type="button"
              key={i}
              data-index={i}
              className={i === current ? `${styles.line} ${styles.current}` : styles.line}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => {
                if (correcting) {
                  setError(null);
                  setEditing({ index: i, text: l.text });
                  return;
                }
                setFollow(true);
                onSeek(l.start);
              }}
            >
              <span className={styles.time}>{clock(l.start)}</span> <span dir="auto">{l.text}</span>
            </button>
          ),
        )}
      </div>
    </div>
  );
}
