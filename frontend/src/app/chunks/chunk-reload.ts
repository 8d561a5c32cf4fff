import { claimChunkReload, type ChunkLoadError } from './chunk-reload-guard';

const decisions = new WeakMap<ChunkLoadError, boolean>();

const sessionStore = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * Decides once per failure whether the page reloads (true) or shows the error page (false).
 * Memoized per error object so a re-render cannot consume the guard a second time.
 */
export function decideChunkReload(error: ChunkLoadError): boolean {
  let reload = decisions.get(error);
  if (reload === undefined) {
    reload = claimChunkReload(sessionStore(), Date.now());
    decisions.set(error, reload);
  }
  return reload;
}
