import { useTranslation } from '../../i18n/i18n';
import { Messages, parsePlaylistUrl, parseYouTubeUrl } from '@visualnotes/contracts';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCapabilitiesQuery } from '../../app/api/capabilities';
import { ToolGuide } from '../../components/ToolGuide/ToolGuide';
import { UpgradePrompt } from '../../components/UpgradePrompt/UpgradePrompt';
import { useUploadMutation } from '../../app/api/files';
import { hasSession } from '../../app/api/tokens';
import { errorMessage } from '../../app/error/describe-error';
import { useCreateVideoMutation } from './api';
import { NeedLogin } from '../auth/NeedLogin';
import { Button } from '../../components/Button/Button';
import styles from './video.module.css';
import { msg } from '../../i18n/msg';
import { SUBTITLE_FILES } from './formats';

// Player, transcript, summary and exports load once a video is chosen (a chunk of their own).
const VideoWorkspace = lazy(() => import('./VideoWorkspace'));
// Batches (many links, a playlist or files) load once asked for.
const BatchArea = lazy(() => import('./Batches'));

const signedIn = hasSession;

/** Audio or video, by the type the browser gives or the name's extension. */
const isMediaFile = (file: File) =>
  /^(audio|video)\//.test(file.type) || /\.(mp3|m4a|aac|wav|ogg|oga|opus|flac|mp4|m4v|mov|webm|mkv|avi|wmv|3gp)$/i.test(file.name);

/** The video summarizer: import by link or file, player, transcript, summary, highlights, exports. */
export function VideoSummarizer({ heading }: { heading: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const videoId = params.get('v');
  const batchId = params.get('batch');
  const [many, setMany] = useState(false);
  const [url, setUrl] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [createVideo, creating] = useCreateVideoMutation();
  const [upload, uploading] = useUploadMutation();
  // without speech-to-text only subtitle files can be read: said before anything is uploaded
  const { data: capabilities } = useCapabilitiesQuery();
  const subtitlesOnly = capabilities?.transcription === false;

  const visitor = !signedIn();
  const working = creating.isLoading || uploading.isLoading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (working) return;
    if (!url.trim()) return setFormError(Messages.videoUrlRequired);
    if (!parseYouTubeUrl(url)) {
      // A playlist is summarized video by video in the batch form: it opens, and the message says where.
      if (parsePlaylistUrl(url)) {
        setMany(true);
        return setFormError(msg('This is a playlist link: paste it under “Many videos at once” below to summarize its videos'));
      }
      return setFormError(msg('This link is not a YouTube video. Paste a YouTube video link or upload a file'));
    }
    const res = await createVideo({ url, language: navigator.language || 'en' });
    if ('error' in res) {
      const message = errorMessage(res.error);
      // the server's advice to upload audio or video does not hold where only subtitles can be read
      return setFormError(subtitlesOnly && message === Messages.youtubeUnreachable ? Messages.youtubeUnreachableSubtitles : message);
    }
    setParams({ v: res.data.video.id });
  };

  const onFile = async (file: File | undefined) => {
    if (!file || working) return;
    setFormError(null);
    // a session that ended in another tab since the page was drawn
    if (!signedIn()) return setFormError(Messages.needLogin);
    if (subtitlesOnly && !/\.(srt|vtt)$/i.test(file.name)) {
      return setFormError(isMediaFile(file) ? Messages.transcriptionUnavailable : Messages.notSubtitleFile);
    }
    const uploaded = await upload({ file });
    if ('error' in uploaded) return setFormError(errorMessage(uploaded.error));
    const res = await createVideo({ file_id: uploaded.data.file_id });
    if ('error' in res) setFormError(errorMessage(res.error));
    else setParams({ v: res.data.video.id });
  };

  return (
    <div className={styles.page}>
      <h1>{t(heading)}</h1>
      <form className={styles.importForm} onSubmit={submit} noValidate>
        <input
          aria-label={t('YouTube link')}
          placeholder={t('Paste a YouTube link, e.g. {{example}}', { example: 'https://www.youtube.com/watch?v=…' })}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" variant="primary" size="lg" disabled={working} aria-busy={creating.isLoading && !uploading.isLoading}>
          {creating.isLoading && !uploading.isLoading ? t('Importing…') : t('Summarize')}
        </Button>
        {/* Files need an account: a visitor is told so before choosing one, not after (the file was lost). */}
        {!visitor && (
          <label className={styles.fileButton} aria-busy={uploading.isLoading}>
            {uploading.isLoading ? t('Uploading…') : subtitlesOnly ? t('Upload subtitles (SRT/VTT)') : t('Upload video, audio or SRT/VTT')}
            {/* Hidden from sight, not from the keyboard: Tab reaches the picker, Enter or Space opens it. */}
            <input
              type="file"
              className="visually-hidden"
              accept={subtitlesOnly ? SUBTITLE_FILES : `video/*,audio/*,${SUBTITLE_FILES}`}
              disabled={working}
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                // the same file can be chosen again after a refusal
                e.target.value = '';
              }}
            />
          </label>
        )}
      </form>
      {visitor && (
        <NeedLogin
          className={styles.muted}
          purpose={subtitlesOnly ? msg('to upload a subtitle file.') : msg('to upload a video, an audio or a subtitle file.')}
        />
      )}
      {subtitlesOnly && (
        <p className={styles.muted} data-testid="transcription-unavailable">
          {t(Messages.transcriptionUnavailable)}.
        </p>
      )}
      {formError === Messages.needLogin ? (
        <div role="alert" className={styles.error} data-testid="import-error">
          <NeedLogin purpose={msg('to upload a file.')} />
        </div>
      ) : (
        formError && (
          <p role="alert" className={styles.error} data-testid="import-error">
            {t(formError)}
          </p>
        )
      )}
      {formError === Messages.premiumForVideoFiles && <UpgradePrompt reason="no-transcription" />}
      <button type="button" className={styles.linkButton} aria-expanded={many} aria-controls="batch-panel" onClick={() => setMany((m) => !m)}>
        {many ? t('Hide the batch form') : t('Many videos at once (links, a playlist or files)')}
      </button>
      {(many || batchId) && (
        <div id="batch-panel">
          {many && visitor && <NeedLogin className={styles.muted} purpose={msg('to summarize many videos at once.')} />}
          {signedIn() && (
            <Suspense fallback={<p className={styles.muted}>{t('Loading…')}</p>}>
              <BatchArea
                showForm={many}
                batchId={videoId ? null : batchId}
                onCreated={(id) => {
                  setMany(false);
                  setParams({ batch: id });
                }}
              />
            </Suspense>
          )}
        </div>
      )}
      {videoId ? (
        <Suspense fallback={<p className={styles.muted}>{t('Loading…')}</p>}>
          <VideoWorkspace key={videoId} id={videoId} start={Number(params.get('t')) || 0} />
        </Suspense>
      ) : batchId ? null : (
        <ToolGuide kind={subtitlesOnly ? 'video-subtitles' : 'video'} />
      )}
    </div>
  );
}
