import { sanitizeSvg } from './svg-sanitizer';

/** A snapshot to clean. */
export interface CleanTask {
  svg: string;
}

/**
 * Runs in a worker thread of the snapshot pool (see snapshot-pool.ts). jsdom and DOMPurify are
 * loaded with this file, before the thread takes its first snapshot, so a snapshot's time limit is
 * spent cleaning it.
 */
export default function clean(task: CleanTask): string | null {
  return sanitizeSvg(task.svg);
}
