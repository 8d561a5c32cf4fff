import { Logger, SetMetadata, type Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { WORKER_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { jobPayloadProblem, QueueOwners, queuesOwnedBy, type JobName, type ServiceName } from '@visualnotes/contracts';
import { UnrecoverableError, type Job, type JobsOptions, type Queue, type WorkerOptions } from 'bullmq';
import { redisOptions } from './redis';
import { requestContext } from './logger';
import { endSpan, startSpan, tracingOn } from './tracing';

/** Retries with exponential backoff; finished jobs are kept a while so users and operators can read them. */
export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 24 * 3600, count: 5_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * How often a job may be found stalled (its worker stopped or crashed while running it, and its lock
 * ran out) before it fails. BullMQ's default is once, so two restarts during one long model call
 * failed a job for good, without the attempts its options allow.
 */
export const JOB_MAX_STALLED = 5;

type QueueWorkerOptions = NonNullable<Parameters<typeof Processor>[1]>;
const WORKER_SETTINGS = 'visualnotes:worker-settings';

/**
 * `@Processor(queue, options)` with what every worker of ours has: the stall tolerance above, and
 * no start of its own: `createServiceApp` starts it once the concurrency the environment sets is
 * applied (a worker started with the default took that many jobs at once before). The one way a
 * service declares a queue's worker. Options that come from settings are a function of the
 * service's validated configuration, e.g. `(config: AiConfig) => ({ concurrency: config.AI_SUMMARY_CONCURRENCY })`.
 */
export const QueueWorker =
  <C = never>(queue: string, options: QueueWorkerOptions | ((config: C) => QueueWorkerOptions) = {}): ClassDecorator =>
  (target) => {
    Processor(queue, workerOptions(typeof options === 'function' ? {} : options))(target);
    if (typeof options === 'function') Reflect.defineMetadata(WORKER_SETTINGS, options, target);
  };

function workerOptions(options: QueueWorkerOptions): QueueWorkerOptions {
  return { maxStalledCount: JOB_MAX_STALLED, ...options, autorun: false };
}

/** Sets the worker options of a `@QueueWorker` class that takes them from settings; before its module is built. */
export function applyWorkerSettings(processor: object, config: object): void {
  const settings = Reflect.getMetadata(WORKER_SETTINGS, processor) as ((config: object) => QueueWorkerOptions) | undefined;
  if (settings) Reflect.defineMetadata(WORKER_METADATA, workerOptions(settings(config)), processor);
}

/** The connection and key prefix of every BullMQ queue, flow producer and queue-events reader. */
export function bullConnection(config: { REDIS_URL: string; REDIS_PREFIX: string }): Pick<WorkerOptions, 'connection' | 'prefix'> {
  return { connection: redisOptions(config.REDIS_URL), prefix: queuePrefix(config) };
}

/**
 * Closes a BullMQ queue, flow producer, queue-events reader or worker. BullMQ drops a connection
 * still opening at close with a "Connection is closed" error that nothing can listen for (an
 * unhandled event), so the handle is let finish opening first: at once while Redis is up, and at
 * most `openMs` when it is not.
 */
export async function closeBull(handle: { waitUntilReady(): Promise<unknown>; close(): Promise<void> }, openMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, openMs)));
  await Promise.race([handle.waitUntilReady().catch(() => undefined), gaveUp]);
  clearTimeout(timer);
  await handle.close();
}

/**
 * Runs job `name` (no data) on `queue` every `everyMs`, from a BullMQ job scheduler: one schedule
 * however many copies start (`id` names it), kept across restarts. A schedule that cannot be set
 * (Redis away at start) is logged, not fatal: the copy starts all the same.
 */
export async function scheduleEvery(
  queue: Pick<Queue, 'upsertJobScheduler'>,
  id: string,
  everyMs: number,
  name: JobName,
  logger: Pick<Logger, 'warn'>,
): Promise<void> {
  await queue
    .upsertJobScheduler(id, { every: everyMs }, { name, data: {}, opts: { removeOnComplete: true, removeOnFail: 10 } })
    .catch((err: Error) => logger.warn(`${name} not scheduled: ${err.message}`));
}

/** BullMQ key prefix: `REDIS_PREFIX`; in a Redis cluster make it a hash tag, e.g. `{vn}`. */
export const queuePrefix = (config: { REDIS_PREFIX: string }) => config.REDIS_PREFIX;

const JOB_HANDLER = 'visualnotes:job-handler';

/** Marks the method that handles one job name of the processor's queue. */
export const JobHandler = (name: JobName) => SetMetadata(JOB_HANDLER, name);

function handlersOf(target: object): Map<string, string> {
  const map = new Map<string, string>();
  let proto = Object.getPrototypeOf(target);
  while (proto && proto !== Object.prototype) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const fn = Object.getOwnPropertyDescriptor(proto, key)?.value; // not `proto[key]`: WorkerHost has getters
      if (typeof fn !== 'function') continue;
      const name = Reflect.getMetadata(JOB_HANDLER, fn) as string | undefined;
      if (name && !map.has(name)) map.set(name, key);
    }
    proto = Object.getPrototypeOf(proto);
  }
  return map;
}

