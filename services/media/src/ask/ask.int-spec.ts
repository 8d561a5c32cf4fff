import { type AskReply, type DocumentSummaryView, type VideoView } from '@visualnotes/contracts';
import { ABSENT_QUESTION, HISTORY_FACTS, historyPages, LECTURE_FACTS, lectureLines, linesPdf, type SignedUp, signUp, waitFor } from '@visualnotes/testing';
import request from 'supertest';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';

const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

/** Imports the lecture and the history PDF for `user`; their ids once both are done. */
async function library(backend: Backend, user: SignedUp, videoId: string) {
  const video = (
    await request(backend.http)
      .post('/api/videos')
      .set(auth(user))
      .send({ url: `https://www.youtube.com/watch?v=${videoId}` })
      .expect(202)
  ).body as { video: VideoView };
  const doc = (await request(backend.http).post('/api/summaries').set(auth(user)).attach('file', linesPdf(historyPages()), 'history.pdf').expect(202)).body as {
    summary_id: string;
  };
  await waitFor(async () => {
    const v = (await request(backend.http).get(`/api/videos/${video.video.id}`).set(auth(user)).expect(200)).body as VideoView;
    const d = (await request(backend.http).get(`/api/summaries/${doc.summary_id}`).set(auth(user)).expect(200)).body as DocumentSummaryView;
    if (v.status === 'failed' || d.status === 'failed') throw new Error(`not imported: ${v.error ?? ''} ${d.error ?? ''}`);
    return v.status === 'ready' && d.status === 'completed';
  }, 60_000);
  return { videoId: video.video.id, documentId: doc.summary_id };
}

const near = (start: number | undefined, at: number) => start !== undefined && Math.abs(start - at) < 45;

