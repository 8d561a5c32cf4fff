import { useTranslation } from '../../i18n/i18n';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/document-title';
import styles from '../info/Prose.module.css';

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const YOUTUBE_ID = /(?:v=|youtu\.be\/|shorts\/|embed\/)([A-Za-z0-9_-]{11})/;

/** A public id from `abc123`, `/p/abc123` or a full published URL. */
const publicIdOf = (value: string) => {
  const id = value.trim().replace(/\/+$/, '').split('/').pop() ?? '';
  return ID.test(id) ? id : null;
};
const youtubeIdOf = (value: string) => value.match(YOUTUBE_ID)?.[1] ?? (/^[A-Za-z0-9_-]{11}$/.test(value.trim()) ? value.trim() : null);

/**
 * Embeds a published board and a video summary with iframes, exactly as another site would, to
 * check that embedding works (framing headers, sizing, titles for screen readers).
 * `?board=<public id>&video=<YouTube URL or id>` fills the form.
 */
export function EmbedTestPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Embed test'));
  const [params, setParams] = useSearchParams();
  const [board, setBoard] = useState(params.get('board') ?? '');
  const [video, setVideo] = useState(params.get('video') ?? '');
  const boardId = publicIdOf(params.get('board') ?? '');
  const videoId = youtubeIdOf(params.get('video') ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (board.trim()) next.set('board', board.trim());
    if (video.trim()) next.set('video', video.trim());
    setParams(next);
  };

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1>{t('Embed test')}</h1>
      <p className={styles.lead}>
        {t(
          'This page embeds a published board and a video summary the way another website would. Paste the link or id of a published board and a YouTube link.',
        )}
      </p>
      <form onSubmit={submit} className={styles.card}>
        <label htmlFor="embed-board">{t('Published board (link or id)')}</label>
        <input id="embed-board" value={board} onChange={(e) => setBoard(e.target.value)} placeholder="/p/abc123" />
        <label htmlFor="embed-video">{t('YouTube video (link or id)')}</label>
        <input id="embed-video" value={video} onChange={(e) => setVideo(e.target.value)} placeholder="https://www.youtube.com/watch?v=…" />
        <p>
          <button type="submit" className={styles.button}>
            {t('Embed')}
          </button>
        </p>
      </form>

      <h2>{t('Published board')}</h2>
      {boardId ? (
        <>
          <pre>
            <code>{`<iframe src="${window.location.origin}/p/${boardId}" width="800" height="500" title="Published board" loading="lazy"></iframe>`}</code>
          </pre>
          <iframe
            data-testid="embed-board"
            src={`/p/${boardId}`}
            width="100%"
            height="500"
            title={t('Published board')}
            loading="lazy"
            style={{ border: '1px solid var(--color-border)', borderRadius: 'var(--radius-md)' }}
          />
        </>
      ) : (
        <p>{t('No board yet: enter the link of a published board above.')}</p>
      )}

      <h2>{t('Video summary')}</h2>
      {videoId ? (
        <>
          <iframe
            data-testid="embed-video"
            src={`https://www.youtube-nocookie.com/embed/${videoId}`}
            width="100%"
            height="400"
            title={t('Video')}
            loading="lazy"
            allow="encrypted-media; picture-in-picture"
            style={{ border: 0, borderRadius: 'var(--radius-md)' }}
          />
          <iframe
            data-testid="embed-summary"
            src={`/tools/youtube-summarizer?url=${encodeURIComponent(`https://www.youtube.com/watch?v=${videoId}`)}`}
            width="100%"
            height="600"
            title={t('Video summary')}
            loading="lazy"
            style={{ border: '1px solid var(--color-border)', borderRadius: 'var(--radius-md)', marginTop: '1rem' }}
          />
        </>
      ) : (
        <p>{t('No video yet: enter a YouTube link above.')}</p>
      )}
    </div>
  );
}
