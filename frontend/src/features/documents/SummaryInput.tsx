import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Button } from '../../components/Button/Button';
import styles from './documents.module.css';

interface SummaryInputProps {
  /** The kind of file the tool is named for ("PDF", "Word"…), said in the drop area. */
  kind: string;
  /** The file types the picker offers. */
  accept: string;
  /** A summary is being asked for: the inputs wait. */
  busy: boolean;
  onFile: (file: File) => void;
  onText: (text: string) => void;
  /** Shown under the tabs instead of the inputs when the user cannot summarize now (signed out, allowance used). */
  blocked?: ReactNode;
}

/** What to summarize: a file (dropped or picked) or pasted text, one tab each. */
export function SummaryInput({ kind, accept, busy, onFile, onText, blocked }: SummaryInputProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'file' | 'text'>('file');
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onText(text);
  };
  const picked = (file: File | undefined) => file && onFile(file);
  const tab = (value: typeof mode, label: string) => (
    <button type="button" role="tab" aria-selected={mode === value} className={mode === value ? styles.tabActive : styles.tab} onClick={() => setMode(value)}>
      {label}
    </button>
  );
  return (
    <>
      <div className={styles.tabs} role="tablist">
        {tab('file', t('Upload a file'))}
        {tab('text', t('Text summarizer'))}
      </div>
      {blocked ? (
        blocked
      ) : mode === 'file' ? (
        <div
          className={dragging ? styles.dropActive : styles.drop}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            picked(e.dataTransfer.files?.[0]);
          }}
        >
          <p>{t('Drop a {{kind}} file here (PDF, PowerPoint, Word, OpenDocument, RTF, EPUB or text), or', { kind })}</p>
          <label className={styles.pick}>
            {busy ? t('Reading…') : t('Choose a file')}
            {/* Hidden from sight, not from the keyboard: Tab reaches the picker, Enter or Space opens it. */}
            <input
              type="file"
              className="visually-hidden"
              accept={accept}
              disabled={busy}
              onChange={(e) => picked(e.target.files?.[0])}
              data-testid="document-file"
            />
          </label>
        </div>
      ) : (
        <form onSubmit={submit} className={styles.drop}>
          <textarea
            className={styles.textarea}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('Paste text or Markdown to summarize')}
            aria-label={t('Text to summarize')}
          />
          <Button type="submit" variant="primary" size="lg" busy={busy} disabled={!text.trim()}>
            {busy ? t('Reading…') : t('Summarize')}
          </Button>
        </form>
      )}
    </>
  );
}
