import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { CallHandler, ExecutionContext, NestInterceptor, OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { tap, type Observable } from 'rxjs';
import type { HealthProbes } from './health';

const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'waiting-children', 'failed', 'completed', 'paused'] as const;

/**
 * How long one process stays the reporter of a queue's depth after its last scrape. Longer than any
 * sensible scrape interval; when the reporter stops (or is no longer scraped) another process that
 * is scraped takes over after at most this long.
 */
export const QUEUE_REPORTER_LEASE_MS = 60_000;

/** Takes or renews the lease when it is free or ours; 1 when this process reports the queue. */
const LEASE_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v == false or v == ARGV[1] then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Prometheus metrics of one process: queue depth per state (read on each scrape), job durations
 * and failures, request latency (HTTP in the gateway, RPC handlers in the services), work done for
 * the bill (model tokens, audio seconds transcribed, document pages read), and Node's own under
 * prom-client's standard names (`process_*`, `nodejs_*`). Each process has its own registry.
 *
 * Queue depth is the same number wherever it is read, so it is exported once per queue: on each
 * scrape a process takes or renews a lease in Redis (`<prefix>:<queue>:metrics-reporter`,
 * {@link QUEUE_REPORTER_LEASE_MS}) and reports only the queues it holds. A plain `sum` over all
 * series then counts each job once.
 */
