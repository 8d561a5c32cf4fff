import { EXPORT_FORMATS, type ExportFormat, type ExportState } from '@visualnotes/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fresh, runApi } from '../../app/api/api';
import { filesApi } from '../../app/api/files';
import { saveAs } from '../../app/download';
import { errorMessage } from '../../app/error/describe-error';
import { Button } from '../../components/Button/Button';
import { Field } from '../../components/Field/Field';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { canvasApi } from './api';
import styles from './canvas.module.css';
import { Modal } from './Modal';

export interface ExportFrame {
  id: string;
  name: string;
}

const FORMAT_LABELS: Record<ExportFormat, string> = { pdf: 'PDF (a page per frame)', pptx: 'PowerPoint (a slide per frame)', zip: 'ZIP of PNG and SVG images' };
const POLL_MS = 1_000;

/**
 * Export of the board on the server (no browser size limit): format, frames and options, then the
 * progress until the file downloads. The board is exported as last saved (the editor saves within
 * about a second of a change).
 */
export function ExportModal({ projectId, title, frames, onClose }: { projectId: string; title: string; frames: ExportFrame[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ExportFormat>('pdf');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(frames.map((f) => f.id)));
  const [background, setBackground] = useState(true);
  const [dark, setDark] = useState(false);
  const [scale, setScale] = useState(2);
  const [state, setState] = useState<ExportState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const extension = { pdf: 'pdf', pptx: 'pptx', zip: 'zip' }[format];
  const download = async (exportId: string, name: string) => {
    const url = await runApi(filesApi.endpoints.downloadObjectUrl.initiate(`/exports/${exportId}/file`));
    saveAs(url, name);
  };

  async function start(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (frames.length && chosen.size === 0) return setError(t('Please choose the frames to export'));
    setBusy(true);
    try {
      const body = {
        format,
        ...(frames.length && chosen.size < frames.length ? { frames: frames.filter((f) => chosen.has(f.id)).map((f) => f.id) } : {}),
        background,
        dark,
        ...(format === 'pdf' ? {} : { scale }),
      };
      const { export_id } = await runApi(canvasApi.endpoints.startExport.initiate({ id: projectId, body }));
      for (;;) {
        if (!alive.current) return;
        const now = await runApi(canvasApi.endpoints.exportState.initiate(export_id, fresh));
        setState(now);
        if (now.status === 'failed') return setError(t(now.error ?? 'The export could not be made; please try again'));
        if (now.status === 'completed') return await download(export_id, now.file_name ?? `${title}.${extension}`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      if (alive.current) setBusy(false);
    }
  }

  const toggle = (id: string) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Modal title={t('Export')} onClose={onClose} testId="export-dialog">
      <form className={styles.exportForm} onSubmit={(e) => void start(e)}>
        <fieldset className={styles.exportGroup}>
          <legend>{t('Format')}</legend>
          {EXPORT_FORMATS.map((f) => (
            <label key={f} className={styles.check}>
              <input type="radio" name="export-format" value={f} checked={format === f} onChange={() => setFormat(f)} disabled={busy} />
              {t(FORMAT_LABELS[f])}
            </label>
          ))}
        </fieldset>
        {frames.length > 0 ? (
          <fieldset className={styles.exportGroup}>
            <legend>{t('Frames')}</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.size === frames.length}
                onChange={(e) => setChosen(e.target.checked ? new Set(frames.map((f) => f.id)) : new Set())}
                disabled={busy}
              />
              {t('All frames')}
            </label>
            <div className={styles.exportFrames}>
              {frames.map((f, i) => (
                <label key={f.id} className={styles.check}>
                  <input type="checkbox" checked={chosen.has(f.id)} onChange={() => toggle(f.id)} disabled={busy} />
                  {f.name || t('Frame {{n}}', { n: formatNumber(i + 1) })}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className={styles.muted}>{t('This board has no frames: it is exported whole (a large board on several pages).')}</p>
        )}
        <fieldset className={styles.exportGroup}>
          <legend>{t('Options')}</legend>
          <label className={styles.check}>
            <input type="checkbox" checked={background} onChange={(e) => setBackground(e.target.checked)} disabled={busy} />
            {t('Background')}
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={dark} onChange={(e) => setDark(e.target.checked)} disabled={busy} />
            {t('Dark mode')}
          </label>
          {format !== 'pdf' && (
            <Field label={t('Image scale')}>
              <select value={scale} onChange={(e) => setScale(Number(e.target.value))} disabled={busy}>
                {[1, 2, 3, 4].map((s) => (
                  <option key={s} value={s}>
                    {`${formatNumber(s)}×`}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </fieldset>
        {state && state.status !== 'failed' && (
          <div role="status" className={styles.exportProgress}>
            <progress max={100} value={state.progress} aria-label={t('Export progress')} />
            <span>
              {state.status === 'completed'
                ? t('Done: the file is downloading')
                : state.status === 'queued'
                  ? t('Waiting for its turn…')
                  : t('Exporting… {{percent}}', { percent: formatNumber(state.progress / 100, { style: 'percent' }) })}
            </span>
            {state.status === 'completed' && (
              <Button
                size="sm"
                onClick={() => void download(state.export_id, state.file_name ?? `${title}.${extension}`).catch((err: unknown) => setError(errorMessage(err)))}
              >
                {t('Download again')}
              </Button>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <div className={styles.row}>
          <Button type="submit" variant="primary" size="sm" disabled={busy} data-testid="export-start">
            {busy ? t('Exporting…') : t('Export')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
