import { Messages } from '@visualnotes/contracts';

/** YouTube IFrame API error codes to the messages of the error catalogue. */
export function playerErrorMessage(code: number): string {
  switch (code) {
    case 2:
      return Messages.invalidParameter;
    case 5:
      return Messages.cannotBePlayed;
    case 100:
      return Messages.videoNotFound;
    case 101:
      return Messages.embedNotAllowed;
    case 150:
      return Messages.embedDisabled;
    default:
      return Messages.playerError;
  }
}

export interface YtPlayer {
  getCurrentTime(): number;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  destroy(): void;
}

interface YtNamespace {
  Player: new (
    el: HTMLElement,
    options: {
      videoId: string;
      playerVars?: Record<string, unknown>;
      events?: { onReady?: () => void; onError?: (e: { data: number }) => void };
    },
  ) => YtPlayer;
}

let loading: Promise<YtNamespace> | null = null;

/** How long the IFrame API may take to load before the page gives up on the player (offline, blocked). */
const LOAD_TIMEOUT_MS = 15_000;

/** Loads https://www.youtube.com/iframe_api once; rejects when it cannot load (offline, blocked, too slow). */
export function loadYoutubeApi(): Promise<YtNamespace> {
  const w = window as unknown as { YT?: YtNamespace & { loaded?: number }; onYouTubeIframeAPIReady?: () => void };
  if (w.YT?.Player) return Promise.resolve(w.YT);
  loading ??= new Promise<YtNamespace>((resolve, reject) => {
    const previous = w.onYouTubeIframeAPIReady;
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(Messages.playerError));
    };
    const timer = setTimeout(fail, LOAD_TIMEOUT_MS);
    w.onYouTubeIframeAPIReady = () => {
      clearTimeout(timer);
      previous?.();
      resolve(w.YT!);
    };
    script.src = 'https://www.youtube.com/iframe_api';
    script.async = true;
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}
