import { tabStore } from '../browser-storage';
import { claimChunkReload, type ChunkLoadError } from './chunk-reload-guard';

const decisions = new WeakMap<ChunkLoadError, boolean>();

/**
 * Decides once per failure whether the page reloads (true) or shows the error page (false).
 * Memoized per error object so a re-render cannot consume the guard a second time.
 */
export function decideChunkReload(error: ChunkLoadError): boolean {
  let reload = decisions.get(error);
  if (reload === undefined) {
    reload = claimChunkReload(tabStore(), Date.now());
    decisions.set(error, reload);
  }
  return reload;
}
