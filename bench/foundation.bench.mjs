// Foundation figures: the gateway against bare Fastify (and Nest on Express vs Fastify), our RPC
// transport against Nest's stock Redis transport, and BullMQ jobs through our registry against raw BullMQ.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { freePort, load, percentile, startChild, timed } from './support/measure.mjs';

const require = createRequire(import.meta.url);

export async function run(ctx) {
  const rows = [];
  rows.push(...(await gateway(ctx)));
  rows.push(...(await rpc(ctx)));
  rows.push(...(await jobs(ctx)));
  return rows;
}

export async function gateway(ctx) {
  const results = {};
  for (const kind of ['fastify', 'nest-fastify', 'nest-express']) {
    const port = await freePort();
    const child = await startChild(join(ctx.root, 'bench/support/http-servers.cjs'), [kind, String(port)]);
    try {
      await load(`http://127.0.0.1:${port}/api/health/live`, { duration: 1 }); // warm-up
      results[kind] = await load(`http://127.0.0.1:${port}/api/health/live`);
    } finally {
      child.kill();
    }
  }
  await load(`${ctx.baseUrl}/api/health/live`, { duration: 1 });
  results.gateway = await load(`${ctx.baseUrl}/api/health/live`);
  // An API route through Nest with everything an API request gets (rate limit, access log,
  // metrics, request context), still without RPC.
  await load(`${ctx.baseUrl}/api/health/gateway`, { duration: 1 });
  results.api = await load(`${ctx.baseUrl}/api/health/gateway`);
  const s = 'gateway (GET /api/health/live, 50 connections)';
  return [
    { section: s, name: 'bare Fastify', value: results.fastify.rps, unit: 'req/s' },
    { section: s, name: 'Nest on Fastify adapter', value: results['nest-fastify'].rps, unit: 'req/s' },
    { section: s, name: 'Nest on Express adapter', value: results['nest-express'].rps, unit: 'req/s' },
    { section: s, name: 'our gateway (security headers, request id)', value: results.gateway.rps, unit: 'req/s' },
    { section: s, name: 'our gateway p50 / p99', value: `${results.gateway.p50} / ${results.gateway.p99}`, unit: 'ms' },
    { section: s, name: 'bare Fastify p50 / p99', value: `${results.fastify.p50} / ${results.fastify.p99}`, unit: 'ms' },
    { section: s, name: 'gateway / bare Fastify', value: results.gateway.rps / results.fastify.rps, unit: '×', goal: '≥ 0.7' },
    { section: s, name: 'our gateway, API pipeline (GET /api/health/gateway)', value: results.api.rps, unit: 'req/s' },
    { section: s, name: 'API pipeline / bare Fastify', value: results.api.rps / results.fastify.rps, unit: '×' },
  ];
}

function echoController(pattern) {
  const { Controller } = require('@nestjs/common');
  const { MessagePattern } = require('@nestjs/microservices');
  class EchoController {
    echo(data) {
      return data;
    }
  }
  MessagePattern(pattern)(EchoController.prototype, 'echo', Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo'));
  Controller()(EchoController);
  return EchoController;
}

async function roundTrips(send, n) {
  const latencies = [];
  for (let i = 0; i < 200; i++) await send(i); // warm-up
  for (let i = 0; i < n; i++) {
    latencies.push(await timed(() => send(i)));
  }
  latencies.sort((a, b) => a - b);
  const parallel = await timed(() => Promise.all(Array.from({ length: n }, (_, i) => send(i))));
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: (n / parallel) * 1000 };
}

