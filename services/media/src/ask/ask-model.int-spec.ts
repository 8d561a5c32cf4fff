import type { AskReply, VideoView } from '@visualnotes/contracts';
import { ABSENT_QUESTION, LECTURE_FACTS, lectureLines, OpenAiStandIn, type SignedUp, signUp, waitFor } from '@visualnotes/testing';
import request from 'supertest';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';

const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

describe('ask with a chat model and an embeddings endpoint (stand-ins speaking the OpenAI protocol)', () => {
  let harness: (VideoBackend & { model: OpenAiStandIn }) | undefined;
  let embeddings: OpenAiStandIn;
  let backend: Backend;
  let alice: SignedUp;
  const ids: Record<string, string> = {};
  const ask = async (path: string, body: object) => (await request(backend.http).post(path).set(auth(alice)).send(body).expect(200)).body as AskReply;

  beforeAll(async () => {
    embeddings = await OpenAiStandIn.start();
    harness = await startVideoBackend({
      label: 'ask-model',
      model: {},
      videos: [
        { id: 'lecture0002', title: 'A lecture on everything', lengthSeconds: 1_200, tracks: [{ lang: 'en', name: 'English', lines: lectureLines() }] },
        {
          id: 'zhlecture01',
          title: '植物课',
          lengthSeconds: 30,
          tracks: [{ lang: 'zh-Hans', name: 'Chinese', lines: [{ start: 0, dur: 5, text: '光合作用发生在叶绿体中。' }] }],
        },
      ],
      env: { EMBEDDINGS_BASE_URL: embeddings.url, EMBEDDINGS_MODEL: 'stand-in-embeddings', ASK_EMBED_SWEEP_MS: '500' },
    });
    ({ backend } = harness);
    alice = await signUp(backend.url);
    for (const id of ['lecture0002', 'zhlecture01']) {
      const { video } = (
        await request(backend.http)
          .post('/api/videos')
          .set(auth(alice))
          .send({ url: `https://www.youtube.com/watch?v=${id}` })
          .expect(202)
      ).body as { video: VideoView };
      ids[id] = video.id;
    }
    await waitFor(async () => {
      for (const id of Object.values(ids)) {
        const v = (await request(backend.http).get(`/api/videos/${id}`).set(auth(alice)).expect(200)).body as VideoView;
        if (v.status !== 'ready') return null;
      }
      return true;
    }, 60_000);
    // every passage has been given its vector by the embeddings sweep
    await waitFor(() => embeddings.embedded.flat().some((t) => t.includes('光合作用')), 30_000);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await embeddings?.close();
  });

  it('has the model write the answer from the passages, every claim citing one', async () => {
    const fact = LECTURE_FACTS[1];
    const reply = await ask(`/api/videos/${ids.lecture0002}/ask`, { question: fact.question });
    expect(reply.mode).toBe('answer');
    expect(reply.answer).toMatch(/waggle dance.*\[1\]/);
    expect(reply.citations[0]).toMatchObject({ video_id: ids.lecture0002 });
    expect(Math.abs(reply.citations[0].start! - fact.at)).toBeLessThan(45);
    // the model was given numbered passages and the question, and told to cite them
    const prompt = harness!.model.chats.at(-1)!;
    expect(prompt[0].content).toMatch(/numbered passages/);
    expect(prompt.at(-1)!.content).toContain(fact.question);
    expect(prompt.at(-1)!.content).toMatch(/^\[1\] \(A lecture on everything, 12:\d\d\)/m);
    // the question itself was embedded for the search by meaning
    expect(embeddings.embedded.flat()).toContain(fact.question);
  });

  it('finds by meaning what words alone cannot (a Chinese question of a Chinese video)', async () => {
    const reply = await ask('/api/ask', { question: '光合作用发生在哪里？' });
    expect(reply.citations[0]).toMatchObject({ video_id: ids.zhlecture01, start: 0 });
  });

  it('gives the model the conversation for a follow-up', async () => {
    const first = await ask(`/api/videos/${ids.lecture0002}/ask`, { question: LECTURE_FACTS[0].question });
    await ask(`/api/videos/${ids.lecture0002}/ask`, { question: 'What does it produce?', conversation_id: first.conversation_id });
    const prompt = harness!.model.chats.at(-1)!;
    expect(prompt.map((m) => m.content)).toEqual(expect.arrayContaining([LECTURE_FACTS[0].question, first.answer]));
  });

  it('still says nothing was found, and asks the model nothing, when no passage is relevant', async () => {
    const before = harness!.model.chats.length;
    const reply = await ask('/api/ask', { question: ABSENT_QUESTION });
    expect(reply).toMatchObject({ mode: 'not_found', citations: [] });
    expect(harness!.model.chats.length).toBe(before);
  });
});
