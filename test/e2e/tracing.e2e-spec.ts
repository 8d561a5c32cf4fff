import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { VideoView } from '@visualnotes/contracts';
import { signUp, tempDir, waitFor, type SignedUp, type Stack } from '@visualnotes/testing';
import { startVideoStack, type TranscriptionStack } from '../support/transcription';

/**
 * One upload is one trace: the product started as processes with an OTLP endpoint (OTLP/HTTP with
 * JSON bodies, as OTEL_EXPORTER_OTLP_PROTOCOL=http/json sends them) received by a small HTTP server
 * here. The upload, the import and everything the services do for it (RPC handlers, the media
 * job, the ai transcription and summary jobs) share the trace the caller started.
 */
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** An OTLP/HTTP trace receiver: `POST /v1/traces` with an `ExportTraceServiceRequest` in JSON. */
class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly contentTypes = new Set<string>();
  private server!: Server;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/v1/traces') {
          this.contentTypes.add(String(req.headers['content-type']));
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: {
              resource: { attributes: { key: string; value: { stringValue?: string } }[] };
              scopeSpans: { spans: Omit<ReceivedSpan, 'service'>[] }[];
            }[];
          };
          for (const rs of body.resourceSpans ?? []) {
            const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
            for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) this.spans.push({ ...s, service });
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    this.server.closeAllConnections?.();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

jest.setTimeout(150_000);

describe('traces across gateway, media and ai', () => {
  let started: TranscriptionStack | undefined;
  let stack: Stack;
  let otlp: OtlpReceiver;
  let user: SignedUp;

  beforeAll(async () => {
    otlp = new OtlpReceiver();
    await otlp.start();
    // uploads only: the YouTube stand-in serves no videos
    ({ stack } = started = await startVideoStack({
      label: 'tracing',
      videos: [],
      asr: {},
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_METRICS_EXPORTER: 'none',
        OTEL_LOGS_EXPORTER: 'none',
        MEDIA_CHUNK_SECONDS: '2',
      },
    }));
    user = await signUp(stack.url, { scope: ['premium'] });
  }, 120_000);

  afterAll(async () => {
    await started?.close();
    await otlp?.close();
  });

  it('gives one upload one trace, with spans from the gateway, media and ai', async () => {
    const mp4 = join(tempDir('trace-video'), 'clip.mp4');
    execFileSync(ffmpeg, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=4:size=64x64:rate=5',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=4',
      '-shortest',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      mp4,
    ]);
    // The caller starts the trace (W3C traceparent), as a browser or another system would.
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const headers = { authorization: `Bearer ${user.token}`, traceparent: `00-${traceId}-${callerSpan}-01` };

    const form = new FormData();
    form.append('file', new Blob([readFileSync(mp4)], { type: 'video/mp4' }), 'clip.mp4');
    const up = await fetch(`${stack.url}/api/uploads`, { method: 'POST', body: form, headers });
    expect(up.status).toBe(201);
    const { file_id } = (await up.json()) as { file_id: string };
    const created = await fetch(`${stack.url}/api/videos`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ file_id }),
    });
    expect(created.status).toBe(202);
    const { video } = (await created.json()) as { video: VideoView };
    await waitFor(
      async () => {
        const v = (await (await fetch(`${stack.url}/api/videos/${video.id}`, { headers: { authorization: headers.authorization } })).json()) as VideoView;
        if (v.status === 'failed') throw new Error(`video failed: ${v.error}`);
        return v.status === 'ready';
      },
      90_000,
      250,
    );

    const ours = () => otlp.spans.filter((s) => s.traceId === traceId);
    // A span is exported when it ends, and a parent may end (and be exported) after its children:
    // wait for the whole tree, then check it.
    const orphans = () => {
      const list = ours();
      const ids = new Set([...list.map((s) => s.spanId), callerSpan]);
      return list.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId)).map((s) => `${s.service} ${s.name}`);
    };
    await waitFor(() => ours().some((s) => s.service === 'ai' && s.name === 'job ai-summaries summary.video') && !orphans().length, 20_000, 100).catch(
      () => undefined,
    );
    const spans = ours();
    const names = (service: string) => new Set(spans.filter((s) => s.service === service).map((s) => s.name));
    expect(otlp.contentTypes).toEqual(new Set(['application/json']));
    expect([...names('gateway')]).toEqual(expect.arrayContaining(['POST /api/uploads', 'POST /api/videos', 'rpc media.videos.create']));
    expect([...names('media')]).toEqual(expect.arrayContaining(['rpc media.videos.create', 'job media-jobs video.import']));
    expect([...names('ai')]).toEqual(
      expect.arrayContaining(['job ai-transcription transcription.chunk', 'job ai-transcription transcription.merge', 'job ai-summaries summary.video']),
    );
    // One tree: every span's parent is a span of this trace, or the caller's.
    expect(orphans()).toEqual([]);
    // The requests made without the caller's traceparent are traces of their own.
    expect(otlp.spans.some((s) => s.traceId !== traceId && s.service === 'gateway')).toBe(true);
  });
});