export class ServiceMetrics implements OnModuleDestroy {
  readonly registry = new Registry();
  private readonly queues = new Map<string, Queue>();
  private server?: Server;
  readonly jobDuration: Histogram<'queue' | 'name' | 'status'>;
  readonly jobFailures: Counter<'queue' | 'name'>;
  readonly requestDuration: SeriesHistogram<'kind' | 'route' | 'status'>;
  readonly aiTokens: Counter<'model' | 'kind'>;
  readonly audioSeconds: Counter<'model'>;
  readonly documentPages: Counter<'kind'>;
  /** This process's id in the queue reporter leases. */
  readonly reporterId = randomUUID();

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    const queues = this.queues;
    const reports = (q: Queue) => this.reports(q);
    new Gauge({
      name: 'vn_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (each queue exported by one process at a time)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          [...queues.values()].map(async (q) => {
            if (!(await reports(q))) return;
            const counts = await q.getJobCounts(...STATES).catch(() => null);
            if (counts) for (const state of STATES) this.set({ queue: q.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    this.aiTokens = new Counter({
      name: 'vn_ai_tokens_total',
      help: 'Tokens used by the summary model, as its endpoint reports them (kind: prompt or completion)',
      labelNames: ['model', 'kind'],
      registers: [this.registry],
    });
    this.audioSeconds = new Counter({
      name: 'vn_audio_transcribed_seconds_total',
      help: 'Seconds of audio sent to the speech-to-text endpoint and transcribed',
      labelNames: ['model'],
      registers: [this.registry],
    });
    this.documentPages = new Counter({
      name: 'vn_document_pages_read_total',
      help: 'Pages (or slides) read from uploaded documents and pasted text',
      labelNames: ['kind'],
      registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'vn_job_duration_seconds',
      help: 'Time from a job starting on a worker to its end',
      labelNames: ['queue', 'name', 'status'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
      registers: [this.registry],
    });
    this.jobFailures = new Counter({
      name: 'vn_job_failures_total',
      help: 'Failed job attempts (each retry counts)',
      labelNames: ['queue', 'name'],
      registers: [this.registry],
    });
    this.requestDuration = new SeriesHistogram(
      'vn_request_duration_seconds',
      'Request latency: HTTP requests in the gateway, RPC handlers in the services',
      ['kind', 'route', 'status'],
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      this.registry,
    );
  }

  /** Queues whose depth is reported (by whichever watching process holds the queue's lease). */
  watchQueue(queue: Queue) {
    this.queues.set(queue.name, queue);
  }

  /** Takes or renews this process's lease on reporting the queue; false when another process holds it. */
  private async reports(queue: Queue): Promise<boolean> {
    try {
      const client = (await queue.client) as unknown as Redis;
      return (await client.eval(LEASE_SCRIPT, 1, queue.toKey('metrics-reporter'), this.reporterId, String(QUEUE_REPORTER_LEASE_MS))) === 1;
    } catch {
      return false;
    }
  }

  /** Gives up the leases this process holds, so another process reports those queues at its next scrape. */
  async releaseQueues(): Promise<void> {
    await Promise.all(
      [...this.queues.values()]
        .map(async (q) => {
          const client = (await q.client) as unknown as Redis;
          await client.eval(RELEASE_SCRIPT, 1, q.toKey('metrics-reporter'), this.reporterId);
        })
        .map((p) => p.catch(() => undefined)),
    );
  }

  /** Durations and failures of the jobs this worker runs. */
  watchWorker(worker: Worker) {
    const observe = (job: Job | undefined, status: 'completed' | 'failed') => {
      if (!job?.processedOn) return;
      const seconds = (Date.now() - job.processedOn) / 1000;
      this.jobDuration.observe({ queue: worker.name, name: job.name, status }, seconds);
    };
    worker.on('completed', (job) => observe(job, 'completed'));
    worker.on('failed', (job) => {
      this.jobFailures.inc({ queue: worker.name, name: job?.name ?? 'unknown' });
      observe(job, 'failed');
    });
  }

  /** Latency of every message handler of a service. */
  rpcInterceptor(): NestInterceptor {
    const histogram = this.requestDuration;
    return {
      intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
        const route = `${context.getClass().name}.${context.getHandler().name}`;
        const end = histogram.startTimer({ kind: context.getType(), route });
        return next.handle().pipe(tap({ next: () => end({ status: 'ok' }), error: () => end({ status: 'error' }) }));
      },
    };
  }

  async text(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /**
   * A tiny HTTP server answering `GET /metrics` and, with `probes`, `/health/live` and
   * `/health/ready` (services have no HTTP server of their own).
   */
  async serve(port: number, host = '0.0.0.0', probes?: HealthProbes): Promise<number> {
    const server = createServer((req, res) => {
      if (req.method === 'GET' && probes?.handle(req, res)) return;
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      this.text().then(
        ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as { port: number }).port;
  }

  async onModuleDestroy() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** One series of a {@link SeriesHistogram}: counts per bucket (not cumulative), sum and count. */
class HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Record<string, string>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.count++;
  }
}

/**
 * A Prometheus histogram whose series are found once per label set. prom-client's `Histogram`
 * validates and hashes the labels on every observation, even through `labels()`, which was a
 * measurable share of a small API request; here `labels()` returns the series itself, so a
 * caller that keeps it pays only for a bucket search and three additions. Exposed in the same
 * format (`_bucket` with `le`, `_sum`, `_count`) through prom-client's registry.
 */
export class SeriesHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of these labels; keep it where the same labels come back often. */
  labels(labels: Record<L, string>): { observe(seconds: number): void } {
    let key = '';
    for (const name of this.labelNames) key += `${labels[name]}\u0000`;
    let series = this.series.get(key);
    if (!series) this.series.set(key, (series = new HistogramSeries({ ...labels }, this.bounds)));
    return series;
  }

  observe(labels: Record<L, string>, seconds: number): void {
    this.labels(labels).observe(seconds);
  }

  /** A timer: call the returned function with the remaining labels when the work ends. */
  startTimer(start: Partial<Record<L, string>>): (end: Partial<Record<L, string>>) => number {
    const began = process.hrtime.bigint();
    return (end) => {
      const seconds = Number(process.hrtime.bigint() - began) / 1e9;
      this.labels({ ...start, ...end } as Record<L, string>).observe(seconds);
      return seconds;
    };
  }

  reset(): void {
    this.series.clear();
  }

  /** prom-client's registry reads a metric's values through `get()` (the series' labels as `sharedLabels`, as its Histogram does). */
  get() {
    type Value = { metricName: string; labels: Record<string, string | number>; sharedLabels: Record<string, string>; value: number };
    const values: Value[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i];
        values.push({ metricName: `${this.name}_bucket`, labels: { le }, sharedLabels: s.labels, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf' }, sharedLabels: s.labels, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: {}, sharedLabels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: {}, sharedLabels: s.labels, value: s.count });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}

/**
 * Worker concurrency per queue from the environment: `WORKER_CONCURRENCY_<QUEUE>` (the queue name
 * in upper case with `-` as `_`, e.g. `WORKER_CONCURRENCY_AI_DOCUMENTS=4`), else
 * `WORKER_CONCURRENCY`, else the processor's own setting.
 */
export function workerConcurrency(queue: string, env: NodeJS.ProcessEnv): number | undefined {
  const raw = env[`WORKER_CONCURRENCY_${queue.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`] ?? env.WORKER_CONCURRENCY;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    throw new Error(`Invalid configuration: worker concurrency for ${queue} must be a whole number from 1 to 1000 (got "${raw}")`);
  }
  return n;
}
