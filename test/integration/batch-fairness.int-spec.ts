import { createServiceApp, redisOptions, type ServiceApp, closeBull } from '@visualnotes/common';
import { BatchVideoImportProcessor } from '../../services/media/src/videos/video-import.processor';
import { Queues, type BatchView, type VideoCard, type VideoView } from '@visualnotes/contracts';
import { signUp, tempDir, waitFor, type OpenAiStandIn, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { definitions, startVideoBackend, type Backend, type VideoBackend } from '../support/backend';
import { toneWithPauses } from '../support/transcription';

const { ai: aiService, media: mediaService } = definitions;

const BATCH = Array.from({ length: 6 }, (_, i) => `batchtalk0${i}`);
const LANE = ['lanetalk000', 'lanetalk001'];

describe('batches are fair to other users and survive a restart', () => {
  let harness: VideoBackend | undefined;
  let t: TestEnv;
  let backend: Backend;
  let ai: ServiceApp | undefined;
  let media: ServiceApp | undefined;
  let asr: OpenAiStandIn;
  let queue: Queue;
  let heavy: SignedUp;
  let other: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const videoReady = (user: SignedUp, id: string) =>
    waitFor(
      async () => {
        const res = await request(backend.http).get(`/api/videos/${id}`).set(auth(user));
        if (res.body.status === 'failed') throw new Error(res.body.error);
        return res.body.status === 'ready';
      },
      60_000,
      100,
    );
  const batchCompleted = (id: string) =>
    waitFor(
      async () => {
        const b = (await request(backend.http).get(`/api/batches/${id}`).set(auth(heavy)).expect(200)).body as BatchView;
        if (b.failed) throw new Error(`batch item failed: ${JSON.stringify(b.items)}`);
        return b.status === 'completed' ? b : null;
      },
      90_000,
      200,
    ) as Promise<BatchView>;

  beforeAll(async () => {
    const dir = tempDir('batch-fairness-audio');
    // 8 s cut at 4 s: two chunks of 4 s per batch video; the other user's video: two chunks of 3 s.
    const eight = toneWithPauses(dir, 'eight', 8, [[3.6, 4.4]]);
    const started = await startVideoBackend({
      label: 'batch-fairness',
      videos: [
        ...BATCH.map((id, i) => ({ id, title: `Batch talk ${i}`, lengthSeconds: 8, audio: eight })),
        { id: 'singletalk0', title: 'Another user talk', lengthSeconds: 6, audio: toneWithPauses(dir, 'six', 6, [[2.6, 3.4]]) },
        ...LANE.map((id, i) => ({ id, title: `Lane talk ${i}`, lengthSeconds: 8, audio: eight })),
        { id: 'singletalk1', title: 'Another user talk, again', lengthSeconds: 8, audio: eight },
      ],
      asr: {},
      env: {
        MEDIA_CHUNK_SECONDS: '4',
        // one chunk at a time: the order of arrival at the ASR endpoint is the order of the queue
        WORKER_CONCURRENCY_AI_TRANSCRIPTION: '1',
        BATCH_ITEMS_IN_FLIGHT: '2',
        BATCH_SWEEP_MS: '1000',
      },
      // the ai service starts later: first, the batch's chunks wait in the queue
      services: ['auth', 'license', 'media'],
    });
    harness = started;
    ({ t, backend, asr } = started);
    [heavy, other] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
    queue = new Queue(Queues.aiTranscription, { connection: redisOptions(t.env.REDIS_URL!), prefix: t.env.REDIS_PREFIX });
  }, 120_000);
  afterAll(async () => {
    if (queue) await closeBull(queue);
    await ai?.app.close();
    await media?.app.close();
    await harness?.close();
  });

  it("takes another user's single video before the rest of a queued batch, and finishes the batch after a media restart", async () => {
    const batchRes = await request(backend.http)
      .post('/api/batches')
      .set(auth(heavy))
      .send({ urls: BATCH.map((id) => `https://youtu.be/${id}`) })
      .expect(202);
    // only two videos of the batch are handed to the queues: four chunks
    await waitFor(async () => (await queue.getJobCounts('prioritized')).prioritized === 4, 30_000, 100);
    const early = (await request(backend.http).get(`/api/batches/${batchRes.body.id}`).set(auth(heavy)).expect(200)).body as BatchView;
    expect(early.items.filter((i) => i.status === 'pending')).toHaveLength(4);

    const single = (await request(backend.http).post('/api/videos').set(auth(other)).send({ url: 'https://youtu.be/singletalk0' }).expect(202)).body
      .video as VideoView;
    await waitFor(async () => (await queue.getJobCounts('prioritized')).prioritized === 6, 30_000, 100);

    ai = (await createServiceApp(aiService as never, t.env)) as ServiceApp;
    await videoReady(other, single.id);
    // the other user's two 3 s chunks went first, though the batch's were queued before them
    expect(asr.files.slice(0, 2).map((f) => Math.round(f.seconds))).toEqual([3, 3]);
    const during = (await request(backend.http).get(`/api/batches/${batchRes.body.id}`).set(auth(heavy)).expect(200)).body as BatchView;
    expect(during.status).toBe('running');
    expect(during.items.some((i) => i.status === 'pending')).toBe(true);

    // the media service stops mid-batch and another copy takes over: nothing is lost or done twice
    await backend.services.media!.app.close();
    media = (await createServiceApp(mediaService as never, t.env)) as ServiceApp;
    const done = await batchCompleted(batchRes.body.id);
    expect(done).toMatchObject({ total: 6, done: 6, failed: 0 });
    const library = (await request(backend.http).get('/api/videos').set(auth(heavy)).expect(200)).body as VideoCard[];
    expect(library).toHaveLength(6);
    // every chunk transcribed exactly once: 6 videos x 2 chunks, and the other user's 2
    expect(asr.files).toHaveLength(14);
  }, 240_000);

  it("runs another user's single video while every worker of the batch lane is busy", async () => {
    // the batch lane's workers of the (only) media copy are held: its items cannot move
    const lane = media!.app.get(BatchVideoImportProcessor).worker;
    await lane.pause(true);
    try {
      const batchRes = await request(backend.http)
        .post('/api/batches')
        .set(auth(heavy))
        .send({ urls: LANE.map((id) => `https://youtu.be/${id}`) })
        .expect(202);
      const items = (await waitFor(
        async () => {
          const b = (await request(backend.http).get(`/api/batches/${batchRes.body.id}`).set(auth(heavy)).expect(200)).body as BatchView;
          return b.items.every((i) => i.video_id) ? b.items : null;
        },
        30_000,
        100,
      )) as BatchView['items'];
      for (const item of items) {
        const video = (await request(backend.http).get(`/api/videos/${item.video_id}`).set(auth(heavy)).expect(200)).body as VideoView;
        expect(video.job_id).toMatch(/^media-jobs-batch:/);
        // its owner follows it at /api/jobs like any job; another user cannot
        const job = await request(backend.http)
          .get(`/api/jobs/${encodeURIComponent(video.job_id!)}`)
          .set(auth(heavy))
          .expect(200);
        expect(job.body.id).toBe(video.job_id);
        expect(['queued', 'active']).toContain(job.body.state); // a worker pausing may still have taken one
        await request(backend.http)
          .get(`/api/jobs/${encodeURIComponent(video.job_id!)}`)
          .set(auth(other))
          .expect(404);
      }

      const single = (await request(backend.http).post('/api/videos').set(auth(other)).send({ url: 'https://youtu.be/singletalk1' }).expect(202)).body
        .video as VideoView;
      expect(single.job_id).toMatch(/^media-jobs:/);
      await videoReady(other, single.id);
      const held = (await request(backend.http).get(`/api/batches/${batchRes.body.id}`).set(auth(heavy)).expect(200)).body as BatchView;
      expect(held).toMatchObject({ status: 'running', done: 0 });

      lane.resume();
      const done = await batchCompleted(batchRes.body.id);
      expect(done).toMatchObject({ total: 2, done: 2, failed: 0 });
    } finally {
      lane.resume();
    }
  }, 180_000);
});
