import { Controller, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, PublishMessages, type RpcRequest } from '@visualnotes/contracts';
import { createTestRedis, waitFor } from '@visualnotes/testing';
import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { currentRequestId, requestContext } from '../logger';
import { RpcErrorFilter } from './errors';
import { INSTANCE_TTL_MS, RECLAIM_AFTER_MS, rpcKeys } from './keys';
import { RedisQueueClient } from './redis-queue.client';
import { RedisQueueServer } from './redis-queue.server';

// Patterns under the `publish.` prefix so the client routes them to the `publish` queue.
@Controller()
class ProbeController {
  static calls = 0;
  /** How many times each `n` ran: exactly once each is the transport's promise. */
  static effects = new Map<number, number>();
  static running = 0;
  static mostAtOnce = 0;
  @MessagePattern('publish.probe.echo')
  echo(@Payload() data: { n: number }) {
    ProbeController.calls++;
    ProbeController.effects.set(data.n, (ProbeController.effects.get(data.n) ?? 0) + 1);
    return { n: data.n, requestId: currentRequestId() };
  }
  @MessagePattern('publish.probe.fail')
  fail() {
    throw new DomainError('CONFLICT', 'This item was changed elsewhere');
  }
  @MessagePattern('publish.probe.crash')
  crash() {
    throw new Error('secret internal detail');
  }
  @MessagePattern('publish.probe.pause')
  async pause(@Payload() data: { ms: number }) {
    ProbeController.mostAtOnce = Math.max(ProbeController.mostAtOnce, ++ProbeController.running);
    await new Promise((r) => setTimeout(r, data.ms));
    ProbeController.running--;
    return 'done';
  }
  /** A pattern of the contracts: its requests are checked against the contracts' schema first. */
  static added: RpcRequest<'publish.collaborators.add'>[] = [];
  @MessagePattern('publish.collaborators.add')
  addCollaborator(@Payload() data: RpcRequest<'publish.collaborators.add'>) {
    ProbeController.added.push(data);
    return { ok: true };
  }
  static reviewed = 0;
  @MessagePattern('publish.templates.review')
  review() {
    ProbeController.reviewed++;
    return { ok: true };
  }
  /** While `hanging`, requests never finish (as on a copy that is about to be killed). */
  static hanging = false;
  static held: (() => void)[] = [];
  @MessagePattern('publish.probe.work')
  async work(@Payload() data: { n: number }) {
    if (ProbeController.hanging) await new Promise<void>((r) => ProbeController.held.push(r));
    else ProbeController.effects.set(data.n, (ProbeController.effects.get(data.n) ?? 0) + 1);
    return { n: data.n };
  }
  /**
   * Holds up the whole process's event loop (callers' and copies' alike) for `ms`, as a huge save on
   * a busy machine can; answers how old the copies' heartbeats were as it ended, before any timer
   * of this loop could run again.
   */
  static heartbeatsOf?: () => Promise<string[]>;
  @MessagePattern('publish.probe.block')
  async block(@Payload() data: { ms: number; n: number }) {
    const until = Date.now() + data.ms;
    while (Date.now() < until);
    const scores = (await ProbeController.heartbeatsOf!()).filter((_, i) => i % 2 === 1);
    ProbeController.effects.set(data.n, (ProbeController.effects.get(data.n) ?? 0) + 1);
    return { n: data.n, oldestBeatMs: Math.max(...scores.map((score) => until - Number(score))) };
  }
  @MessagePattern('publish.probe.slow')
  async slow(@Payload() data: { ms: number }) {
    await new Promise((r) => setTimeout(r, data.ms));
    return 'late';
  }
}

async function startCopy(redisUrl: string, prefix: string, concurrency?: number): Promise<{ app: INestMicroservice; server: RedisQueueServer }> {
  const server = new RedisQueueServer({ service: 'publish', redisUrl, prefix, concurrency });
  const app = await NestFactory.createMicroservice(
    { module: class ProbeModule {}, controllers: [ProbeController] },
    {
      strategy: server,
      logger: false,
    },
  );
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return { app, server };
}

