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

/** HTTP load with autocannon: requests/s and latency percentiles (ms). */
export async function load(url, { duration = 5, connections = 50, headers, method = 'GET', body } = {}) {
  const result = await autocannon({ url, duration, connections, headers, method, body, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
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
