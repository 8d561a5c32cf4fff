import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_STORAGE_KEY } from '../constants';

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Marks a rejected lazy page import, so the error page can tell it from other errors. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(`Failed to load a part of the page: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError =>
  error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');

/** True when no reload happened within the last `guardMs` (a clock set back counts as expired). */
export function reloadAllowed(lastReloadAt: number | null, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  const elapsed = now - lastReloadAt;
  return elapsed >= guardMs || elapsed < 0;
}

/**
 * Decides whether a chunk failure may reload the page and records the reload time.
 * Returns false when the guard blocks or the storage is unusable: without a working guard a
 * reload could loop forever, so the caller shows the error page instead.
 */
export function claimChunkReload(storage: GuardStorage | undefined, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  if (!storage) return false;
  try {
    const raw = storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
    const last = raw === null ? null : Number(raw);
    if (!reloadAllowed(last, now, guardMs)) return false;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
