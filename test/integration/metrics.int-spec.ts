import { get } from 'node:http';
import { createServiceApp, type ServiceApp } from '../../libs/common/src';
import { QueueOwners, type DocumentSummaryView, type VideoView } from '../../libs/contracts/src';
import { freePort, signUp, waitFor, type OpenAiStandIn, type SignedUp, type TestEnv } from '../../libs/testing/src';
import request from 'supertest';
import { aiService } from '../../services/ai/src/service';
import { mediaService } from '../../services/media/src/service';
import { startVideoBackend, type Backend, type VideoBackend } from '../support/backend';
import { toneAudio } from '../support/transcription';

function scrape(port: number): Promise<string> {
  return new Promise((resolve, reject) =>
    get(`http://127.0.0.1:${port}/metrics`, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    }).on('error', reject),
  );
}

/** The value of one series: `name{...labels containing every given pair...} value`. */
function value(body: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of body.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = m[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => have.includes(`${k}="${v}"`))) return Number(m[3]);
  }
  return undefined;
}

/** Queues whose depth a scrape reports. */
const queuesIn = (body: string) => new Set([...body.matchAll(/^vn_queue_jobs\{[^}]*queue="([^"]+)"/gm)].map((m) => m[1]));

describe('Prometheus metrics as operators scrape them', () => {
  let harness: VideoBackend | undefined;
  let t: TestEnv;
  let backend: Backend;
  let media: ServiceApp;
  let ai: ServiceApp;
  let model: OpenAiStandIn;
  let user: SignedUp;
  const ports = { media: 0, ai: 0 };

  beforeAll(async () => {
    // the model's stand-in also transcribes (no ASR_BASE_URL): media and ai start below, each with a metrics port
    const started = await startVideoBackend({
      label: 'metrics',
      videos: [{ id: 'metrictalk0', title: 'A talk to count', lengthSeconds: 6, audio: toneAudio('metrics-audio', 6) }],
      model: {},
      env: { MEDIA_CHUNK_SECONDS: '4', METRICS_PUBLIC: 'true' },
      services: ['auth', 'license'],
    });
    harness = started;
    ({ t, backend, model } = started);
    ports.media = await freePort();
    media = (await createServiceApp(mediaService as never, { ...t.env, METRICS_PORT: String(ports.media) })) as ServiceApp;
    ports.ai = await freePort();
    ai = (await createServiceApp(aiService as never, { ...t.env, METRICS_PORT: String(ports.ai) })) as ServiceApp;
    user = await signUp(backend.url);
  }, 120_000);
  afterAll(async () => {
    await ai?.stop();
    await media?.stop();
    await harness?.close();
  });

  it('counts audio seconds transcribed, model tokens and document pages read', async () => {
    const auth = { authorization: `Bearer ${user.token}` };
    const created = await request(backend.http).post('/api/videos').set(auth).send({ url: 'https://youtu.be/metrictalk0' }).expect(202);
    const id = (created.body.video as VideoView).id;
    await waitFor(
      async () => {
        const v = (await request(backend.http).get(`/api/videos/${id}`).set(auth)).body as VideoView;
        if (v.status === 'failed') throw new Error(v.error ?? 'failed');
        return v.status === 'ready';
      },
      60_000,
      200,
    );
    const text = Array.from({ length: 40 }, (_, i) => `Sentence ${i} tells how solar panels and wind turbines share the grid.`).join(' ');
    const doc = await request(backend.http).post('/api/summaries').set(auth).send({ text }).expect(202);
    const view = (await waitFor(
      async () => {
        const v = (await request(backend.http).get(`/api/summaries/${doc.body.summary_id}`).set(auth)).body as DocumentSummaryView;
        return v.status === 'completed' ? v : null;
      },
      60_000,
      200,
    )) as DocumentSummaryView;

    const fromAi = await scrape(ports.ai);
    // The 6 s of the video went to the speech-to-text endpoint, in chunks.
    expect(model.files.reduce((n, f) => n + f.seconds, 0)).toBeCloseTo(6, 0);
    expect(value(fromAi, 'vn_audio_transcribed_seconds_total', { service: 'ai' })).toBeCloseTo(6, 0);
    // The stand-in reports 10 prompt and 10 completion tokens per answer.
    expect(model.chats.length).toBeGreaterThanOrEqual(2);
    expect(value(fromAi, 'vn_ai_tokens_total', { model: 'stand-in-model', kind: 'prompt' })).toBe(10 * model.chats.length);
    expect(value(fromAi, 'vn_ai_tokens_total', { model: 'stand-in-model', kind: 'completion' })).toBe(10 * model.chats.length);
    const fromMedia = await scrape(ports.media);
    expect(view.pages).toBeGreaterThanOrEqual(1);
    expect(value(fromMedia, 'vn_document_pages_read_total', { service: 'media', kind: 'text' })).toBe(view.pages);
  }, 120_000);

  it("keeps prom-client's standard names for Node's own metrics", async () => {
    for (const body of [await scrape(ports.ai), (await request(backend.http).get('/metrics').expect(200)).text]) {
      expect(value(body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(body).toMatch(/^nodejs_eventloop_lag_seconds\{/m);
      expect(body).toMatch(/^nodejs_heap_size_used_bytes\{/m);
      expect(body).not.toMatch(/^vn_(process|nodejs)_/m);
    }
  });

  it('exports the depth of each queue from one process only, and another takes over when it stops', async () => {
    const scrapes = async () => ({
      media: queuesIn(await scrape(ports.media)),
      ai: queuesIn(await scrape(ports.ai)),
      gateway: queuesIn((await request(backend.http).get('/metrics').expect(200)).text),
    });
    const first = await scrapes();
    const all = Object.keys(QueueOwners);
    // Every queue is reported, each by exactly one of the three (whichever was scraped first holds it).
    for (const queue of all) expect([queue, [first.media, first.ai, first.gateway].filter((s) => s.has(queue)).length]).toEqual([queue, 1]);
    // A second round: the same holders (their leases are renewed), nobody doubles.
    const second = await scrapes();
    expect(second).toEqual(first);
    expect(first.media.has('media-jobs')).toBe(true);

    // Media stops (as on SIGTERM): its leases go, and the gateway (which watches every queue) reports them next.
    await media.stop();
    const gateway = queuesIn((await request(backend.http).get('/metrics').expect(200)).text);
    expect([...first.media].filter((q) => !gateway.has(q))).toEqual([]);
    expect(queuesIn(await scrape(ports.ai))).toEqual(first.ai);
  });
});
