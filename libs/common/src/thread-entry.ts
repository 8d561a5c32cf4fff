import { readlinkSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';

/**
 * The module every thread of a LimitedThreadPool loads: it loads the pool's worker (`workerData.file`),
 * then tells the pool, as each task begins, where the kernel counts this thread's CPU time, so the
 * pool can limit a task by the work it did rather than by the clock (a busy machine slows a task
 * without making it a file built to be slow).
 */
type Handler = (task: object) => unknown;

/** This thread's `/proc/<pid>/task/<tid>/stat`, or null off Linux. */
function threadClock(): string | null {
  try {
    const [pid, , tid] = readlinkSync('/proc/thread-self').split('/');
    return `/proc/${pid}/task/${tid}/stat`;
  } catch {
    return null;
  }
}

const clock = threadClock();

async function load(): Promise<(task: { started?: MessagePort }) => unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the worker is named at run time
  const mod = require((workerData as { file: string }).file) as Handler | { default?: Handler | Promise<Handler> };
  const handler = typeof mod === 'function' ? mod : await mod.default;
  if (typeof handler !== 'function') throw new Error(`no handler exported from ${(workerData as { file: string }).file}`);
  return ({ started, ...task }) => {
    started?.postMessage({ clock });
    started?.close();
    return handler(task);
  };
}

export default load();
