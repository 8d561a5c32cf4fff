import { useTranslation } from '../../i18n/i18n';
import {
  ENGLISH_OUTLINE_WORDS,
  Messages,
  SUMMARY_LENGTHS,
  transcriptOutline,
  videoSummaryOutline,
  type HighlightView,
  type OutlineWords,
  type SummaryLength,
  type VideoView,
} from '@visualnotes/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { runApi } from '../../app/api/api';
import { filesApi } from '../../app/api/files';
import { hasSession } from '../../app/api/tokens';
import { errorMessage } from '../../app/error/describe-error';
import {
  useCorrectTranscriptLineMutation,
  useCreateHighlightMutation,
  useDeleteHighlightMutation,
  useGetVideoQuery,
  useListHighlightsQuery,
  useRegenerateSummaryMutation,
  useUpdateHighlightMutation,
} from './api';
import { buildScene, sendSceneToNewCanvas } from './canvas';
import { clock, download, fileBase, momentUrl, toMarkdown, toSrt, toTxt, toVtt } from './formats';
import { OutlineDownloads } from '../outline/Downloads';
import { Button } from '../../components/Button/Button';
import { useConfirm } from '../../components/Dialog/Dialog';
import { Player, type PlayerHandle } from './Player';
import { TranscriptView } from './TranscriptView';
import { useJobProgress, useShownProgress } from './useJobProgress';
import { LoginLink } from './LoginLink';
import styles from './video.module.css';
import { msg } from '../../i18n/msg';
import { AskPanel } from '../ask/AskPanel';

const signedIn = hasSession;

/**
 * One video: player, transcript, summary, highlights and exports. A chunk of its own: the tool
 * page loads it only once a video is chosen, so the empty page stays light.
 */
export default function VideoWorkspace({ id, start }: { id: string; start: number }) {
  const { t } = useTranslation();
  const { data: video, error, refetch } = useGetVideoQuery(id);
  const pending = video && video.status !== 'ready' && video.status !== 'failed';
  const job = useJobProgress(pending ? video.job_id : null, () => void refetch());
  const progress = useShownProgress(pending ? video.job_id : null, video?.status ?? '', job, video?.progress);
  // Slow poll as a safety net while processing (e.g. an SSE connection blocked by a proxy).
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [pending, refetch]);

  const [correctLine] = useCorrectTranscriptLineMutation();
  const player = useRef<PlayerHandle>(null);
  const [time, setTime] = useState(start);
  const [mediaSrc, setMediaSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!video?.media_url) return;
    let revoke: string | null = null;
    void runApi(filesApi.endpoints.downloadObjectUrl.initiate(video.media_url)).then(
      (url) => setMediaSrc((revoke = url)),
      () => undefined,
    );
    return () => {
      if (revoke) URL.revokeObjectURL(revoke);
    };
  }, [video?.media_url]);

  if (error)
    return (
      <p className={styles.error} role="alert">
        {t(errorMessage(error) ?? '')}
      </p>
    );
  if (!video) return <p className={styles.muted}>{t('Loading…')}</p>;
  const seek = (at: number) => player.current?.seek(at);

  return (
    <div className={styles.workspace}>
      <div className={styles.left}>
        {video.provider === 'youtube' || video.media_url ? (
          <Player ref={player} youtubeId={video.provider === 'youtube' ? video.provider_id : null} src={mediaSrc} start={start} onTime={setTime} />
        ) : (
          <p className={styles.noMedia} data-testid="no-media">
            {t('This video was added from its subtitles only, so there is nothing to play here. The timestamps still show where each part is said.')}
          </p>
        )}
        <h2 className={styles.title} dir="auto">
          {video.title}
        </h2>
        {video.channel && <p className={styles.muted}>{video.channel}</p>}
        {pending && (
          <div className={styles.progress} role="status" data-testid="video-progress">
            <div style={{ width: `${Math.max(progress, 3)}%` }} />
            <span>
              {video.status === 'transcribing' ? t('Transcribing…') : t('Summarizing…')} {progress}%
            </span>
          </div>
        )}
        {video.status === 'failed' && (
          <p className={styles.error} role="alert">
            {t(video.error ?? '')}
          </p>
        )}
        {video.transcript.length > 0 && <Exports video={video} />}
        <Highlights video={video} time={time} onSeek={seek} />
        {video.transcript.length > 0 && (
          <AskPanel target={{ kind: 'video', id: video.id }} title={video.title} onSeek={seek} linkOf={(c) => momentUrl(video, c.start ?? 0)} />
        )}
      </div>
      <div className={styles.right}>
        <Summary video={video} onSeek={seek} pending={!!pending} />
        <h3>{t('Transcript')}</h3>
        {video.transcript.length ? (
          <TranscriptView
            lines={video.transcript}
            time={time}
            onSeek={seek}
            onCorrect={
              signedIn()
                ? async (index, text) => {
                    const res = await correctLine({ id: video.id, index, text });
                    return 'error' in res ? (errorMessage(res.error) ?? msg('Something went wrong; please try again')) : null;
                  }
                : undefined
            }
          />
        ) : (
          <p className={styles.muted}>{pending ? t('The transcript is on its way…') : t(Messages.noTranscript)}</p>
        )}
      </div>
    </div>
  );
}

