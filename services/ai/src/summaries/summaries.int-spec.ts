import { closeBull, redisOptions } from '@visualnotes/common';
import { JobPriority, Queues, type VideoView } from '@visualnotes/contracts';
import { signUp, waitFor, type OpenAiStandIn, type SignedUp, type StandInLine, type TestEnv } from '@visualnotes/testing';
import { Queue } from 'bullmq';
import OpenAI from 'openai';
import request from 'supertest';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';
import { OpenAiSummaryProvider } from './providers';

const MAP_WORDS = 1_000;

/** About 6,000 words in 600 caption lines, 3.5 s apart (35 minutes), three topics in a row. */
function longCaptions(): StandInLine[] {
  const topics = [
    'solar panels turn sunlight into electricity on the roof',
    'boil the pasta in salted water and toss it with sauce',
    'the rocket engine burns fuel to lift the payload into orbit',
  ];
  return Array.from({ length: 600 }, (_, i) => ({ start: Math.round(i * 3.5 * 10) / 10, dur: 3.5, text: `Line ${i}: ${topics[Math.floor(i / 200)]}.` }));
}

const isMap = (m: { content: string }[]) => m[0]?.content.startsWith('You summarize a part');
const positions = (prompt: string) => [...prompt.matchAll(/^\[([\d.]+)\]/gm)].map((m) => Number(m[1]));

/** Each part gets its own section title, so the order of the sections can be checked. */
function modelAnswer(messages: { role: string; content: string }[]): string {
  const user = messages.at(-1)?.content ?? '';
  if (!isMap(messages)) return JSON.stringify({ overview: `Overview of ${user.split('\n').length} sections.` });
  const at = positions(user);
  return JSON.stringify({ sections: [{ at: at[0], title: `Part from ${at[0]} to ${at.at(-1)}`, points: [`${at.length} lines`, 'A second point'] }] });
}

describe('long video summaries mapped in parallel child jobs (BullMQ flow)', () => {
  let harness: VideoBackend | undefined;
  let t: TestEnv;
  let backend: Backend;
  let model: OpenAiStandIn;
  let queue: Queue;
  let premium: SignedUp;

  beforeAll(async () => {
    const started = await startVideoBackend({
      label: 'video-summary-flow',
      videos: [
        { id: 'longtalk000', title: 'Three topics', lengthSeconds: 2_100, tracks: [{ lang: 'en', name: 'English', lines: longCaptions() }] },
        { id: 'shorttalk00', title: 'One topic', lengthSeconds: 35, tracks: [{ lang: 'en', name: 'English', lines: longCaptions().slice(0, 10) }] },
      ],
      model: { chat: modelAnswer, chatLatencyMs: 150 },
      env: { AI_MAP_WORDS: String(MAP_WORDS), WORKER_CONCURRENCY_AI_SUMMARIES: '4' },
    });
    harness = started;
    ({ t, backend, model } = started);
    premium = await signUp(backend.url, { scope: ['premium'] });
    queue = new Queue(Queues.aiSummaries, { connection: redisOptions(t.env.REDIS_URL!), prefix: t.env.REDIS_PREFIX });
  }, 120_000);
  afterAll(async () => {
    if (queue) await closeBull(queue);
    await harness?.close();
  });

  const ready = (id: string): Promise<VideoView> =>
    waitFor(
      async () => {
        const res = await request(backend.http).get(`/api/videos/${id}`).set('authorization', `Bearer ${premium.token}`);
        if (res.body.status === 'failed') throw new Error(`video failed: ${res.body.error}`);
        return res.body.status === 'ready' ? (res.body as VideoView) : null;
      },
      60_000,
      200,
    ) as Promise<VideoView>;

  const importVideo = async (youtubeId: string) => {
    const res = await request(backend.http)
      .post('/api/videos')
      .set('authorization', `Bearer ${premium.token}`)
      .send({ url: `https://youtu.be/${youtubeId}` })
      .expect(202);
    return ready((res.body.video as VideoView).id);
  };

  it('maps each part of a long transcript in its own child job, in parallel, and gives the same summary as one job', async () => {
    const video = await importVideo('longtalk000');
    const units = video.transcript.map((s) => ({ text: s.text, start: s.start }));
    const provider = new OpenAiSummaryProvider(new OpenAI({ baseURL: model.url, apiKey: 'k', maxRetries: 0 }), 'stand-in-model', MAP_WORDS);
    const parts = provider.parts(units);
    expect(parts.length).toBeGreaterThanOrEqual(5);

    // One summary.map child per part under the summary job, each with the Premium priority.
    const children = (await queue.getJobs(['completed'])).filter((j) => j.name === 'summary.map');
    expect(children).toHaveLength(parts.length);
    expect(new Set(children.map((c) => c.parentKey))).toEqual(new Set([`${t.env.REDIS_PREFIX}:${Queues.aiSummaries}:summary-${video.id}`]));
    expect(children.every((c) => c.opts.priority === JobPriority.premium)).toBe(true);
    expect(children.map((c) => c.data.index).sort((a, b) => a - b)).toEqual(parts.map((_, i) => i));
    // Every line went to the model once, in one of the map prompts; several prompts at once.
    const maps = model.chats.filter(isMap);
    expect(maps.flatMap((m) => positions(m.at(-1)!.content)).sort((a, b) => a - b)).toEqual(units.map((u) => u.start));
    expect(model.maxChatsInFlight).toBeGreaterThan(1);

    // The same sections (in order) and overview as the whole transcript summarized in one process.
    const inOneJob = await provider.summarize({ title: video.title, units });
    expect(video.summary).toEqual(inOneJob);
    expect(video.summary!.sections.map((s) => s.start)).toEqual(parts.map((p) => p[0].start));
  }, 90_000);

  it('summarizes a transcript of one part in the summary job itself', async () => {
    const before = (await queue.getJobs(['completed'])).filter((j) => j.name === 'summary.map').length;
    const video = await importVideo('shorttalk00');
    // points the model gave without a moment are at their section's
    expect(video.summary!.sections).toEqual([
      {
        start: 0,
        title: 'Part from 0 to 31.5',
        points: ['10 lines', 'A second point'],
        citations: [
          { text: '10 lines', start: 0 },
          { text: 'A second point', start: 0 },
        ],
      },
    ]);
    expect((await queue.getJobs(['completed'])).filter((j) => j.name === 'summary.map')).toHaveLength(before);
  }, 60_000);
});
