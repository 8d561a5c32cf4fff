import {
  createBatchSchema,
  Messages,
  parsePlaylistUrl,
  parseYouTubeUrl,
  splitUrls,
  type BatchItemStatus,
  type BatchView,
  type VideoView,
} from '@visualnotes/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, fresh, runApi } from '../../app/api/api';
import { filesApi } from '../../app/api/files';
import { hasSession } from '../../app/api/tokens';
import { saveAs } from '../../app/download';
import { errorMessage } from '../../app/error/describe-error';
import { useAppDispatch } from '../../app/store';
import { useTranslation } from '../../i18n/i18n';
import { formatDateTime } from '../../i18n/format';
import { useCapabilitiesQuery } from '../../app/api/capabilities';
import { useGetEntitlementsQuery } from '../license/api';
import { videoApi } from './api';
import { batchesApi, useCancelBatchMutation, useCreateBatchMutation, useGetBatchQuery, useListBatchesQuery, useRetryBatchMutation } from './batches-api';
import { buildBatchScene, sendSceneToNewCanvas } from './canvas';
import { fileBase, SUBTITLE_FILES } from './formats';
import { useEventStream } from './useJobProgress';
import { Button } from '../../components/Button/Button';
import styles from './video.module.css';

/** Many links (one per line), a playlist link, or many files: one batch. */
export function BatchForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [createBatch, creating] = useCreateBatchMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  // without speech-to-text only subtitle files can be read
  const subtitlesOnly = useCapabilitiesQuery().data?.transcription === false;
  // a free plan's monthly allowance, said before the batch is sent (each video of a batch uses one)
  const entitlements = useGetEntitlementsQuery(undefined, { skip: !hasSession() });
  const limit = entitlements.data?.limits.video_summaries ?? null;
  const left = limit === null ? null : Math.max(0, limit - (entitlements.data?.usage.video_summaries ?? 0));
  const errorRef = useRef<HTMLParagraphElement>(null);
  // on a phone the message may be below the fold: bring it into view
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const clearFiles = () => {
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!hasSession()) return setError(Messages.needLogin);
    // never drop what the user gave: links and files together are refused, not half-sent
    if (files.length && text.trim()) return setError(Messages.batchLinksOrFiles);
    let body: Parameters<typeof createBatch>[0];
    if (files.length) {
      const form = new FormData();
      for (const f of files) form.append('files', f, f.name);
      body = form;
    } else {
      const lines = splitUrls(text);
      const playlist = lines.length === 1 && parsePlaylistUrl(lines[0]) && !parseYouTubeUrl(lines[0]);
      const json = playlist ? { playlist_url: lines[0] } : { urls: lines };
      const parsed = createBatchSchema.safeParse(json);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? Messages.batchEmpty);
      body = { ...parsed.data, language: navigator.language || 'en' };
    }
    const res = await createBatch(body);
    if ('error' in res) return setError(errorMessage(res.error));
    setText('');
    clearFiles();
    if (limit !== null) void entitlements.refetch();
    onCreated(res.data.id);
  };

  return (
    <form className={styles.batchForm} onSubmit={submit} noValidate data-testid="batch-form">
      <label htmlFor="batch-links">{t('Video links, one per line, or one playlist link')}</label>
      <textarea
        id="batch-links"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={'https://www.youtube.com/watch?v=…\nhttps://youtu.be/…\nhttps://www.youtube.com/playlist?list=…'}
      />
      <div className={styles.batchActions}>
        <label className={styles.fileButton}>
          {files.length
            ? t('{{count}} files chosen', { count: files.length })
            : subtitlesOnly
              ? t('Or choose subtitle files (SRT/VTT)')
              : t('Or choose files (audio, video, SRT/VTT)')}
          <input
            ref={fileInput}
            type="file"
            multiple
            className="visually-hidden"
            accept={subtitlesOnly ? SUBTITLE_FILES : `video/*,audio/*,${SUBTITLE_FILES}`}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
          />
        </label>
        {files.length > 0 && (
          <Button size="lg" onClick={clearFiles}>
            {t('Clear files')}
          </Button>
        )}
        <Button type="submit" variant="primary" size="lg" busy={creating.isLoading}>
          {creating.isLoading ? t('Starting…') : t('Summarize all')}
        </Button>
      </div>
      {left !== null && (
        <p className={styles.muted} data-testid="batch-allowance">
          {t('Free plan: {{left}} of {{limit}} video summaries left this month; each video of a batch uses one.', { left, limit })}{' '}
          <Link to="/pricing">{t('Premium has no monthly limit.')}</Link>
        </p>
      )}
      {files.length > 0 && (
        <ul className={styles.chosenFiles} aria-label={t('Chosen files')} data-testid="batch-files">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}`}>
              {f.name} {f.size === 0 && <span className={styles.error}>{t('(empty)')}</span>}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className={styles.error} data-testid="batch-error" ref={errorRef}>
          {error}
        </p>
      )}
    </form>
  );
}

const STATUS_TEXT: Record<BatchItemStatus, string> = {
  pending: 'Waiting',
  processing: 'Working',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Batch `id` as it goes: the event stream while it runs, polling while a cancelled batch's started videos end. */
function useBatch(id: string) {
  // A cancelled batch's videos already started go on: follow them (the event stream follows running batches only).
  const [polling, setPolling] = useState(false);
  const { data, error, refetch } = useGetBatchQuery(id, { pollingInterval: polling ? 2_000 : 0 });
  const settling = !!data && data.status !== 'running' && data.items.some((i) => i.status === 'processing' || i.status === 'pending');
  useEffect(() => setPolling(settling), [settling]);
  const live = useEventStream<BatchView>(
    data?.status === 'running' ? `batches/${encodeURIComponent(id)}/events` : null,
    (b) => b.status !== 'running',
    () => void refetch(),
  );
  const batch = live && data && live.id === data.id && data.status === 'running' ? live : data;
  const dispatch = useAppDispatch();
  // the list of batches and the library follow each video that ends
  useEffect(() => {
    if (live) dispatch(batchesApi.util.invalidateTags(['Batches', 'Videos']));
  }, [dispatch, live?.done, live?.failed, live?.status]); // eslint-disable-line react-hooks/exhaustive-deps
  return { batch, error };
}

/** One batch: progress of each video, errors in words, retry, cancel (asked first), ZIP, canvas. */
export function BatchProgress({ id }: { id: string }) {
  const { t } = useTranslation();
  const { batch, error } = useBatch(id);
  const heading = useRef<HTMLHeadingElement>(null);
  // a batch just started (or opened from the list) takes the focus, so keyboard users land on its progress
  useEffect(() => heading.current?.focus(), [batch?.id]);

  if (error)
    return (
      <p role="alert" className={styles.error}>
        {errorMessage(error)}
      </p>
    );
  if (!batch) return <p className={styles.muted}>{t('Loading…')}</p>;

  return (
    <section className={styles.batch} aria-labelledby="batch-title" data-testid="batch-progress">
      <h2 id="batch-title" tabIndex={-1} ref={heading}>
        {batch.title || t('Batch')}
      </h2>
      <p data-testid="batch-counts">
        {t('{{done}} of {{total}} done', { done: batch.done, total: batch.total })}
        {batch.failed ? ` · ${t('{{count}} failed', { count: batch.failed })}` : ''}
        {batch.status === 'cancelled' ? ` · ${t('Cancelled')}` : batch.status === 'completed' ? ` · ${t('Finished')}` : ''}
      </p>
      <BatchBar batch={batch} />
      <BatchActions batch={batch} />
      <ol className={styles.batchItems}>
        {batch.items.map((item) => (
          <li key={item.id} data-status={item.status}>
            <span className={styles.batchTitle}>
              {item.status === 'done' && item.video_id ? <Link to={`?v=${item.video_id}`}>{item.title}</Link> : item.title}
            </span>
            <span className={styles[`status_${item.status}`]}>
              {t(STATUS_TEXT[item.status])}
              {item.status === 'processing' ? ` ${item.progress}%` : ''}
            </span>
            {item.error && <span className={styles.error}>{item.error}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The batch's progress bar: done in the bar's colour, failed in red after it. */
function BatchBar({ batch }: { batch: BatchView }) {
  const { t } = useTranslation();
  const percent = batch.total ? Math.round(((batch.done + batch.failed) / batch.total) * 100) : 0;
  const doneShare = batch.total ? (batch.done / batch.total) * 100 : 0;
  const failedShare = batch.total ? (batch.failed / batch.total) * 100 : 0;
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('{{done}} of {{total}} done', { done: batch.done, total: batch.total })}
      aria-label={t('Batch progress')}
    >
      {/* a batch whose items all failed is not shown as a full, successful bar */}
      <div style={{ width: `${doneShare}%` }} />
      <div className={styles.failedShare} data-testid="batch-failed-share" style={{ left: `${doneShare}%`, width: `${failedShare}%` }} />
      <span>{percent}%</span>
    </div>
  );
}

/** What can be done with a batch: retry the failed videos, download a ZIP, send all to one canvas, cancel (asked first). */
function BatchActions({ batch }: { batch: BatchView }) {
  const { t } = useTranslation();
  const [retry, retrying] = useRetryBatchMutation();
  const [cancel, cancelling] = useCancelBatchMutation();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const pending = batch.items.filter((i) => i.status === 'pending').length;
  const downloadZip = async () => {
    setNote(null);
    const answer = await runApi(filesApi.endpoints.downloadObjectUrl.initiate(`/batches/${batch.id}/export.zip`)).then(
      (url) => ({ url }),
      (err: unknown) => ({ err }),
    );
    if ('err' in answer) return setNote(answer.err instanceof ApiError ? answer.err.message : t('The download failed; please try again'));
    saveAs(answer.url, `${fileBase(batch.title)}.zip`);
  };

  const toCanvas = async () => {
    setNote(null);
    try {
      const videos: VideoView[] = [];
      for (const item of batch.items) {
        if (item.status !== 'done' || !item.video_id) continue;
        const video = await runApi(videoApi.endpoints.getVideo.initiate(item.video_id, fresh)).catch(() => null);
        if (video) videos.push(video);
      }
      const projectId = await sendSceneToNewCanvas(batch.title, buildBatchScene(videos));
      window.location.assign(`/projects/${projectId}`);
    } catch (err) {
      setNote((err as Error).message);
    }
  };

  return (
    <div className={styles.exports}>
      {batch.failed > 0 && (
        <Button
          busy={retrying.isLoading}
          onClick={() => {
            const count = batch.failed;
            setNote(null);
            setInfo(null);
            void retry(batch.id).then((res) =>
              'error' in res ? setNote(errorMessage(res.error)) : setInfo(t('{{count}} videos are being tried again', { count })),
            );
          }}
        >
          {retrying.isLoading ? t('Retrying…') : t('Retry failed')}
        </Button>
      )}
      {batch.done > 0 && (
        <>
          <Button onClick={() => void downloadZip()} data-testid="batch-zip">
            {t('Download ZIP')}
          </Button>
          <Button onClick={() => void toCanvas()}>{t('Send to one canvas')}</Button>
        </>
      )}
      {batch.status === 'running' && pending > 0 && !confirming && <Button onClick={() => setConfirming(true)}>{t('Cancel batch')}</Button>}
      {confirming && (
        <span role="group" aria-label={t('Confirm cancel')} className={styles.confirm}>
          {t('Cancel the {{count}} videos not started yet? Finished videos stay in your library.', { count: pending })}
          <Button
            variant="danger-text"
            busy={cancelling.isLoading}
            onClick={() => {
              setConfirming(false);
              void cancel(batch.id);
            }}
          >
            {t('Yes, cancel')}
          </Button>
          <Button onClick={() => setConfirming(false)} autoFocus>
            {t('Keep going')}
          </Button>
        </span>
      )}
      {note && <span className={styles.error}>{note}</span>}
      <span role="status" className={styles.muted}>
        {info}
      </span>
    </div>
  );
}

/** The signed-in user's batches, newest first. */
export function BatchList() {
  const { t } = useTranslation();
  const { data = [], isLoading } = useListBatchesQuery(undefined, { skip: !hasSession() });
  if (!hasSession() || isLoading) return null;
  return (
    <section className={styles.batchList} aria-labelledby="batches-heading">
      <h2 id="batches-heading">{t('Your batches')}</h2>
      {data.length === 0 ? (
        <p className={styles.muted}>{t('No batches yet. Paste several links above to summarize them in one go.')}</p>
      ) : (
        <ul>
          {data.map((b) => (
            <li key={b.id}>
              <Link to={`?batch=${b.id}`}>{b.title || t('Batch')}</Link>{' '}
              <span className={styles.muted}>
                <time dateTime={b.created_at}>{formatDateTime(b.created_at)}</time>
                {' · '}
                {t('{{done}} of {{total}} done', { done: b.done, total: b.total })}
                {b.failed ? ` · ${t('{{count}} failed', { count: b.failed })}` : ''}
                {b.status === 'cancelled' ? ` · ${t('Cancelled')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the summarizer shows of batches (a chunk of its own, loaded once asked for). */
export default function BatchArea({ showForm, batchId, onCreated }: { showForm: boolean; batchId: string | null; onCreated: (id: string) => void }) {
  return (
    <>
      {showForm && <BatchForm onCreated={onCreated} />}
      {batchId && <BatchProgress key={batchId} id={batchId} />}
      <BatchList />
    </>
  );
}