describe('RPC over Redis queues', () => {
  let redisUrl: string;
  let prefix: string;
  let client: RedisQueueClient;
  const copies: { app: INestMicroservice; server: RedisQueueServer }[] = [];

  beforeAll(async () => {
    ({ url: redisUrl, prefix } = await createTestRedis());
    copies.push(await startCopy(redisUrl, prefix), await startCopy(redisUrl, prefix));
    client = new RedisQueueClient({ redisUrl, prefix, timeoutMs: 1_500 });
  });
  afterAll(async () => {
    await client.close();
    for (const c of copies) await c.app.close();
  });

  it('runs each request on exactly one copy, and both copies share the work', async () => {
    ProbeController.calls = 0;
    ProbeController.effects.clear();
    const before = copies.map((c) => c.server.handled);
    const replies = await Promise.all(Array.from({ length: 200 }, (_, n) => firstValueFrom(client.send('publish.probe.echo', { n }))));
    expect(replies.map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(ProbeController.calls).toBe(200);
    // each of the 200 ran once: none lost, none run twice by the two copies' batch pops
    expect([...ProbeController.effects.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect(Math.max(...ProbeController.effects.values())).toBe(1);
    const done = copies.map((c, i) => c.server.handled - before[i]);
    expect(done[0] + done[1]).toBe(200);
    expect(Math.min(...done)).toBeGreaterThan(0);
  });

  it('keeps the status and message of a domain error across the hop', async () => {
    await expect(firstValueFrom(client.send('publish.probe.fail', {}))).rejects.toEqual({
      statusCode: 409,
      message: 'This item was changed elsewhere',
      code: 'CONFLICT',
    });
  });

  it('refuses text PostgreSQL cannot store (NUL, half a surrogate pair) anywhere in a request, before the handler', async () => {
    const before = ProbeController.calls;
    for (const bad of [
      { n: 1, name: 'a\u0000b' },
      { n: 2, scene: { elements: [{ text: 'x\ud800' }] } },
      { n: 3, files: { 'k\u0000': 1 } },
    ]) {
      const err = await firstValueFrom(client.send('publish.probe.echo', bad)).catch((e) => e);
      expect(err).toMatchObject({ statusCode: 400, code: 'INVALID_CHARACTERS' });
    }
    expect(ProbeController.calls).toBe(before);
    // escapes of ordinary characters are fine
    await expect(firstValueFrom(client.send('publish.probe.echo', { n: 4, text: 'tab\there \u0001 ✓' }))).resolves.toMatchObject({ n: 4 });
  });

  it('hides unexpected errors behind a 500 without their details', async () => {
    const err = await firstValueFrom(client.send('publish.probe.crash', {})).catch((e) => e);
    expect(err.statusCode).toBe(500);
    expect(err.message).not.toContain('secret');
  });

  describe("checks each request against its pattern's schema before the handler runs", () => {
    const projectId = '6f1c7a52-8d4e-4c1b-9a57-0d5f3b2e9a10';
    const userId = '0b7e3f0e-5d0b-4a39-8f2b-6a1d2c3e4f50';
    beforeEach(() => (ProbeController.added = []));

    it('hands the handler the parsed request: e-mail trimmed and lower-cased, unknown fields dropped', async () => {
      const reply = await firstValueFrom(
        client.send('publish.collaborators.add', { user_id: userId, id: projectId, email: '  Ann@Example.COM ', role: 'viewer', extra: 'dropped' }),
      );
      expect(reply).toEqual({ ok: true });
      expect(ProbeController.added).toEqual([{ user_id: userId, id: projectId, email: 'ann@example.com', role: 'viewer' }]);
    });

    it('answers 400 with the sentence of the field that is wrong, and never runs the handler', async () => {
      const err = await firstValueFrom(client.send('publish.collaborators.add', { user_id: userId, id: projectId, email: 'ann@example.com' })).catch((e) => e);
      expect(err).toEqual({ statusCode: 400, message: PublishMessages.collaboratorRoleInvalid, code: 'VALIDATION_FAILED' });
      expect(ProbeController.added).toEqual([]);
    });

    it("names the field in words when its schema has no sentence of its own (never a validator's text)", async () => {
      const err = await firstValueFrom(client.send('publish.templates.review', { user_id: userId, id: projectId, decision: 'maybe' } as never)).catch((e) => e);
      expect(err).toEqual({ statusCode: 400, message: 'The decision is missing or not valid', code: 'VALIDATION_FAILED' });
      expect(ProbeController.reviewed).toBe(0);
    });

    it('answers a malformed id like an id that does not exist (404), and a malformed caller as signed out (401)', async () => {
      const notFound = await firstValueFrom(client.send('publish.collaborators.add', { user_id: userId, id: 'nope', email: 'a@b.co', role: 'viewer' })).catch(
        (e) => e,
      );
      expect(notFound).toEqual({ statusCode: 404, message: PublishMessages.projectNotFound, code: 'NOT_FOUND' });
      const signedOut = await firstValueFrom(client.send('publish.collaborators.add', { id: projectId, email: 'a@b.co', role: 'viewer' })).catch((e) => e);
      expect(signedOut).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect(ProbeController.added).toEqual([]);
    });
  });

  it('carries the request id to the handler', async () => {
    const reply = await requestContext.run({ requestId: 'req-42' }, () => firstValueFrom(client.send('publish.probe.echo', { n: 1 })));
    expect(reply).toEqual({ n: 1, requestId: 'req-42' });
  });

  it('answers 504 after the timeout and takes back nothing half-done', async () => {
    const err = await firstValueFrom(client.send('publish.probe.slow', { ms: 3_000 })).catch((e) => e);
    expect(err).toMatchObject({ statusCode: 504 });
  });

  it('gives a request that carries MBs more time to be answered (a whole scene), by its size', async () => {
    // 1.5 s for any request, plus 2 s for each full MB: 2 MB of padding has 5.5 s
    const padding = 'p'.repeat(2_100_000);
    await expect(firstValueFrom(client.send('publish.probe.slow', { ms: 3_000, padding }))).resolves.toBe('late');
  });

  it('answers 503 at once when no copy of the service is alive', async () => {
    const started = Date.now();
    const err = await firstValueFrom(client.send('media.anything', {})).catch((e) => e);
    expect(err).toMatchObject({ statusCode: 503 });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('skips requests whose caller already gave up', async () => {
    const redis = new Redis(redisUrl);
    ProbeController.calls = 0;
    await redis.lpush(
      rpcKeys.requests(prefix, 'publish'),
      JSON.stringify({ id: 'x', pattern: 'publish.probe.echo', data: { n: 1 }, replyTo: 'nobody', deadline: Date.now() - 1 }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(ProbeController.calls).toBe(0);
    redis.disconnect();
  });
});

describe('a copy of an RPC server under load', () => {
  it('takes requests in batches, never more than it may run at once', async () => {
    const { url: redisUrl, prefix } = await createTestRedis();
    const copy = await startCopy(redisUrl, prefix, 3);
    const client = new RedisQueueClient({ redisUrl, prefix, timeoutMs: 5_000 });
    try {
      ProbeController.running = 0;
      ProbeController.mostAtOnce = 0;
      const replies = await Promise.all(Array.from({ length: 12 }, () => firstValueFrom(client.send('publish.probe.pause', { ms: 50 }))));
      expect(replies).toEqual(Array(12).fill('done'));
      expect(ProbeController.mostAtOnce).toBe(3);
      expect(copy.server.handled).toBe(12);
    } finally {
      await client.close();
      await copy.app.close();
    }
  });
});

describe('closing a copy of an RPC server', () => {
  let redisUrl: string;
  let prefix: string;
  let client: RedisQueueClient;
  const copies: { app: INestMicroservice; server: RedisQueueServer }[] = [];

  beforeAll(async () => {
    ({ url: redisUrl, prefix } = await createTestRedis());
    client = new RedisQueueClient({ redisUrl, prefix, timeoutMs: 10_000 });
  });
  afterAll(async () => {
    await client.close();
    for (const c of copies) await c.app.close();
  });

  it('answers the request in hand at close, and leaves later requests to the other copy', async () => {
    const a = await startCopy(redisUrl, prefix);
    copies.push(a);
    const inHand = firstValueFrom(client.send('publish.probe.slow', { ms: 2_500 }));
    await waitFor(() => a.server['inFlight'].size === 1, 5_000, 10);
    const b = await startCopy(redisUrl, prefix);
    copies.push(b);
    let closed = false;
    const closing = a.server.close().then(() => (closed = true));
    // copy a's read loop ends with its current blocking read: from then on it takes nothing
    await a.server['loopDone'];
    const before = { a: a.server.handled, b: b.server.handled };
    const later = await Promise.all(Array.from({ length: 10 }, (_, n) => firstValueFrom(client.send('publish.probe.echo', { n }))));
    expect(later.map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
    expect(a.server.handled).toBe(before.a);
    expect(b.server.handled).toBe(before.b + 10);
    expect(closed).toBe(false);
    await expect(inHand).resolves.toBe('late');
    await closing;
    expect(a.server.handled).toBe(before.a + 1);
    // it leaves nothing behind for another copy to run again
    const redis = new Redis(redisUrl);
    expect(await redis.exists(rpcKeys.inFlight(prefix, 'publish', a.server.instanceId), rpcKeys.taken(prefix, 'publish', a.server.instanceId))).toBe(0);
    expect(await redis.zscore(rpcKeys.instances(prefix, 'publish'), a.server.instanceId)).toBeNull();
    redis.disconnect();
  });

  it('gives up waiting for requests in hand at the drain deadline', async () => {
    for (const earlier of copies) await earlier.app.close();
    const c = await startCopy(redisUrl, prefix);
    copies.push(c);
    const inHand = firstValueFrom(client.send('publish.probe.slow', { ms: 3_000 })).catch((e) => e);
    await waitFor(() => c.server['inFlight'].size === 1, 5_000, 10);
    const started = Date.now();
    await c.server.drain(500);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(c.server['inFlight'].size).toBe(1);
    await inHand;
  });
});

describe('a copy of an RPC server whose event loop is held up', () => {
  it('keeps its requests: the caller gets the answer, not "unavailable", and nothing runs twice', async () => {
    const { url: redisUrl, prefix } = await createTestRedis();
    const a = await startCopy(redisUrl, prefix);
    const b = await startCopy(redisUrl, prefix);
    const client = new RedisQueueClient({ redisUrl, prefix, timeoutMs: 20_000 });
    const redis = new Redis(redisUrl);
    ProbeController.heartbeatsOf = () => redis.zrange(rpcKeys.instances(prefix, 'publish'), 0, -1, 'WITHSCORES');
    try {
      ProbeController.effects.clear();
      // longer than a silent copy may be before callers give up on it and others take its work back
      const held = RECLAIM_AFTER_MS + 1_000;
      const answers = await Promise.all([
        firstValueFrom(client.send('publish.probe.block', { ms: held, n: 1 })).catch((e) => e),
        firstValueFrom(client.send('publish.probe.echo', { n: 2 })).catch((e) => e),
      ]);
      expect(answers).toEqual([{ n: 1, oldestBeatMs: expect.any(Number) }, expect.objectContaining({ n: 2 })]);
      // both copies went on beating while their loop was held up
      expect(answers[0].oldestBeatMs).toBeLessThan(INSTANCE_TTL_MS);
      // the other copies' heartbeat rounds, and the caller's watchdog, have all run since
      await new Promise((r) => setTimeout(r, 2_500));
      expect([...ProbeController.effects.entries()].sort()).toEqual([
        [1, 1],
        [2, 1],
      ]);
      expect(a.server.handled + b.server.handled).toBe(2);
    } finally {
      await client.close();
      await a.app.close();
      await b.app.close();
      redis.disconnect();
    }
  }, 30_000);
});

describe('a copy of an RPC server that dies without a goodbye', () => {
  type Copy = Awaited<ReturnType<typeof startCopy>>;
  interface Scene {
    redis: Redis;
    prefix: string;
    client: RedisQueueClient;
    /** The copy that takes `count` requests, then dies. */
    a: Copy;
    replies: Promise<unknown[]>;
    /** Starts the copy that lives on. */
    startOther(): Promise<Copy>;
  }

  /** What a SIGKILL leaves: no heartbeat, no connection, the requests it took never answered. */
  function die(copy: Copy) {
    const server = copy.server as unknown as {
      heartbeat: NodeJS.Timeout;
      beats: { remove(key: string, member: string): Promise<void> };
      closing: boolean;
      blocking: Redis;
      commands: Redis;
      options: { prefix: string };
    };
    clearInterval(server.heartbeat);
    void server.beats.remove(rpcKeys.instances(server.options.prefix, 'publish'), copy.server.instanceId);
    server.closing = true;
    server.blocking.disconnect();
    server.commands.disconnect();
  }

  /** Copy a takes `count` requests and dies once `beforeDeath` is done; then `test` runs. */
  async function afterDeath(count: number, timeoutMs: number, beforeDeath: (s: Scene) => Promise<void>, test: (s: Scene) => Promise<void>) {
    const { url: redisUrl, prefix } = await createTestRedis();
    const redis = new Redis(redisUrl);
    const client = new RedisQueueClient({ redisUrl, prefix, timeoutMs });
    const a = await startCopy(redisUrl, prefix);
    let b: Copy | undefined;
    try {
      ProbeController.effects.clear();
      ProbeController.hanging = true;
      const replies = Promise.all(Array.from({ length: count }, (_, n) => firstValueFrom(client.send('publish.probe.work', { n })).catch((e) => e)));
      await waitFor(() => a.server['inFlight'].size === count, 5_000, 10);
      const scene: Scene = { redis, prefix, client, a, replies, startOther: async () => (b = await startCopy(redisUrl, prefix)) };
      await beforeDeath(scene);
      die(a);
      ProbeController.hanging = false;
      await test(scene);
    } finally {
      ProbeController.hanging = false;
      for (const release of ProbeController.held.splice(0)) release();
      await client.close();
      await b?.app.close();
      redis.disconnect();
    }
  }

  it('has its requests run by another copy, once each, before their callers give up', async () => {
    const sent = Date.now();
    // The other copy is up before the first one dies (as in a rolling deploy): started after the
    // death, on a busy machine it can come up after the callers were rightly told "unavailable".
    let b: Copy;
    await afterDeath(
      20,
      10_000,
      async ({ redis, prefix, a, startOther }) => {
        expect(await redis.hlen(rpcKeys.inFlight(prefix, 'publish', a.server.instanceId))).toBe(20);
        b = await startOther();
      },
      async ({ redis, prefix, a, replies }) => {
        expect((await replies).map((r) => (r as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
        const took = Date.now() - sent;
        expect(took).toBeGreaterThanOrEqual(RECLAIM_AFTER_MS);
        expect(took).toBeLessThan(RECLAIM_AFTER_MS + 3_000);
        expect(b.server.handled).toBe(20);
        expect([...ProbeController.effects.values()]).toEqual(Array(20).fill(1));
        // the dead copy is forgotten, with nothing left behind
        expect(await redis.zscore(rpcKeys.instances(prefix, 'publish'), a.server.instanceId)).toBeNull();
        expect(await redis.exists(rpcKeys.inFlight(prefix, 'publish', a.server.instanceId), rpcKeys.taken(prefix, 'publish', a.server.instanceId))).toBe(0);
        await waitFor(async () => (await redis.hlen(rpcKeys.inFlight(prefix, 'publish', b.server.instanceId))) === 0, 2_000, 20);
      },
    );
  }, 20_000);

  it('never runs what its caller was told failed: given up (503) or past its deadline', async () => {
    await afterDeath(
      5,
      20_000,
      // one more, already past its deadline, in the dead copy's hands
      async ({ redis, prefix, a }) => {
        const late = { id: 'late', pattern: 'publish.probe.work', data: { n: 99, deadline: Date.now() + 60_000 }, replyTo: 'nobody', deadline: Date.now() - 1 };
        await redis.hset(rpcKeys.inFlight(prefix, 'publish', a.server.instanceId), 'late', JSON.stringify(late));
      },
      async ({ redis, prefix, a, replies, startOther }) => {
        // the only copy is gone: its callers hear "unavailable" within seconds
        for (const err of await replies) expect(err).toMatchObject({ statusCode: 503 });
        const b = await startOther();
        await waitFor(async () => (await redis.zscore(rpcKeys.instances(prefix, 'publish'), a.server.instanceId)) === null, 10_000, 100);
        await new Promise((r) => setTimeout(r, 300));
        expect(ProbeController.effects.size).toBe(0);
        expect(b.server.handled).toBe(0);
      },
    );
  }, 30_000);
});
