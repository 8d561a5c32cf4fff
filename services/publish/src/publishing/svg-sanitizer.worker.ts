import type { MessagePort } from 'node:worker_threads';
import { sanitizeSvg } from './svg-sanitizer';

/** A snapshot to clean; `started` hears when cleaning begins (the time limit counts from there). */
export interface CleanTask {
  svg: string;
  started?: MessagePort;
}

/**
 * Runs in a worker thread of the snapshot pool (see snapshot-pool.ts). jsdom and DOMPurify are
 * loaded with this file, before the thread takes its first snapshot, so a snapshot's time limit is
 * spent cleaning it.
 */
export default function clean(task: CleanTask): string | null {
  task.started?.postMessage('started');
  task.started?.close();
  return sanitizeSvg(task.svg);
}
