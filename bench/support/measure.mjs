import { fork } from 'node:child_process';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

export async function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * HTTP load with autocannon: requests/s and latency percentiles (ms); `errors` counts failed
 * requests and answers other than 2xx, `statuses` says which they were ("429 ×12, timeout ×1").
 * `setupClient` gives a connection its own headers or body (autocannon's hook).
 */
export async function load(url, { duration = 5, connections = 50, headers, method = 'GET', body, setupClient } = {}) {
  const result = await autocannon({ url, duration, connections, headers, method, body, pipelining: 1, setupClient });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code} ×${count}`);
  if (result.timeouts) statuses.push(`timeout ×${result.timeouts}`);
  const others = result.errors - result.timeouts;
  if (others > 0) statuses.push(`connection error ×${others}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    statuses: statuses.join(', ') || 'none',
  };
}

/** Starts a child process server and waits for its 'ready' message. */
export async function startChild(script, args) {
  const child = fork(script, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}