describe('ask (questions answered from transcripts and pages, without a model)', () => {
  let harness: VideoBackend | undefined;
  let backend: Backend;
  let alice: SignedUp;
  let bob: SignedUp;
  let mine: { videoId: string; documentId: string };
  let bobs: { videoId: string; documentId: string };
  const ask = (user: SignedUp, path: string, body: object, status = 200) =>
    request(backend.http).post(path).set(auth(user)).send(body).expect(status) as unknown as Promise<{ body: AskReply }>;

  beforeAll(async () => {
    harness = await startVideoBackend({
      label: 'ask',
      videos: [
        { id: 'lecture0001', title: 'A lecture on everything', lengthSeconds: 1_200, tracks: [{ lang: 'en', name: 'English', lines: lectureLines() }] },
        {
          id: 'bobvideo001',
          title: "Bob's notes",
          lengthSeconds: 60,
          tracks: [{ lang: 'en', name: 'English', lines: [{ start: 0, dur: 5, text: 'Bob says the Krebs cycle takes place in the kitchen of every cell.' }] }],
        },
      ],
    });
    ({ backend } = harness);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
    [mine, bobs] = await Promise.all([library(backend, alice, 'lecture0001'), library(backend, bob, 'bobvideo001')]);
  }, 120_000);
  afterAll(() => harness?.close());

  it.each(LECTURE_FACTS)('finds the moment that answers "$question" among the first three citations', async (fact) => {
    const { body } = await ask(alice, `/api/videos/${mine.videoId}/ask`, { question: fact.question });
    expect(body.mode).toBe('quotes');
    expect(body.answer).toMatch(/quotes/i);
    expect(body.citations.slice(0, 3).some((c) => c.video_id === mine.videoId && near(c.start, fact.at))).toBe(true);
    expect(body.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(HISTORY_FACTS)('finds the page that answers "$question"', async (fact) => {
    const { body } = await ask(alice, `/api/summaries/${mine.documentId}/ask`, { question: fact.question });
    expect(body.citations.slice(0, 3).some((c) => c.summary_id === mine.documentId && c.page === fact.page)).toBe(true);
    expect(body.citations.every((c) => c.video_id === undefined)).toBe(true);
  });

  it('asks the whole library: moments and pages together, and only the caller’s own', async () => {
    const page = await ask(alice, '/api/ask', { question: HISTORY_FACTS[0].question });
    expect(page.body.citations[0]).toMatchObject({ summary_id: mine.documentId, page: HISTORY_FACTS[0].page, title: expect.any(String) });
    const moment = await ask(alice, '/api/ask', { question: LECTURE_FACTS[0].question });
    expect(moment.body.citations.slice(0, 3).some((c) => c.video_id === mine.videoId && near(c.start, LECTURE_FACTS[0].at))).toBe(true);
    // Bob's video speaks of the Krebs cycle too; it is never among Alice's sources, nor hers among his
    const everything = [...page.body.citations, ...moment.body.citations];
    expect(everything.some((c) => c.video_id === bobs.videoId || c.summary_id === bobs.documentId)).toBe(false);
    const his = await ask(bob, '/api/ask', { question: LECTURE_FACTS[0].question });
    expect(his.body.citations.length).toBeGreaterThan(0);
    expect(his.body.citations.every((c) => c.video_id === bobs.videoId || c.summary_id === bobs.documentId)).toBe(true);
    const honey = await ask(bob, '/api/ask', { question: LECTURE_FACTS[1].question });
    expect(honey.body.mode).toBe('not_found');
  });

  it('says plainly that nothing was found for a question about something absent', async () => {
    for (const path of [`/api/videos/${mine.videoId}/ask`, `/api/summaries/${mine.documentId}/ask`, '/api/ask']) {
      const { body } = await ask(alice, path, { question: ABSENT_QUESTION });
      expect(body).toMatchObject({ mode: 'not_found', citations: [] });
      expect(body.answer).toMatch(/^Nothing in .* answers this question/);
    }
  });

  it("answers a question about a one-minute video in its listener's own words, one of them never said in it", async () => {
    // every word the video says is in all of its few passages: they still outweigh the one it never says
    const { body } = await ask(bob, `/api/videos/${bobs.videoId}/ask`, { question: 'Where exactly does the Krebs cycle take place?' });
    expect(body.mode).toBe('quotes');
    expect(body.citations[0]).toMatchObject({ video_id: bobs.videoId, start: 0 });
    const absent = await ask(bob, `/api/videos/${bobs.videoId}/ask`, { question: ABSENT_QUESTION });
    expect(absent.body.mode).toBe('not_found');
  });

  it('keeps the context of a follow-up', async () => {
    const first = await ask(alice, `/api/videos/${mine.videoId}/ask`, { question: LECTURE_FACTS[0].question });
    // alone, "produce" finds the farmers; after the Krebs question it finds the cycle
    const alone = await ask(alice, `/api/videos/${mine.videoId}/ask`, { question: 'What does it produce?' });
    expect(near(alone.body.citations[0]?.start, LECTURE_FACTS[0].at)).toBe(false);
    const follow = await ask(alice, `/api/videos/${mine.videoId}/ask`, { question: 'What does it produce?', conversation_id: first.body.conversation_id });
    expect(follow.body.conversation_id).toBe(first.body.conversation_id);
    expect(near(follow.body.citations[0]?.start, LECTURE_FACTS[0].at)).toBe(true);
  });

  it("never answers from another user's video, document or conversation", async () => {
    await ask(bob, `/api/videos/${mine.videoId}/ask`, { question: LECTURE_FACTS[0].question }, 404);
    await ask(bob, `/api/summaries/${mine.documentId}/ask`, { question: HISTORY_FACTS[0].question }, 404);
    const theirs = await ask(alice, '/api/ask', { question: LECTURE_FACTS[0].question });
    await ask(bob, '/api/ask', { question: 'And then?', conversation_id: theirs.body.conversation_id }, 404);
  });

  it('answers bad input with a clear 4xx', async () => {
    const empty = await request(backend.http).post('/api/ask').set(auth(alice)).send({ question: '   ' }).expect(400);
    expect(empty.body.message).toMatch(/question/i);
    await request(backend.http)
      .post('/api/ask')
      .set(auth(alice))
      .send({ question: 'x'.repeat(1_001) })
      .expect(400);
    await request(backend.http).post('/api/ask').set(auth(alice)).send({ question: 'Why?', conversation_id: 'nope' }).expect(400);
    await request(backend.http).post('/api/videos/not-an-id/ask').set(auth(alice)).send({ question: 'Why?' }).expect(404);
    await request(backend.http).post('/api/ask').send({ question: 'Why?' }).expect(401);
    // a question of only punctuation or common words finds nothing, never everything
    const { body } = await ask(alice, '/api/ask', { question: '?!' });
    expect(body.mode).toBe('not_found');
  });

  it('keeps the passages in step with the transcript: a deleted video takes its passages along', async () => {
    const before = await ask(bob, '/api/ask', { question: LECTURE_FACTS[0].question });
    expect(before.body.citations.some((c) => c.video_id === bobs.videoId)).toBe(true);
    await request(backend.http).delete(`/api/videos/${bobs.videoId}`).set(auth(bob)).expect(204);
    const after = await ask(bob, '/api/ask', { question: LECTURE_FACTS[0].question });
    expect(after.body.mode).toBe('not_found');
  });
});
