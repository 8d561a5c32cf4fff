import type { Summary, VideoView } from '@visualnotes/contracts';
import { proseTranscript, signUp, toWebVtt, waitFor, type SignedUp } from '@visualnotes/testing';
import request from 'supertest';
import { VideosRepository } from './videos.repository';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';

const points = (s: Summary) => s.sections.reduce((n, x) => n + x.points.length, 0);
/** The longest section of a summary of a talk `total` seconds long, in seconds. */
const longest = (s: Summary, total: number) => Math.max(...s.sections.map((x, i) => (s.sections[i + 1]?.start ?? total) - x.start!));

/** Caption lines of a 20-minute talk with YouTube chapters in its description. */
const CHAPTERED = proseTranscript(20 * 60).map((l) => ({ start: l.start, dur: l.end - l.start, text: l.text }));
const CHAPTERS = [
  { start: 0, title: 'Welcome and overview' },
  { start: 245, title: 'How summaries are made' },
  { start: 610, title: 'Drawing on the canvas' },
  { start: 930, title: 'Questions from the audience' },
];

describe('video summaries in depth: length, chapters, regenerating, correcting the transcript', () => {
  let harness: VideoBackend | undefined;
  let backend: Backend;
  let alice: SignedUp;
  let bob: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    harness = await startVideoBackend({
      label: 'video-depth',
      videos: [
        {
          id: 'chapters001',
          title: 'A talk in chapters',
          lengthSeconds: 20 * 60,
          description: `What this talk covers.\n\n${CHAPTERS.map((c) => `${Math.floor(c.start / 60)}:${String(c.start % 60).padStart(2, '0')} ${c.title}`).join('\n')}\n\nThanks for watching!`,
          tracks: [{ lang: 'en', name: 'English', lines: CHAPTERED }],
        },
      ],
    });
    ({ backend } = harness);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 90_000);
  afterAll(() => harness?.close());

  const ready = (id: string, user: SignedUp, job?: string): Promise<VideoView> =>
    waitFor(
      async () => {
        const res = await request(backend.http).get(`/api/videos/${id}`).set(auth(user));
        if (res.body.status === 'failed') throw new Error(`video failed: ${res.body.error}`);
        return res.body.status === 'ready' && (!job || res.body.job_id === job) ? (res.body as VideoView) : null;
      },
      60_000,
      250,
    ) as Promise<VideoView>;

  const upload = async (user: SignedUp, seconds: number, name: string) => {
    const vtt = toWebVtt(proseTranscript(seconds));
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(user))
      .attach('file', Buffer.from(vtt), { filename: name, contentType: 'text/vtt' })
      .expect(201);
    const res = await request(backend.http).post('/api/videos').set(auth(user)).send({ file_id: up.body.file_id }).expect(202);
    return ready(res.body.video.id, user);
  };

  it('gives a 3-hour lecture sections of at most about 10 minutes and ≥ 4× the points of a 30-minute talk', async () => {
    const half = await upload(alice, 30 * 60, 'half-hour.vtt');
    const lecture = await upload(alice, 3 * 3600, 'lecture.vtt');
    expect(longest(half.summary!, 30 * 60)).toBeLessThanOrEqual(11 * 60);
    expect(longest(lecture.summary!, 3 * 3600)).toBeLessThanOrEqual(11 * 60);
    expect(points(lecture.summary!) / points(half.summary!)).toBeGreaterThanOrEqual(4);
    expect(lecture.summary_length).toBe('standard');
    // every section and point keeps its moment
    for (const s of lecture.summary!.sections) {
      expect(s.start).toEqual(expect.any(Number));
      expect(s.citations!.map((c) => c.text)).toEqual(s.points);
      for (const c of s.citations!) expect(c.start).toBeGreaterThanOrEqual(s.start!);
    }
  }, 180_000);

  it("makes a YouTube video's chapters its sections", async () => {
    const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/chapters001' }).expect(202);
    expect(res.body.video.chapters).toEqual(CHAPTERS);
    const video = await ready(res.body.video.id, alice);
    expect(video.summary!.sections.map((s) => [s.start, s.title])).toEqual(CHAPTERS.map((c) => [c.start, c.title]));
  });

  it('lets only the owner correct a transcript line, which search finds at once, and regenerate the summary at a length', async () => {
    const res = await request(backend.http).post('/api/videos').set(auth(bob)).send({ url: 'https://youtu.be/chapters001' }).expect(202);
    const video = await ready(res.body.video.id, bob);
    const before = points(video.summary!);
    const index = 3;

    // another user (and a visitor) cannot see or change it
    await request(backend.http).patch(`/api/videos/${video.id}/transcript/${index}`).set(auth(alice)).send({ text: 'Zyxwvut' }).expect(404);
    await request(backend.http).patch(`/api/videos/${video.id}/transcript/${index}`).send({ text: 'Zyxwvut' }).expect(401);
    await request(backend.http).post(`/api/videos/${video.id}/summary`).set(auth(alice)).send({}).expect(404);
    // bad input: a clear 4xx, never a crash
    const empty = await request(backend.http).patch(`/api/videos/${video.id}/transcript/${index}`).set(auth(bob)).send({ text: '  ' }).expect(400);
    expect(empty.body.message).toBe('Write the corrected text of the line');
    const beyond = await request(backend.http).patch(`/api/videos/${video.id}/transcript/999999`).set(auth(bob)).send({ text: 'x' }).expect(404);
    expect(beyond.body.message).toBe('Transcript line not found');
    await request(backend.http).patch(`/api/videos/${video.id}/transcript/-1`).set(auth(bob)).send({ text: 'x' }).expect(404);
    const badLength = await request(backend.http).post(`/api/videos/${video.id}/summary`).set(auth(bob)).send({ length: 'huge' }).expect(400);
    expect(badLength.body.message).toBe('length is brief, standard or detailed');

    const corrected = `Professor Quillfeather explains ${video.transcript[index].text}`;
    const fixed = await request(backend.http).patch(`/api/videos/${video.id}/transcript/${index}`).set(auth(bob)).send({ text: corrected }).expect(200);
    expect(fixed.body.transcript[index]).toEqual({ ...video.transcript[index], text: corrected });
    expect(fixed.body.transcript[index + 1]).toEqual(video.transcript[index + 1]);
    expect(fixed.body.summary_outdated).toBe(true);
    // search reads the corrected text; another user's library does not have it
    const found = await request(backend.http).get('/api/videos').query({ q: 'Quillfeather' }).set(auth(bob)).expect(200);
    expect(found.body.map((v: VideoView) => v.id)).toEqual([video.id]);
    const other = await request(backend.http).get('/api/videos').query({ q: 'Quillfeather' }).set(auth(alice)).expect(200);
    expect(other.body).toEqual([]);

    // regenerate, detailed: more points, the corrected text read, the summary up to date again
    const again = await request(backend.http).post(`/api/videos/${video.id}/summary`).set(auth(bob)).send({ length: 'detailed' }).expect(202);
    expect(again.body.video).toMatchObject({ status: 'summarizing', summary_length: 'detailed' });
    // a second request while it runs is refused; once it has ended (the built-in summarizer can end
    // within this round trip) another is taken, at the length the video now has
    const second = await request(backend.http).post(`/api/videos/${video.id}/summary`).set(auth(bob)).send({});
    expect([409, 202]).toContain(second.status);
    if (second.status === 409) expect(second.body.message).toBe('This video is still being processed; try again once it is ready');
    const jobId = second.status === 202 ? (second.body as { job_id: string }).job_id : again.body.job_id;
    const detailed = await ready(video.id, bob, jobId);
    expect(detailed.summary_outdated).toBe(false);
    expect(detailed.summary_length).toBe('detailed');
    expect(points(detailed.summary!)).toBeGreaterThan(before);
    expect(detailed.summary!.sections.map((s) => s.title)).toEqual(CHAPTERS.map((c) => c.title));
    const job = await request(backend.http).get(`/api/jobs/${jobId}`).set(auth(bob)).expect(200);
    expect(job.body.state).toBe('completed');

    // two requests at the same moment: only one finds the video finished and starts a summary
    const videos = backend.services.media!.app.get(VideosRepository);
    const claims = await Promise.all([1, 2, 3].map((n) => videos.startResummary(video.id, { summaryLength: 'brief', jobId: `video-import-race-${n}` })));
    expect(claims.filter(Boolean)).toHaveLength(1);
  }, 120_000);
});
