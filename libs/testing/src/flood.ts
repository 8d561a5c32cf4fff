import { Worker } from 'node:worker_threads';

export interface FloodAnswer {
  status: number;
  /** The answer's JSON (`{}` when empty). */
  body: Record<string, unknown>;
  retryAfter: string | null;
}

/**
 * `count` copies of one request sent at once from a thread of their own, as an abusive client on
 * another machine would send them: encoding and sending 100 MB of requests is not the server's
 * work, and must not hold up the event loop of the test or benchmark that measures the server.
 */
export function floodFromThread(url: string, init: { method: string; headers: Record<string, string>; body: string }, count: number): Promise<FloodAnswer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { parentPort, workerData: { url, init, count } } = require('node:worker_threads');
      const body = Buffer.from(init.body);
      const send = async () => {
        const res = await fetch(url, { ...init, body });
        const text = await res.text();
        let json = {};
        try { json = text ? JSON.parse(text) : {}; } catch { json = { text }; }
        return { status: res.status, body: json, retryAfter: res.headers.get('retry-after') };
      };
      Promise.all(Array.from({ length: count }, send)).then((answers) => parentPort.postMessage(answers), (err) => { throw err; });`,
      { eval: true, workerData: { url, init, count } },
    );
    worker.once('message', (answers: FloodAnswer[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