export async function rpc(ctx) {
  const { NestFactory } = require('@nestjs/core');
  const { Transport, ClientProxyFactory } = require('@nestjs/microservices');
  const { firstValueFrom } = require('rxjs');
  const common = require(join(ctx.root, 'libs/common/dist/index.js'));
  const redisUrl = ctx.env.REDIS_URL;
  const { hostname: host, port } = new URL(redisUrl);
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const pattern = 'publish.bench.echo';
  const Echo = echoController(pattern);
  class EchoModule {}

  const ours = await NestFactory.createMicroservice(
    { module: EchoModule, controllers: [Echo] },
    { strategy: new common.RedisQueueServer({ service: 'publish', redisUrl, prefix }), logger: false },
  );
  await ours.listen();
  const stock = await NestFactory.createMicroservice(
    { module: class StockModule {}, controllers: [Echo] },
    { transport: Transport.REDIS, options: { host, port: Number(port || 6379) }, logger: false },
  );
  await stock.listen();
  const ourClient = new common.RedisQueueClient({ redisUrl, prefix });
  const stockClient = ClientProxyFactory.create({ transport: Transport.REDIS, options: { host, port: Number(port || 6379) } });
  await stockClient.connect();
  const n = 2_000;
  let a;
  let b;
  try {
    b = await roundTrips((i) => firstValueFrom(stockClient.send(pattern, { i })), n).catch((e) => {
      throw new Error(`stock transport: ${e.message}`);
    });
    a = await roundTrips((i) => firstValueFrom(ourClient.send(pattern, { i })), n).catch((e) => {
      throw new Error(`our transport: ${e.message}`);
    });
  } finally {
    for (const [what, close] of [
      ['our client', () => ourClient.close()],
      ['stock client', () => stockClient.close()],
      ['our server', () => ours.close()],
      ['stock server', () => stock.close()],
    ]) {
      await Promise.resolve()
        .then(close)
        .catch((err) => process.stderr.write(`closing ${what}: ${err.message}\n`));
    }
  }
  const s = 'RPC round trip (2,000 calls, one at a time; then all at once)';
  return [
    { section: s, name: 'stock Redis transport p50 / p99', value: `${b.p50.toFixed(2)} / ${b.p99.toFixed(2)}`, unit: 'ms' },
    { section: s, name: 'our queue transport p50 / p99', value: `${a.p50.toFixed(2)} / ${a.p99.toFixed(2)}`, unit: 'ms' },
    { section: s, name: 'p99 ours / stock', value: a.p99 / b.p99, unit: '×', goal: '≤ 2' },
    { section: s, name: 'stock transport, parallel', value: b.rps, unit: 'calls/s' },
    { section: s, name: 'our transport, parallel', value: a.rps, unit: 'calls/s' },
  ];
}

export async function jobs(ctx) {
  const { NestFactory } = require('@nestjs/core');
  const { BullModule } = require('@nestjs/bullmq');
  const { Processor } = require('@nestjs/bullmq');
  const { Queue, Worker } = require('bullmq');
  const common = require(join(ctx.root, 'libs/common/dist/index.js'));
  const connection = common.redisOptions(ctx.env.REDIS_URL);
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const total = 5_000;
  const concurrency = 50;

  async function drain(queueName, startWorker) {
    const queue = new Queue(queueName, { connection, prefix });
    await queue.addBulk(Array.from({ length: total }, (_, i) => ({ name: 'bench.noop', data: { i }, opts: { removeOnComplete: true } })));
    let done = 0;
    let finished;
    const all = new Promise((r) => (finished = r));
    const started = process.hrtime.bigint();
    const stop = await startWorker(() => {
      if (++done === total) finished();
    });
    await all;
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    return (total / ms) * 1000;
  }

  const runRaw = () => drain('bench-raw', async (onDone) => {
    const worker = new Worker('bench-raw', async () => undefined, { connection, prefix, concurrency });
    worker.on('completed', onDone);
    return () => worker.close();
  });

  const runOurs = () => drain('bench-ours', async (onDone) => {
    class NoopProcessor extends common.JobProcessor {
      async noop() {
        return undefined;
      }
    }
    common.JobHandler('bench.noop')(NoopProcessor.prototype, 'noop', Object.getOwnPropertyDescriptor(NoopProcessor.prototype, 'noop'));
    Processor({ name: 'bench-ours' }, { concurrency })(NoopProcessor);
    class BenchModule {}
    const app = await NestFactory.createApplicationContext(
      {
        module: BenchModule,
        imports: [BullModule.forRoot({ connection, prefix }), BullModule.registerQueue({ name: 'bench-ours' })],
        providers: [NoopProcessor],
      },
      { logger: false },
    );
    const processor = app.get(NoopProcessor);
    processor.worker.on('completed', onDone);
    return () => app.close();
  });

  // Alternate the two and keep each one's best run: the machine's load varies between runs.
  let raw = 0;
  let ours = 0;
  for (let round = 0; round < 2; round++) {
    raw = Math.max(raw, await runRaw());
    ours = Math.max(ours, await runOurs());
  }

  const s = `BullMQ no-op jobs (${total.toLocaleString('en')} jobs, concurrency ${concurrency})`;
  return [
    { section: s, name: 'raw BullMQ worker', value: raw, unit: 'jobs/s' },
    { section: s, name: 'through our registry (Nest + JobProcessor)', value: ours, unit: 'jobs/s' },
    { section: s, name: 'ours / raw', value: ours / raw, unit: '×', goal: '≥ 0.8' },
  ];
}
