// Foundation figures: the gateway against bare Fastify (and Nest on Express vs Fastify), our RPC
// transport against Nest's stock Redis transport, and BullMQ jobs through our registry against raw BullMQ.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
  // Every server runs during the whole measurement and they take turns, round after round: the
  // ratios compare figures taken seconds apart (this machine's speed drifts), and medians are kept.
  const urls = {};
  const pids = {};
  const children = [];
  try {
    for (const kind of ['fastify', 'nest-fastify', 'nest-fastify-context', 'nest-express']) {
      const port = await freePort();
      const child = await startChild(join(ctx.root, 'bench/support/http-servers.cjs'), [kind, String(port)]);
      children.push(child);
      urls[kind] = `http://127.0.0.1:${port}/api/health/live`;
      pids[kind] = child.pid;
    }
    pids.gateway = pids.api = ctx.stack.copies('gateway')[0].child.pid;
    urls.gateway = `${ctx.baseUrl}/api/health/live`;
    // An API route through Nest with everything an API request gets (rate limit, access log,
    // metrics, request context), still without RPC.
    urls.api = `${ctx.baseUrl}/api/health/gateway`;
    for (const url of Object.values(urls)) await load(url, { duration: 1 }); // warm-up
    const rounds = [];
    for (let i = 0; i < 5; i++) {
      const round = {};
      for (const [kind, url] of Object.entries(urls)) {
        const cpu = processCpuMs(pids[kind]);
        round[kind] = await load(url, { duration: 2 });
        round[kind].cpuUs = ((processCpuMs(pids[kind]) - cpu) * 1000) / (round[kind].rps * 2);
      }
      rounds.push(round);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rps = (kind) => median(rounds.map((r) => r[kind].rps));
    const ratioTo = (kind, base) => median(rounds.map((r) => r[kind].rps / r[base].rps));
    const ratio = (kind) => ratioTo(kind, 'fastify');
    const cpuUs = (kind) => median(rounds.map((r) => r[kind].cpuUs));
    const cpuRatio = (kind) => median(rounds.map((r) => r.fastify.cpuUs / r[kind].cpuUs));
    const latency = (kind) => `${median(rounds.map((r) => r[kind].p50))} / ${median(rounds.map((r) => r[kind].p99))}`;
    const s = `gateway (GET /api/health/live, 50 connections; medians of 5 alternating 2 s rounds; Node ${process.versions.node})`;
    return [
      { section: s, name: 'bare Fastify', value: rps('fastify'), unit: 'req/s' },
      { section: s, name: 'Nest on Fastify adapter', value: rps('nest-fastify'), unit: 'req/s' },
      { section: s, name: 'Nest on Express adapter', value: rps('nest-express'), unit: 'req/s' },
      // What any API route in Nest can reach at most: an async handler and a per-request context.
      { section: s, name: 'Nest on Fastify, async route with a request context', value: rps('nest-fastify-context'), unit: 'req/s' },
      { section: s, name: 'Nest, async route with a request context / bare Fastify', value: ratio('nest-fastify-context'), unit: '×' },
      { section: s, name: 'our gateway (security headers, request id)', value: rps('gateway'), unit: 'req/s' },
      { section: s, name: 'our gateway p50 / p99', value: latency('gateway'), unit: 'ms' },
      { section: s, name: 'bare Fastify p50 / p99', value: latency('fastify'), unit: 'ms' },
      { section: s, name: 'gateway / bare Fastify', value: ratio('gateway'), unit: '×', goal: '≥ 0.7' },
      // Server CPU time per request (Linux): steadier than requests/s where other machines share the cores.
      ...(cpuUs('fastify') > 0
        ? [
            {
              section: s,
              name: 'server CPU per request: bare Fastify / our gateway',
              value: `${cpuUs('fastify').toFixed(1)} / ${cpuUs('gateway').toFixed(1)}`,
              unit: 'µs',
            },
            { section: s, name: 'CPU per request, bare Fastify / our gateway', value: cpuRatio('gateway'), unit: '×' },
          ]
        : []),
      { section: s, name: 'our gateway, API pipeline (GET /api/health/gateway)', value: rps('api'), unit: 'req/s' },
      ...(cpuUs('api') > 0 ? [{ section: s, name: 'API pipeline: server CPU per request', value: cpuUs('api'), unit: 'µs' }] : []),
      { section: s, name: 'API pipeline / bare Fastify', value: ratio('api'), unit: '×', goal: '≥ 0.6' },
      { section: s, name: 'API pipeline / Nest async route with a request context', value: ratioTo('api', 'nest-fastify-context'), unit: '×' },
      ...(cpuUs('api') > 0 ? [{ section: s, name: 'CPU per request, bare Fastify / API pipeline', value: cpuRatio('api'), unit: '×' }] : []),
    ];
  } finally {
    for (const child of children) child.kill();
  }
}

