import { Controller, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Processor } from '@nestjs/bullmq';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Jobs, Queues } from '@visualnotes/contracts';
import { createTestEnv, waitFor, type TestEnv } from '@visualnotes/testing';
import { FlowProducer, Queue, type Job } from 'bullmq';
import type { BaseConfig } from './config';
import { firstValueFrom } from 'rxjs';
import { JobHandler, JobProcessor, QueueWorker, queuePrefix, closeBull } from './jobs';
import { redisOptions } from './redis';
import { RedisQueueClient, RpcClient } from './rpc';
import { BASE_CONFIG } from './tokens';
import { createServiceApp, type ServiceApp, type ServiceDefinition } from './service';

/** Lets the test decide when work in hand may finish. */
class Gate {
  started = false;
  private open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  async pass() {
    this.started = true;
    await this.opened;
  }
  release() {
    this.open();
  }
}
const gates = { rpc: new Gate(), job: new Gate() };

/** Like the services' own producers: made by a provider, closed when its module is destroyed. */
@Controller()
class ProbeController implements OnModuleDestroy {
  private readonly flows: FlowProducer;
  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.flows = new FlowProducer({ connection: redisOptions(config.REDIS_URL), prefix: queuePrefix(config) });
  }

  /** Waits at the gate, then adds a job: the producer must still be open while the copy is stopping. */
  @MessagePattern('publish.probe.hold')
  async hold() {
    await gates.rpc.pass();
    const flow = await this.flows.add({ queueName: Queues.publishEvents, name: Jobs.accountDeleted, data: { userId: 'queued-while-stopping' } });
    return { jobId: flow.job.id };
  }

  async onModuleDestroy() {
    await closeBull(this.flows);
  }

  @MessagePattern('publish.probe.echo')
  echo(@Payload() data: { n: number }) {
    return data;
  }
}

@Injectable()
@Processor(Queues.publishEvents)
class ProbeProcessor extends JobProcessor {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  /** Runs of the job for 'stuck': the first never finishes on its own (see the second test). */
  static stuckRuns = 0;
  static unstick?: () => void;
  /** A job in hand calls another service: the RPC client must still be open while the copy is stopping. */
  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<{ userId: string }>) {
    if (job.data.userId === 'held') await gates.job.pass();
    if (job.data.userId === 'stuck' && ProbeProcessor.stuckRuns++ === 0) await new Promise<void>((r) => (ProbeProcessor.unstick = r));
    const echo = (await this.rpc.send('publish.probe.echo' as never, { n: 7 } as never)) as { n: number };
    return `done ${job.data.userId} ${echo.n}`;
  }
}

/** The probe copies stand in for the publish service, which must handle every job it owns. */
@Injectable()
@QueueWorker(Queues.publishVersions)
class IdleVersionsProcessor extends JobProcessor {
  @JobHandler(Jobs.versionKeep)
  async versionKeep() {}
}

@Injectable()
@QueueWorker(Queues.publishExports)
class IdleExportsProcessor extends JobProcessor {
  @JobHandler(Jobs.exportRender)
  async exportRender() {}
  @JobHandler(Jobs.exportSweep)
  async exportSweep() {}
}

const probeService: ServiceDefinition = {
  service: 'publish',
  controllers: [ProbeController],
  processors: [ProbeProcessor, IdleVersionsProcessor, IdleExportsProcessor],
};

describe('stopping a copy of a service', () => {
  let t: TestEnv;
  let client: RedisQueueClient;
  let queue: Queue;
  const copies: ServiceApp[] = [];

  beforeAll(async () => {
    t = await createTestEnv('stop-order', { SHUTDOWN_TIMEOUT_MS: '20000' });
    client = new RedisQueueClient({ redisUrl: t.redisUrl, prefix: t.redisPrefix, timeoutMs: 20_000 });
    queue = new Queue(Queues.publishEvents, { connection: redisOptions(t.redisUrl), prefix: queuePrefix({ REDIS_PREFIX: t.redisPrefix }) });
  }, 60_000);
  afterAll(async () => {
    ProbeProcessor.unstick?.();
    gates.rpc.release();
    gates.job.release();
    for (const c of copies) await c.stop();
    await client.close();
    await closeBull(queue);
    await t.cleanup();
  });

  it('finishes the request and job in hand with queues still open, while new requests and jobs go to the other copy', async () => {
    const a = await createServiceApp(probeService, t.env);
    copies.push(a);
    // a request and a job in hand on copy a, both waiting at their gates
    const held = firstValueFrom(client.send('publish.probe.hold', {}));
    const heldJob = await queue.add(Jobs.accountDeleted, { userId: 'held' });
    await waitFor(() => gates.rpc.started && gates.job.started, 10_000, 20);

    const b = await createServiceApp(probeService, t.env);
    copies.push(b);
    let stopped = false;
    const stopping = a.stop().then(() => (stopped = true));
    // copy a stops taking requests once its read loop ends (within its short blocking read)
    await a.server['loopDone'];

    const handledByA = a.server.handled;
    const handledByB = b.server.handled;
    const echoes = await Promise.all(Array.from({ length: 20 }, (_, n) => firstValueFrom(client.send('publish.probe.echo', { n }))));
    expect(echoes).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
    expect(a.server.handled).toBe(handledByA);
    expect(b.server.handled).toBe(handledByB + 20);
    // a job added now runs on copy b (it calls publish.probe.echo: one more request there)
    const laterJob = await queue.add(Jobs.accountDeleted, { userId: 'later' });
    await waitFor(async () => (await laterJob.getState()) === 'completed', 10_000, 50);
    expect(stopped).toBe(false);

    gates.rpc.release();
    gates.job.release();
    const reply = (await held) as { jobId: string };
    expect(reply.jobId).toEqual(expect.any(String));
    expect(await queue.getJob(reply.jobId)).toBeDefined();
    await stopping;
    const finished = await queue.getJob(heldJob.id!);
    expect(await finished!.getState()).toBe('completed');
    expect(finished!.returnvalue).toBe('done held 7');
    expect(finished!.attemptsMade).toBe(1);
  }, 60_000);

  it('puts a job still running at the stop deadline back in the queue: another copy runs it at once, not when its lock runs out', async () => {
    for (const c of copies.splice(0)) await c.stop();
    const a = await createServiceApp(probeService, { ...t.env, SHUTDOWN_TIMEOUT_MS: '1000' });
    copies.push(a);
    const b = await createServiceApp(probeService, { ...t.env, SHUTDOWN_TIMEOUT_MS: '1000' });
    copies.push(b);
    const stuck = await queue.add(Jobs.accountDeleted, { userId: 'stuck' });
    await waitFor(() => ProbeProcessor.stuckRuns === 1, 10_000, 20);
    const running = (c: ServiceApp) => c.app.get(ProbeProcessor)['running'] as Map<Job, unknown>;
    // on whichever copy took it: stop that one
    const [holder] = [a, b].filter((c) => running(c).size === 1);
    const started = Date.now();
    // app.close() is the same ordered stop (test harnesses close copies that way)
    await holder.app.close();
    await waitFor(async () => (await stuck.getState()) === 'completed', 10_000, 50);
    // well before the lock (30 s) would have run out
    expect(Date.now() - started).toBeLessThan(5_000);
    const done = await queue.getJob(stuck.id!);
    expect(done!.returnvalue).toBe('done stuck 7');
    expect(ProbeProcessor.stuckRuns).toBe(2);
    expect(done!.stalledCounter ?? 0).toBe(0);
  }, 60_000);
});

