import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { createTestRedis } from '@visualnotes/testing';
import { closeBull, redisOptions, ServiceMetrics } from '../../libs/common/src';
import { Queues } from '../../libs/contracts/src';

/**
 * What an autoscaler sees of BullMQ's queues in Redis. Free and Premium document jobs are added as
 * the media service adds them (Premium with a higher priority): the plain list KEDA's Redis scaler
 * measures (LLEN of `<prefix>:<queue>:wait`) holds only the jobs without a priority, while the
 * queue gauge the Kubernetes ScaledObject reads counts every waiting job.
 */
describe('queue depth for autoscaling ai workers', () => {
  let redis: { url: string; prefix: string; flush: () => Promise<void> };
  let queue: Queue;
  let client: Redis;

  beforeAll(async () => {
    redis = await createTestRedis();
    queue = new Queue(Queues.aiDocuments, { connection: redisOptions(redis.url), prefix: redis.prefix });
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    if (queue) await closeBull(queue);
    client?.disconnect();
    await redis?.flush();
  });

  it('finds prioritised jobs outside the wait list, and the gauge counts them', async () => {
    await queue.add('document.map', { n: 1 });
    await queue.add('document.map', { n: 2 }, { priority: 10 });
    await queue.add('document.map', { n: 3 }, { priority: 1 });
    await queue.add('document.map', { n: 4 }, { priority: 1 });

    const key = (s: string) => `${redis.prefix}:${Queues.aiDocuments}:${s}`;
    expect(await client.type(key('wait'))).toBe('list');
    expect(await client.llen(key('wait'))).toBe(1);
    expect(await client.type(key('prioritized'))).toBe('zset');
    expect(await client.zcard(key('prioritized'))).toBe(3);

    const metrics = new ServiceMetrics('ai');
    metrics.watchQueue(queue);
    const { body } = await metrics.text();
    const value = (state: string) => Number(new RegExp(`^vn_queue_jobs\\{queue="${Queues.aiDocuments}",state="${state}"[^}]*\\} (\\d+)$`, 'm').exec(body)?.[1]);
    expect(value('waiting')).toBe(1);
    expect(value('prioritized')).toBe(3);
    // What the ScaledObject's query adds up for this queue: every job waiting for a worker.
    expect(value('waiting') + value('prioritized') + value('active')).toBe(4);
    await metrics.releaseQueues();
  });

  it('reports each queue from one process at a time, and another process takes over when it lets go', async () => {
    const a = new ServiceMetrics('media');
    const b = new ServiceMetrics('gateway');
    a.watchQueue(queue);
    b.watchQueue(queue);
    const reports = async (m: ServiceMetrics) => (await m.text()).body.includes(`vn_queue_jobs{queue="${Queues.aiDocuments}"`);
    expect(await reports(a)).toBe(true);
    expect(await reports(b)).toBe(false);
    expect(await reports(a)).toBe(true);
    const lease = `${redis.prefix}:${Queues.aiDocuments}:metrics-reporter`;
    expect(await client.get(lease)).toBe(a.reporterId);
    expect(Number(await client.pttl(lease))).toBeGreaterThan(50_000);
    await a.releaseQueues();
    expect(await client.get(lease)).toBeNull();
    expect(await reports(b)).toBe(true);
    expect(await reports(a)).toBe(false);
  });
});