const LENGTH_LABEL: Record<SummaryLength, string> = { brief: msg('Brief'), standard: msg('Standard'), detailed: msg('Detailed') };

function Summary({ video, onSeek, pending }: { video: VideoView; onSeek: (t: number) => void; pending: boolean }) {
  const { t } = useTranslation();
  const [regenerate, state] = useRegenerateSummaryMutation();
  const [length, setLength] = useState<SummaryLength>(video.summary_length ?? 'standard');
  const [error, setError] = useState<string | null>(null);
  const mine = signedIn() && video.transcript.length > 0;
  const again = async () => {
    setError(null);
    const res = await regenerate({ id: video.id, length });
    if ('error' in res) setError(errorMessage(res.error) ?? msg('Something went wrong; please try again'));
  };
  if (!video.summary && !mine) return null;
  return (
    <section className={styles.summary} data-testid="summary" aria-label={t('Summary')}>
      <h3>{t('Summary')}</h3>
      {mine && (
        <div className={styles.summaryTools}>
          <label>
            {t('Summary length')}{' '}
            <select value={length} onChange={(e) => setLength(e.target.value as SummaryLength)} disabled={pending}>
              {SUMMARY_LENGTHS.map((l) => (
                <option key={l} value={l}>
                  {t(LENGTH_LABEL[l])}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={() => void again()} disabled={pending} busy={state.isLoading}>
            {t('Regenerate summary')}
          </Button>
        </div>
      )}
      {mine && video.summary_outdated && !pending && (
        <p className={styles.outdated} role="status" data-testid="summary-outdated">
          {t('You corrected the transcript: regenerate the summary to use your corrections.')}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      )}
      {video.summary && (
        <>
          {/* The video's own words, in their own direction (Arabic, Hebrew, Persian read right to left). */}
          <p dir="auto">{video.summary.overview}</p>
          {video.summary.sections.map((s, i) => (
            <div key={i} className={styles.section}>
              <h4>
                {s.start !== undefined && (
                  <button type="button" className={styles.stamp} onClick={() => onSeek(s.start!)} data-testid="section-time">
                    {clock(s.start)}
                  </button>
                )}{' '}
                <span dir="auto">{s.title}</span>
              </h4>
              <ul dir="auto">
                {(s.citations?.length === s.points.length ? s.citations : s.points.map((text) => ({ text, start: undefined }))).map((p, j) => (
                  <li key={j}>
                    {p.start !== undefined && (
                      <>
                        <button type="button" className={styles.stamp} onClick={() => onSeek(p.start!)} data-testid="point-time">
                          {clock(p.start)}
                        </button>{' '}
                      </>
                    )}
                    {p.text}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </section>
  );
}

function Exports({ video }: { video: VideoView }) {
  const { t } = useTranslation();
  const { data: highlights = [] } = useListHighlightsQuery(video.id, { skip: !signedIn() });
  const [note, setNote] = useState<string | null>(null);
  const name = fileBase(video.title);
  const words: OutlineWords = {
    ...ENGLISH_OUTLINE_WORDS,
    overview: t('Overview'),
    highlights: t('Highlights'),
    highlight: t('Highlight'),
    transcript: t('Transcript'),
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(toMarkdown(video, video.summary, highlights));
      setNote(msg('Copied as Markdown'));
    } catch {
      setNote(msg('Copy failed; your browser did not allow the clipboard'));
    }
  };
  const toCanvas = async () => {
    if (!signedIn()) return setNote(Messages.needLogin);
    try {
      const scene = buildScene(video, highlights, { overview: t('Overview'), highlight: t('Highlight') });
      const id = await sendSceneToNewCanvas(video.title, scene);
      setNote(msg('Sent to a new canvas'));
      window.location.assign(`/projects/${id}`);
    } catch (err) {
      setNote((err as Error).message);
    }
  };
  return (
    <div className={styles.exports}>
      <Button onClick={() => download(`${name}.txt`, toTxt(video.transcript))}>TXT</Button>
      <Button onClick={() => download(`${name}.srt`, toSrt(video.transcript), 'application/x-subrip')}>SRT</Button>
      <Button onClick={() => download(`${name}.vtt`, toVtt(video.transcript), 'text/vtt')}>VTT</Button>
      <OutlineDownloads
        outline={() => transcriptOutline(video, video.transcript, undefined, words)}
        name={`${video.title} transcript`}
        labels={{ word: t('Transcript as Word') }}
        testId="transcript"
      />
      <Button onClick={() => void copy()}>{t('Copy as Markdown')}</Button>
      {video.summary && (
        <OutlineDownloads
          outline={() => videoSummaryOutline(video, video.summary, highlights, undefined, words)}
          name={video.title}
          labels={{ markdown: t('Summary as Markdown'), word: t('Summary as Word') }}
          testId="summary"
          pdf
        />
      )}
      {video.summary && <Button onClick={() => void toCanvas()}>{t('Send to canvas')}</Button>}
      {note && <span className={styles.muted}>{t(note)}</span>}
    </div>
  );
}

function Highlights({ video, time, onSeek }: { video: VideoView; time: number; onSeek: (t: number) => void }) {
  const { t } = useTranslation();
  const mine = signedIn();
  const { data: highlights = [] } = useListHighlightsQuery(video.id, { skip: !mine });
  const [create] = useCreateHighlightMutation();
  const [update] = useUpdateHighlightMutation();
  const [remove] = useDeleteHighlightMutation();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [editing, setEditing] = useState<HighlightView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  if (!mine)
    return (
      <p className={styles.muted}>
        {t('Sign in to keep timestamped highlights of this video.')} <LoginLink />
      </p>
    );

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const res = await create({ videoId: video.id, start: Math.round(time * 10) / 10, title, content });
    if ('error' in res) return setError(errorMessage(res.error));
    setTitle('');
    setContent('');
    setError(null);
  };
  const save = async () => {
    if (!editing) return;
    const res = await update({ id: editing.id, videoId: video.id, title: editing.title, content: editing.content });
    if ('error' in res) return setError(errorMessage(res.error));
    setEditing(null);
  };
  const del = async (h: HighlightView) => {
    if (!(await confirm({ title: t('Delete the highlight?'), message: t(Messages.confirmDeleteHighlight), action: t('Delete') }))) return;
    await remove({ id: h.id, videoId: video.id });
  };

  return (
    <section className={styles.highlights} aria-label={t('Highlights')} data-testid="highlights">
      <h3>{t('Highlights')}</h3>
      <form onSubmit={add} className={styles.highlightForm}>
        <span className={styles.time}>{clock(time)}</span>
        <input aria-label={t('Highlight title')} placeholder={t('Title')} maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
        <input aria-label={t('Highlight note')} placeholder={t('Note')} maxLength={10_000} value={content} onChange={(e) => setContent(e.target.value)} />
        <Button type="submit">{t('Add highlight')}</Button>
      </form>
      {error && <p className={styles.error}>{t(error)}</p>}
      <ul>
        {highlights.map((h) => (
          <li key={h.id} className={styles.highlight}>
            <button type="button" className={styles.stamp} onClick={() => onSeek(h.start)}>
              {clock(h.start)}
            </button>
            {editing?.id === h.id ? (
              <>
                <input aria-label={t('Edit title')} maxLength={200} value={editing.title} onChange={(e) => setEditing({ ...editing, title: e.target.value })} />
                <input
                  aria-label={t('Edit note')}
                  maxLength={10_000}
                  value={editing.content}
                  onChange={(e) => setEditing({ ...editing, content: e.target.value })}
                />
                <Button size="sm" onClick={() => void save()}>
                  {t('Save')}
                </Button>
                <Button size="sm" onClick={() => setEditing(null)}>
                  {t('Cancel')}
                </Button>
              </>
            ) : (
              <>
                <strong>{h.title || t('Highlight')}</strong> <span>{h.content}</span>
                <Button size="sm" onClick={() => setEditing(h)}>
                  {t('Edit')}
                </Button>
                <Button size="sm" variant="danger-text" onClick={() => void del(h)}>
                  {t('Delete')}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {confirmDialog}
    </section>
  );
}