/** User + system CPU time a process has used so far, in ms (Linux; 0 elsewhere). */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

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
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Calls per second with all `n` calls sent at once. */
async function parallel(send, n) {
  return (n / (await timed(() => Promise.all(Array.from({ length: n }, (_, i) => send(i)))))) * 1000;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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
  // A pattern of the contracts: its requests are parsed against their schema before the handler.
  const checkedPattern = 'publish.collaborators.add';
  const Checked = echoController(checkedPattern);
  const checkedRequest = (i) => ({
    user_id: '0b7e3f0e-5d0b-4a39-8f2b-6a1d2c3e4f50',
    scope: ['user'],
    id: '6f1c7a52-8d4e-4c1b-9a57-0d5f3b2e9a10',
    email: `Friend${i}@Example.com`,
    role: 'editor',
  });
  class EchoModule {}

  const ours = await NestFactory.createMicroservice(
    { module: EchoModule, controllers: [Echo, Checked] },
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
  let c;
  const unchecked = [];
  const ratios = [];
  const checkedRatios = [];
  try {
    const stockSend = (i) => firstValueFrom(stockClient.send(pattern, { i }));
    const ourSend = (i) => firstValueFrom(ourClient.send(pattern, { i }));
    const checkedSend = (i) => firstValueFrom(ourClient.send(checkedPattern, checkedRequest(i)));
    // the same request to a pattern without a schema: the checked / unchecked ratio is the check's cost alone
    const uncheckedSend = (i) => firstValueFrom(ourClient.send(pattern, checkedRequest(i)));
    b = await roundTrips(stockSend, n).catch((e) => {
      throw new Error(`stock transport: ${e.message}`);
    });
    a = await roundTrips(ourSend, n).catch((e) => {
      throw new Error(`our transport: ${e.message}`);
    });
    // Parallel calls in alternating rounds, back to back (this machine's speed drifts); medians kept.
    c = await roundTrips(checkedSend, n);
    b.all = [];
    a.all = [];
    c.all = [];
    for (let round = 0; round < 5; round++) {
      b.all.push(await parallel(stockSend, n));
      a.all.push(await parallel(ourSend, n));
      c.all.push(await parallel(checkedSend, n));
      unchecked.push(await parallel(uncheckedSend, n));
      ratios.push(a.all.at(-1) / b.all.at(-1));
      checkedRatios.push(c.all.at(-1) / unchecked.at(-1));
    }
    a.rps = median(a.all);
    b.rps = median(b.all);
    c.rps = median(c.all);
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
  const s = 'RPC round trip (2,000 calls, one at a time; then all at once, median of 5 alternating rounds)';
  return [
    { section: s, name: 'stock Redis transport p50 / p99', value: `${b.p50.toFixed(2)} / ${b.p99.toFixed(2)}`, unit: 'ms' },
    { section: s, name: 'our queue transport p50 / p99', value: `${a.p50.toFixed(2)} / ${a.p99.toFixed(2)}`, unit: 'ms' },
    { section: s, name: 'p99 ours / stock', value: a.p99 / b.p99, unit: '×', goal: '≤ 2' },
    { section: s, name: 'stock transport, parallel', value: b.rps, unit: 'calls/s' },
    { section: s, name: 'our transport, parallel', value: a.rps, unit: 'calls/s' },
    { section: s, name: 'parallel calls/s ours / stock', value: median(ratios), unit: '×', goal: '≥ 1.0' },
    { section: s, name: 'our transport, request checked against its schema, p50 / p99', value: `${c.p50.toFixed(2)} / ${c.p99.toFixed(2)}`, unit: 'ms' },
    { section: s, name: 'our transport, request checked against its schema, parallel', value: c.rps, unit: 'calls/s' },
    { section: s, name: 'our transport, the same request unchecked, parallel', value: median(unchecked), unit: 'calls/s' },
    { section: s, name: 'parallel calls/s checked / unchecked (same request)', value: median(checkedRatios), unit: '×', goal: '≥ 0.95' },
  ];
}

export async function jobs(ctx) {
  const { NestFactory } = require('@nestjs/core');
  const { BullModule } = require('@nestjs/bullmq');
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

  const runRaw = () =>
    drain('bench-raw', async (onDone) => {
      const worker = new Worker('bench-raw', async () => undefined, { connection, prefix, concurrency });
      worker.on('completed', onDone);
      return () => worker.close();
    });

  const runOurs = () =>
    drain('bench-ours', async (onDone) => {
      class NoopProcessor extends common.JobProcessor {
        async noop() {
          return undefined;
        }
      }
      common.JobHandler('bench.noop')(NoopProcessor.prototype, 'noop', Object.getOwnPropertyDescriptor(NoopProcessor.prototype, 'noop'));
      common.QueueWorker('bench-ours', { concurrency })(NoopProcessor);
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
      // QueueWorker leaves the start to the service (createServiceApp), once its concurrency is set.
      void processor.worker.run();
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
