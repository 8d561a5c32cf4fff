import { useTranslation } from '../../i18n/i18n';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { clock } from './formats';
import { loadYoutubeApi, playerErrorMessage, type YtPlayer } from './youtube-player';
import styles from './video.module.css';

export interface PlayerHandle {
  seek(seconds: number): void;
  time(): number;
}

/**
 * YouTube through the IFrame API (errors shown with the catalogue's messages), or `<video>` for an upload.
 * When the YouTube player cannot load (offline, blocked), the frame says so and links to the video
 * at the last requested moment; transcript, summary and timestamps keep working around it.
 */
export function Player({
  youtubeId,
  src,
  start = 0,
  onTime,
  ref,
}: {
  youtubeId?: string | null;
  src?: string | null;
  start?: number;
  onTime: (t: number) => void;
  ref: Ref<PlayerHandle>;
}) {
  const host = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const yt = useRef<YtPlayer | null>(null);
  const ready = useRef(false);
  const pending = useRef<number | null>(null);
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  /** The last position asked for (a clicked timestamp), also while the player is not (yet) there. */
  const [position, setPosition] = useState<number | null>(start || null);

  useImperativeHandle(ref, () => ({
    seek(seconds) {
      setPosition(seconds);
      if (yt.current && ready.current) {
        yt.current.seekTo(seconds, true);
        yt.current.playVideo();
      } else if (yt.current) {
        pending.current = seconds;
      } else if (video.current) {
        video.current.currentTime = seconds;
        void video.current.play().catch(() => undefined);
      }
      onTime(seconds);
    },
    time: () => (ready.current ? yt.current?.getCurrentTime() : undefined) ?? video.current?.currentTime ?? 0,
  }));

  useEffect(() => {
    if (!youtubeId || !host.current) return;
    let cancelled = false;
    setError(null);
    const target = document.createElement('div');
    host.current.replaceChildren(target);
    loadYoutubeApi()
      .then((YT) => {
        if (cancelled) return;
        const player = new YT.Player(target, {
          videoId: youtubeId,
          playerVars: { start: Math.floor(start), rel: 0, playsinline: 1 },
          events: {
            onReady: () => {
              ready.current = true;
              if (pending.current !== null) player.seekTo(pending.current, true);
              pending.current = null;
            },
            onError: (e) => setError(playerErrorMessage(e.data)),
          },
        });
        yt.current = player;
      })
      .catch((e: Error) => {
        if (!cancelled) setError(e.message);
      });
    const timer = setInterval(() => {
      const t = ready.current ? yt.current?.getCurrentTime?.() : undefined;
      if (typeof t === 'number') onTime(t);
    }, 500);
    return () => {
      cancelled = true;
      clearInterval(timer);
      yt.current?.destroy?.();
      yt.current = null;
      ready.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [youtubeId]);

  const at = Math.floor(position ?? 0);
  return (
    <div className={styles.player} data-testid="player" data-position={position ?? undefined}>
      {youtubeId ? (
        <div className={styles.frameBox}>
          <div ref={host} className={styles.frame} />
          {error && (
            <div role="alert" className={styles.playerFallback} data-testid="player-error">
              <p>{t(error)}</p>
              <a href={`https://www.youtube.com/watch?v=${youtubeId}${at ? `&t=${at}s` : ''}`} target="_blank" rel="noopener noreferrer">
                {at ? t('Watch on YouTube from {{time}}', { time: clock(at) }) : t('Watch on YouTube')}
              </a>
              <p className={styles.fallbackNote}>{t('The transcript, summary and timestamps work without the player.')}</p>
            </div>
          )}
        </div>
      ) : src ? (
        <video ref={video} src={src} controls className={styles.frame} onTimeUpdate={(e) => onTime(e.currentTarget.currentTime)} />
      ) : (
        <div className={styles.frame} />
      )}
      {error && !youtubeId && (
        <p role="alert" className={styles.error}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
