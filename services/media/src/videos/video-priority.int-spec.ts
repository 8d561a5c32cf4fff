import { createServiceApp, redisOptions, type ServiceApp, closeBull } from '@visualnotes/common';
import { Queues, type VideoView } from '@visualnotes/contracts';
import { signUp, tempDir, waitFor, type OpenAiStandIn, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { definitions, startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';
import { toneWithPauses } from '../../../../test/support/transcription';

describe('transcription of Premium videos before free ones', () => {
  let harness: VideoBackend | undefined;
  let t: TestEnv;
  let backend: Backend;
  let ai: ServiceApp | undefined;
  let asr: OpenAiStandIn;
  let queue: Queue;
  let free: SignedUp;
  let premium: SignedUp;

  beforeAll(async () => {
    const dir = tempDir('priority-audio');
    const started = await startVideoBackend({
      label: 'video-priority',
      videos: [
        // 12 s cut at 4 and 8 s: three chunks of 4 s.
        {
          id: 'freetalk000',
          title: 'A free talk',
          lengthSeconds: 12,
          audio: toneWithPauses(dir, 'free', 12, [
            [3.6, 4.4],
            [7.6, 8.4],
          ]),
        },
        // 6 s cut at 3 s: two chunks of 3 s.
        { id: 'premtalk000', title: 'A Premium talk', lengthSeconds: 6, audio: toneWithPauses(dir, 'premium', 6, [[2.6, 3.4]]) },
      ],
      asr: {},
      env: {
        MEDIA_CHUNK_SECONDS: '4',
        // One chunk at a time, so the order of arrival at the ASR endpoint is the order of the queue.
        WORKER_CONCURRENCY_AI_TRANSCRIPTION: '1',
      },
      // The ai service starts later: first, both videos' chunks wait in the queue.
      services: ['auth', 'license', 'media'],
    });
    harness = started;
    ({ t, backend, asr } = started);
    [free, premium] = await Promise.all([signUp(backend.url), signUp(backend.url, { scope: ['premium'] })]);
    queue = new Queue(Queues.aiTranscription, { connection: redisOptions(t.env.REDIS_URL!), prefix: t.env.REDIS_PREFIX });
  }, 120_000);
  afterAll(async () => {
    if (queue) await closeBull(queue);
    await ai?.app.close();
    await harness?.close();
  });

  const ready = (id: string, user: SignedUp): Promise<VideoView> =>
    waitFor(
      async () => {
        const res = await request(backend.http).get(`/api/videos/${id}`).set('authorization', `Bearer ${user.token}`);
        if (res.body.status === 'failed') throw new Error(`video failed: ${res.body.error}`);
        return res.body.status === 'ready' ? (res.body as VideoView) : null;
      },
      60_000,
      200,
    ) as Promise<VideoView>;

  it('sends the chunks of a Premium video queued later before those of a free one, as Opus in Ogg', async () => {
    const post = (user: SignedUp, id: string) =>
      request(backend.http)
        .post('/api/videos')
        .set('authorization', `Bearer ${user.token}`)
        .send({ url: `https://youtu.be/${id}` })
        .expect(202);
    const a = (await post(free, 'freetalk000')).body.video as VideoView;
    // The free video's chunks are queued before the Premium video is even imported.
    await waitFor(async () => (await queue.getJobCounts('prioritized', 'waiting')).prioritized === 3, 30_000, 100);
    const b = (await post(premium, 'premtalk000')).body.video as VideoView;
    await waitFor(async () => (await queue.getJobCounts('prioritized', 'waiting')).prioritized === 5, 30_000, 100);
    expect(asr.files).toHaveLength(0);

    ai = (await createServiceApp(definitions.ai as never, t.env)) as ServiceApp;
    const [fa, fb] = await Promise.all([ready(a.id, free), ready(b.id, premium)]);

    // Premium's two 3 s chunks first, then the free video's three 4 s chunks.
    expect(asr.files.map((f) => Math.round(f.seconds))).toEqual([3, 3, 4, 4, 4]);
    expect(asr.files.every((f) => f.name.endsWith('.ogg') && f.contentType === 'audio/ogg')).toBe(true);
    // The same transcript as from WAV chunks: texts in order, at the offsets of the cuts.
    expect(fa.transcript.map((l) => l.text)).toEqual(['chunk 0 spoken words.', 'chunk 1 spoken words.', 'chunk 2 spoken words.']);
    expect(fa.transcript.map((l) => [Math.round(l.start), Math.round(l.end)])).toEqual([
      [0, 4],
      [4, 8],
      [8, 12],
    ]);
    expect(fb.transcript.map((l) => [Math.round(l.start), Math.round(l.end)])).toEqual([
      [0, 3],
      [3, 6],
    ]);
    expect(fb.summary!.sections.length).toBeGreaterThanOrEqual(1);
  });
});