/** Counts the jobs it runs at once. */
@Injectable()
@QueueWorker(Queues.publishEvents, { concurrency: 4 })
class CountingProcessor extends JobProcessor {
  static running = 0;
  static most = 0;
  static done = 0;
  @JobHandler(Jobs.accountDeleted)
  async accountDeleted() {
    CountingProcessor.most = Math.max(CountingProcessor.most, ++CountingProcessor.running);
    await new Promise((r) => setTimeout(r, 150));
    CountingProcessor.running--;
    CountingProcessor.done++;
  }
}

const countingService: ServiceDefinition = { service: 'publish', processors: [CountingProcessor, IdleVersionsProcessor, IdleExportsProcessor] };

describe('a queue worker of a service', () => {
  it('takes no more jobs at once than its concurrency setting allows, from its first job on', async () => {
    const t = await createTestEnv('worker-start', { WORKER_CONCURRENCY_PUBLISH_EVENTS: '1' });
    const queue = new Queue(Queues.publishEvents, { connection: redisOptions(t.redisUrl), prefix: queuePrefix({ REDIS_PREFIX: t.redisPrefix }) });
    let copy: ServiceApp | undefined;
    try {
      // Waiting before the copy starts: a worker started with its own setting (4) takes four at once.
      await queue.addBulk(Array.from({ length: 4 }, (_, i) => ({ name: Jobs.accountDeleted, data: { userId: `u${i}` } })));
      const started = await createServiceApp(countingService, t.env);
      copy = started;
      await waitFor(() => CountingProcessor.done === 4, 10_000, 20);
      expect(CountingProcessor.most).toBe(1);
      expect(started.app.get(CountingProcessor).worker.concurrency).toBe(1);
    } finally {
      await copy?.stop();
      await closeBull(queue);
      await t.cleanup();
    }
  }, 60_000);

  it('fails a malformed job once, with the reason, and goes on taking good jobs', async () => {
    const t = await createTestEnv('worker-malformed', {});
    const queue = new Queue(Queues.publishEvents, { connection: redisOptions(t.redisUrl), prefix: queuePrefix({ REDIS_PREFIX: t.redisPrefix }) });
    let copy: ServiceApp | undefined;
    try {
      copy = await createServiceApp(countingService, t.env);
      const before = CountingProcessor.done;
      const opts = { attempts: 5, backoff: { type: 'fixed', delay: 10 } };
      await queue.add(Jobs.accountDeleted, { userId: 'good-1' }, opts);
      // as an older or foreign producer might send it: the id under another name
      const bad = await queue.add(Jobs.accountDeleted, { user_id: 'bad' } as never, opts);
      await queue.add(Jobs.accountDeleted, { userId: 'good-2' }, opts);
      await waitFor(async () => (await bad.getState()) === 'failed', 10_000, 20);
      await waitFor(() => CountingProcessor.done === before + 2, 10_000, 20);
      const failed = (await queue.getJob(bad.id!))!;
      expect(failed.failedReason).toMatch(/^Malformed "account\.deleted" job: userId: /);
      expect(failed.attemptsMade).toBe(1); // not retried: it would fail the same way every time
      // the worker is still up and takes the next good job
      await queue.add(Jobs.accountDeleted, { userId: 'good-3' }, opts);
      await waitFor(() => CountingProcessor.done === before + 3, 10_000, 20);
      expect(copy.app.get(CountingProcessor).worker.isRunning()).toBe(true);
    } finally {
      await copy?.stop();
      await closeBull(queue);
      await t.cleanup();
    }
  }, 60_000);
});