/**
 * Base of a `@QueueWorker(queue)` class: dispatches each job to its `@JobHandler` method and runs it
 * with the job's request id in the log context.
 */
export abstract class JobProcessor extends WorkerHost {
  private handlerMap?: Map<string, string>;
  /** The jobs this copy is running, with their lock tokens. */
  private readonly running = new Map<Job, string | undefined>();

  /**
   * Puts the jobs still running back in their queue (at its front, or by priority), without
   * counting it as an attempt: for a copy that must stop before they finish, so that another copy
   * takes them up at once instead of when their locks run out. Answers how many went back.
   */
  async handBack(): Promise<number> {
    const jobs = [...this.running];
    this.running.clear();
    const back = await Promise.all(
      jobs.map(([job, token]) =>
        job.moveToWait(token).then(
          () => 1,
          () => 0,
        ),
      ),
    );
    return back.reduce<number>((a, b) => a + b, 0);
  }

  handledJobs(): string[] {
    return [...(this.handlerMap ??= handlersOf(this)).keys()];
  }

  /** `token` is the job's lock token, for step jobs (`job.moveToWaitingChildren(token)`). */
  async process(job: Job, token?: string): Promise<unknown> {
    const method = (this.handlerMap ??= handlersOf(this)).get(job.name);
    if (!method) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    // Checked once here for every handler: a malformed job (an old or foreign producer) fails for
    // good with the reason, shown in /admin/queues, instead of failing deep in a handler five times.
    const problem = jobPayloadProblem(job.name, job.data);
    if (problem) {
      const reason = `Malformed "${job.name}" job: ${problem}`;
      new Logger('Jobs').warn(`${job.queueName} job ${job.id} failed without retries: ${reason}`);
      throw new UnrecoverableError(reason);
    }
    this.running.set(job, token);
    try {
      return await this.runHandler(job, method, token);
    } finally {
      this.running.delete(job);
    }
  }

  private runHandler(job: Job, method: string, token: string | undefined): Promise<unknown> {
    const data = job.data as { requestId?: string; trace?: string } | undefined;
    const requestId = data?.requestId ?? `job-${job.queueName}-${job.id}`;
    const run = () => (this as unknown as Record<string, (j: Job, t?: string) => Promise<unknown>>)[method](job, token);
    if (!tracingOn()) return requestContext.run({ requestId }, run);
    // One span per run of the job, in the trace of whoever added it (`trace` in the job data).
    const span = startSpan(
      `job ${job.queueName} ${job.name}`,
      'consumer',
      { 'messaging.system': 'bullmq', 'messaging.destination.name': job.queueName, 'messaging.message.id': String(job.id) },
      data?.trace,
    );
    return requestContext.run({ requestId, span }, async () => {
      try {
        const result = await run();
        endSpan(span);
        return result;
      } catch (err) {
        // waiting for child jobs is a step, not a failure
        endSpan(span, (err as Error)?.name === 'WaitingChildrenError' ? undefined : err);
        throw err;
      }
    });
  }
}

/**
 * Refuses to start a service that owns a job name without a handler for it.
 * `processors` are the processor instances with the queue each one consumes.
 */
export function assertJobHandlers(service: ServiceName, processors: { queue: string; instance: JobProcessor }[]) {
  const missing: string[] = [];
  for (const queue of queuesOwnedBy(service)) {
    const handled = new Set(processors.filter((p) => p.queue === queue).flatMap((p) => p.instance.handledJobs()));
    for (const job of QueueOwners[queue].jobs) {
      if (!handled.has(job)) missing.push(`${queue}/${job}`);
    }
  }
  if (missing.length) {
    throw new Error(`The ${service} service has no handler for these jobs: ${missing.join(', ')}`);
  }
}

export type ProcessorClass = Type<JobProcessor>;

/**
 * Why a job failed, through its children: a parent failed by a child says only "child
 * <prefix>:<queue>:<id> failed"; the child's own reason (which may again name its child) is in that
 * job's Redis hash. A parent that went to wait for its children after one had failed says only that
 * it has a failed child: then `job`'s failed children tell. `queue` is any queue on the same Redis
 * (for its connection).
 */
export async function rootFailure(queue: Pick<Queue, 'client'>, reason: string | undefined, job?: Pick<Job, 'getDependencies'>): Promise<string | undefined> {
  if (job && reason && /has at least one failed child/.test(reason)) {
    const failed = (await job.getDependencies({ failed: {} }).catch(() => null))?.failed ?? [];
    if (failed[0]) reason = `child ${failed[0]} failed`;
  }
  const redis = await queue.client;
  for (let hop = 0; hop < 4 && reason; hop++) {
    const child = /^child (.+) failed$/.exec(reason);
    if (!child) break;
    reason = (await redis.hget(child[1], 'failedReason').catch(() => null)) ?? undefined;
  }
  return reason;
}
