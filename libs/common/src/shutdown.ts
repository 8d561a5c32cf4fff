import type { Logger } from 'pino';
import type { JobProcessor } from './jobs';

/** Resolves with `true` when `work` settles before `ms`, `false` when the time ran out first. */
export async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  if (!Number.isFinite(ms)) {
    await work.catch(() => undefined);
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([
      work.then(
        () => true as const,
        () => true as const,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Stops BullMQ workers from taking jobs and lets the active ones finish until `deadline` (epoch
 * ms). The jobs still running then go back to their queue, so that another copy takes them up at
 * once (should that fail, their locks run out and another copy takes them up a little later): no
 * job is lost.
 */
export async function drainWorkers(processors: Pick<JobProcessor, 'worker' | 'handBack'>[], deadline: number, logger?: Logger): Promise<void> {
  await Promise.all(
    processors.map(async (processor) => {
      const worker = processor.worker;
      const finished = await within(worker.pause(), deadline - Date.now());
      if (!finished) {
        const back = await processor.handBack();
        logger?.warn({ queue: worker.name, jobs: back }, 'jobs still running at the stop deadline; put back in the queue for another copy');
      }
      await within(worker.close(!finished), 2_000);
    }),
  );
}

/**
 * `app` with `close()` replaced by `stop`. Nest's application objects are proxies that ignore
 * assignments (`app.close = stop` silently keeps Nest's own close), so the ordered stop goes in
 * front of them in a proxy of ours.
 */
export function closingWith<A extends { close(): Promise<void> }>(app: A, stop: () => Promise<void>): A {
  return new Proxy(app, { get: (target, prop, receiver) => (prop === 'close' ? stop : Reflect.get(target, prop, receiver)) });
}

/**
 * Runs `stop` once on SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it failed or did
 * not finish within `timeoutMs` plus a short grace (the work is bounded, the exit is certain).
 * Used instead of Nest's shutdown hooks, which close queues and clients before the transport
 * stops taking requests.
 */
export function exitOnStopSignal(stop: () => Promise<void>, options: { timeoutMs: number; logger: Logger }): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return; // `npm start` in a terminal: Ctrl+C reaches a child both directly and from its parent
    stopping = true;
    options.logger.info({ signal }, 'stopping: finishing the requests and jobs in hand');
    setTimeout(() => {
      options.logger.error('stop did not finish in time; exiting');
      process.exit(1);
    }, options.timeoutMs + 5_000).unref();
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        options.logger.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
