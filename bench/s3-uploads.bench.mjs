// S3 uploads: how much the gateway's memory grows while three 200 MB files are uploaded at once
// with STORAGE=s3. Uploads stream to the bucket in parts (a few parts per upload in memory), so
// the growth should not depend on the file size. Runs a stack of its own against a local
// S3-protocol server (s3rver) started here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const MB = 1024 * 1024;
const FILE_MB = 200;
const PARALLEL = 3;

/** Resident memory of a process in bytes (Linux). */
function rss(pid) {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m[1]) * 1024;
}

/** A multipart body with one `size`-byte text file, generated as it is sent. */
function multipart(size) {
  const boundary = `----vnbench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const line = Buffer.from('A line of notes that repeats until the file is large enough.\n');
  const block = Buffer.concat(Array.from({ length: Math.ceil(MB / line.length) }, () => line)).subarray(0, MB);
  let sent = 0;
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent >= size) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      const part = block.subarray(0, Math.min(block.length, size - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length };
}

export async function run({ root }) {
  const { Stack, S3StandIn, signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const s3 = await S3StandIn.start();
  const stack = await Stack.start({ label: 'bench_s3', env: { ...s3.env, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' } });
  try {
    const user = await signUp(stack.url);
    const pid = stack.copies('gateway')[0].child.pid;
    // A few small requests first, so the baseline is a gateway that has served traffic.
    for (let i = 0; i < 5; i++) await fetch(`${stack.url}/api/health/gateway`).then((r) => r.arrayBuffer());
    const baseline = rss(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss(pid));
    }, 50);
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        const { body, contentType, length } = multipart(FILE_MB * MB);
        const res = await fetch(`${stack.url}/api/uploads`, {
          method: 'POST',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': contentType, 'content-length': String(length) },
          body,
          duplex: 'half',
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rss(pid));
    if (statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${statuses.join(', ')}`);
    return [
      {
        section: 's3 uploads',
        name: `gateway RSS growth, ${PARALLEL} parallel ${FILE_MB} MB uploads`,
        value: (peak - baseline) / MB,
        unit: 'MB',
        goal: '< 150',
      },
      { section: 's3 uploads', name: 'gateway RSS before', value: baseline / MB, unit: 'MB' },
      { section: 's3 uploads', name: `throughput, ${PARALLEL} x ${FILE_MB} MB`, value: (PARALLEL * FILE_MB) / seconds, unit: 'MB/s' },
    ];
  } finally {
    await stack.close();
    await s3.close();
  }
}
