import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Messages, type VideoView } from '@visualnotes/contracts';
import { signUp, tempDir, waitFor, type SignedUp, type StandInLine, type YoutubeStandIn, TWO_TOPICS } from '@visualnotes/testing';
import iconv from 'iconv-lite';
import request from 'supertest';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';
import { toneWithPauses } from '../../../../test/support/transcription';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** Two topics in a row, so the built-in summarizer has a shift to find. */
function lines(): StandInLine[] {
  const { solar, pasta } = TWO_TOPICS;
  return [...solar, ...pasta].map((text, i) => ({ start: i * 5, dur: 5, text }));
}

describe('videos (import, captions, transcription, summaries, library)', () => {
  let harness: VideoBackend | undefined;
  let backend: Backend;
  let yt: YoutubeStandIn;
  let alice: SignedUp;
  let bob: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    // 12 s: tone, silence, tone, silence, tone — silences are where chunks should be cut.
    const speech = toneWithPauses(tempDir('audio'), 'speech', 12, [
      [3.6, 4.4],
      [7.6, 8.4],
    ]);
    harness = await startVideoBackend({
      label: 'videos',
      videos: [
        {
          id: 'dQw4w9WgXcQ',
          title: 'Solar power and pasta',
          lengthSeconds: 60,
          tracks: [
            { lang: 'en', name: 'English (auto-generated)', asr: true, lines: [{ start: 0, dur: 5, text: 'automatic words that should not be chosen' }] },
            { lang: 'en', name: 'English', lines: lines() },
            { lang: 'zh-Hans', name: 'Chinese (Simplified)', lines: [{ start: 0, dur: 5, text: '太阳能电池板把阳光变成电。' }] },
          ],
        },
        { id: 'notfound000', title: 'x', playability: 'ERROR' },
        { id: 'botcheck000', title: 'x', playability: 'LOGIN_REQUIRED' },
        { id: 'ratelimit00', title: 'x', playability: 'RATE_LIMITED' },
        { id: 'consent0000', title: 'x', playability: 'CONSENT' },
        { id: 'emptycapt00', title: 'Empty captions', tracks: [{ lang: 'en', name: 'English', lines: lines() }], emptyCaptions: true },
        { id: 'nocaption00', title: 'A talk without captions', lengthSeconds: 12, audio: speech },
        {
          id: 'devideo0000',
          title: 'Wärmepumpen im Altbau',
          tracks: [{ lang: 'de', name: 'Deutsch', lines: [{ start: 0, dur: 5, text: 'Die Wärmepumpe steht draußen an der Hauptstraße.' }] }],
        },
        {
          id: 'zhvideo0000',
          title: '中文视频',
          tracks: [
            {
              lang: 'zh-Hans',
              name: 'Chinese',
              lines: [
                { start: 0, dur: 4, text: '今天我们讨论机器学习的基本概念。' },
                { start: 4, dur: 4, text: '神经网络由很多层组成。' },
              ],
            },
          ],
        },
      ],
      asr: {},
      env: {
        MEDIA_CHUNK_SECONDS: '4',
        AI_JOB_LOCK_MS: '5000',
        // visitors are told apart by address in the allowance tests
        TRUST_PROXY: 'true',
      },
    });
    ({ backend, yt } = harness);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 90_000);
  afterAll(() => harness?.close());

  const ready = (id: string, user?: SignedUp, headers: Record<string, string> = {}): Promise<VideoView> =>
    waitFor(
      async () => {
        const res = await request(backend.http)
          .get(`/api/videos/${id}`)
          .set(user ? auth(user) : {})
          .set(headers);
        if (res.body.status === 'failed') throw new Error(`video failed: ${res.body.error}`);
        return res.body.status === 'ready' ? (res.body as VideoView) : null;
      },
      40_000,
      200,
    ) as Promise<VideoView>;

  it('refuses an empty field and a link that is not a video, without fetching it', async () => {
    const before = yt.requests.length;
    const empty = await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: '  ' }).expect(400);
    expect(empty.body.message).toBe(Messages.videoUrlRequired);
    const other = await request(backend.http)
      .post('/api/videos')
      .set(auth(alice))
      .send({ url: `${yt.url}/watch?v=dQw4w9WgXcQ` })
      .expect(400);
    expect(other.body.message).toMatch(/not a YouTube video/);
    await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://example.com/watch?v=dQw4w9WgXcQ' }).expect(400);
    expect(yt.requests.length).toBe(before);
  });

  it('imports a watch link with t= and si=, prefers manual captions in the user language and summarizes by topic', async () => {
    const res = await request(backend.http)
      .post('/api/videos')
      .set(auth(alice))
      .send({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&si=abcDEF123', language: 'en-US' })
      .expect(202);
    expect(res.body.job_id).toMatch(/^media-jobs:/);
    expect(res.body.video).toMatchObject({ title: 'Solar power and pasta', provider: 'youtube', transcript_source: 'captions' });
    const video = await ready(res.body.video.id, alice);
    expect(video.transcript).toHaveLength(12);
    expect(video.transcript[0]).toEqual({ start: 0, end: 5, text: lines()[0].text });
    expect(video.transcript.map((l) => l.text).join(' ')).not.toMatch(/automatic words/);
    expect(video.summary!.overview.length).toBeGreaterThan(20);
    const sections = video.summary!.sections;
    expect(sections.length).toBeGreaterThanOrEqual(2);
    // The shift from solar power to cooking is found: one section starts at the first pasta line.
    expect(sections.map((s) => s.start)).toContain(30);
    for (const s of sections) {
      expect(s.points.length).toBeGreaterThanOrEqual(2);
      expect(s.points.length).toBeLessThanOrEqual(5);
    }
    const job = await request(backend.http).get(`/api/jobs/${res.body.job_id}`).set(auth(alice)).expect(200);
    expect(job.body).toMatchObject({ state: 'completed', progress: 100 });
    // only its owner follows the job: another user and a visitor get 404, on both routes
    await request(backend.http).get(`/api/jobs/${res.body.job_id}`).set(auth(bob)).expect(404);
    await request(backend.http).get(`/api/jobs/${res.body.job_id}`).expect(404);
    await request(backend.http).get(`/api/jobs/${res.body.job_id}/events`).set(auth(bob)).expect(404);
    const events = await request(backend.http)
      .get(`/api/jobs/${res.body.job_id}/events`)
      .set(auth(alice))
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      });
    expect(String(events.body)).toContain('"state":"completed"');
  });

  it('accepts every link form of the same video', async () => {
    for (const url of [
      'https://youtu.be/dQw4w9WgXcQ?si=x',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=3',
      'https://youtube.com/live/dQw4w9WgXcQ?feature=share',
      'dQw4w9WgXcQ',
    ]) {
      const res = await request(backend.http).post('/api/videos').set(auth(bob)).send({ url }).expect(202);
      expect(res.body.video.provider_id).toBe('dQw4w9WgXcQ');
    }
  });

  it('tells not found, blocked and empty caption bodies apart', async () => {
    const post = (id: string) =>
      request(backend.http)
        .post('/api/videos')
        .set(auth(alice))
        .send({ url: `https://youtu.be/${id}` });
    const notFound = await post('notfound000');
    expect([notFound.status, notFound.body.message]).toEqual([404, Messages.videoNotFound]);
    for (const id of ['botcheck000', 'ratelimit00', 'consent0000', 'emptycapt00']) {
      const res = await post(id);
      expect([id, res.status, res.body.message]).toEqual([id, 503, Messages.youtubeBlocked]);
    }
  });

  it('asks a visitor to sign in for a video without captions', async () => {
    const res = await request(backend.http).post('/api/videos').set('x-fingerprint', 'fp-nocap').send({ url: 'https://youtu.be/nocaption00' });
    expect([res.status, res.body.message]).toEqual([401, Messages.noCaptionsSignIn]);
  });

  it('lets a visitor read only their own video', async () => {
    const res = await request(backend.http).post('/api/videos').set('x-fingerprint', 'fp-reader').send({ url: 'https://youtu.be/zhvideo0000' }).expect(202);
    const video = await ready(res.body.video.id, undefined, { 'x-fingerprint': 'fp-reader' });
    expect(video.summary!.sections[0].points.join('')).toMatch(/机器学习|神经网络/);
    await request(backend.http).get(`/api/videos/${video.id}`).set('x-fingerprint', 'someone-else').expect(404);
    await request(backend.http).get(`/api/videos/${video.id}`).set(auth(bob)).expect(404);
    // and its job too
    await request(backend.http).get(`/api/jobs/${res.body.job_id}`).set('x-fingerprint', 'fp-reader').expect(200);
    await request(backend.http).get(`/api/jobs/${res.body.job_id}`).set('x-fingerprint', 'someone-else').expect(404);
    await request(backend.http).get(`/api/jobs/${res.body.job_id}`).set(auth(bob)).expect(404);
  });

  it('stops a visitor at the limit with the login message, also under parallel requests', async () => {
    const visitor = (fingerprint: string, address: string) =>
      request(backend.http).post('/api/videos').set('x-fingerprint', fingerprint).set('x-forwarded-for', address).send({ url: 'dQw4w9WgXcQ' });
    let limit = 0;
    for (; limit < 30; limit++) {
      const res = await visitor('fp-limit-1', '198.51.100.21');
      if (res.status === 401) {
        expect(res.body.message).toBe(Messages.needMoreSummaries);
        break;
      }
      expect(res.status).toBe(202);
    }
    expect(limit).toBeLessThan(30);
    // a new fingerprint (or none) from the same address starts no new allowance
    for (const fingerprint of ['fp-limit-new', '']) {
      const again = await visitor(fingerprint, '198.51.100.21');
      expect([again.status, again.body.message]).toEqual([401, Messages.needMoreSummaries]);
    }
    // neither does another address of the same IPv6 /64
    await visitor('fp-v6', '2001:db8:1:2::1').expect(202);
    for (let i = 1; i < limit; i++) await visitor('fp-v6', '2001:db8:1:2::1').expect(202);
    const v6 = await visitor('fp-v6-other', '2001:db8:1:2:ffff::9');
    expect(v6.status).toBe(401);
    const burst = await Promise.all(Array.from({ length: limit + 4 }, () => visitor('fp-limit-2', '198.51.100.22')));
    expect(burst.filter((r) => r.status === 202)).toHaveLength(limit);
    expect(burst.filter((r) => r.status === 401)).toHaveLength(4);
  });

  it('transcribes a video without captions for a signed-in user: chunks cut at silences, merged in order', async () => {
    const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/nocaption00' }).expect(202);
    expect(res.body.video.status).toBe('transcribing');
    const video = await ready(res.body.video.id, alice);
    expect(video.transcript_source).toBe('transcription');
    expect(video.transcript.map((l) => l.text)).toEqual(['chunk 0 spoken words.', 'chunk 1 spoken words.', 'chunk 2 spoken words.']);
    // Cuts in the middle of the silences (4 s and 8 s), offsets added.
    expect(video.transcript[1].start).toBeCloseTo(4, 0);
    expect(video.transcript[2].start).toBeCloseTo(8, 0);
    expect(video.transcript[2].end).toBeCloseTo(12, 0);
    expect(video.summary!.sections.length).toBeGreaterThanOrEqual(1);
  });

  it('uses an uploaded SRT file as the transcript', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:04,000\nWelcome to the subtitle file.\n\n2\n00:00:04,500 --> 00:00:09,000\nIt becomes the transcript of the video.\n';
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(alice))
      .attach('file', Buffer.from(srt), { filename: 'talk.srt', contentType: 'application/x-subrip' })
      .expect(201);
    const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ file_id: up.body.file_id }).expect(202);
    const video = await ready(res.body.video.id, alice);
    expect(video).toMatchObject({ title: 'talk', provider: 'upload', transcript_source: 'subtitles' });
    expect(video.transcript[1]).toEqual({ start: 4.5, end: 9, text: 'It becomes the transcript of the video.' });
  });

  it('reads subtitle files saved as UTF-16 (Notepad "Unicode") or Windows-1252, with their markup dropped', async () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:03,000\r\n{\\an8}<i>Ça coûte 12 €</i>, déjà payé.\r\n\r\n2\r\n00:00:03,000 --> 00:00:05,000\r\nÀ bientôt.\r\n';
    const files = [
      { name: 'unicode.srt', bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')]) },
      { name: 'windows.srt', bytes: iconv.encode(srt, 'win1252') },
    ];
    for (const file of files) {
      const up = await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', file.bytes, { filename: file.name }).expect(201);
      expect(up.body.content_type).toBe('application/x-subrip');
      const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ file_id: up.body.file_id }).expect(202);
      const video = await ready(res.body.video.id, alice);
      expect(video.transcript.map((l) => l.text)).toEqual(['Ça coûte 12 €, déjà payé.', 'À bientôt.']);
    }
  });

  it('reads subtitles in Chinese (GBK) and Japanese (Shift-JIS) and ASS files; refuses an encoding it cannot tell, without using a credit', async () => {
    const carol = await signUp(backend.url);
    // Encoded by the system's iconv, as Windows editors save them.
    const legacy = (text: string, encoding: string) => execFileSync('iconv', ['-f', 'UTF-8', '-t', encoding], { input: text });
    const cue = (text: string) => `1\r\n00:00:01,000 --> 00:00:04,000\r\n${text}\r\n`;
    const zh = '欢迎来到关于咖啡历史的讲座。咖啡最早在埃塞俄比亚被发现，后来传到了也门。';
    const ja = 'コーヒーの歴史についての講義へようこそ。コーヒーはエチオピアで最初に発見されました。';
    const ass = `[Script Info]\r\nScriptType: v4.00+\r\n\r\n[Events]\r\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\nDialogue: 0,0:00:01.00,0:00:04.00,Default,,0,0,0,,{\\i1}Welcome{\\i0} to the\\Nlecture.\r\n`;
    const files = [
      { name: 'zh.srt', bytes: legacy(cue(zh), 'GBK'), text: zh },
      { name: 'ja.srt', bytes: legacy(cue(ja), 'SHIFT_JIS'), text: ja },
      { name: 'lecture.ass', bytes: Buffer.from(ass), text: 'Welcome to the lecture.' },
    ];
    for (const file of files) {
      const up = await request(backend.http).post('/api/uploads').set(auth(carol)).attach('file', file.bytes, { filename: file.name }).expect(201);
      const res = await request(backend.http).post('/api/videos').set(auth(carol)).send({ file_id: up.body.file_id }).expect(202);
      const video = await ready(res.body.video.id, carol);
      expect(video.transcript.map((l) => l.text)).toEqual([file.text]);
    }
    const used = async () => (await request(backend.http).get('/api/entitlements').set(auth(carol)).expect(200)).body.usage.video_summaries as number;
    const before = await used();
    // Five kana in Shift-JIS read as well as Russian in KOI8-R.
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(carol))
      .attach('file', legacy(cue('こんにちは'), 'SHIFT_JIS'), { filename: 'hi.srt' })
      .expect(201);
    const res = await request(backend.http).post('/api/videos').set(auth(carol)).send({ file_id: up.body.file_id });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(Messages.textEncodingUnknown);
    expect(await used()).toBe(before);
  });

  it('says so in words when a subtitle file has no timed captions', async () => {
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(alice))
      .attach('file', Buffer.from('WEBVTT\n\nNOTE nothing timed here\n'), { filename: 'empty.vtt', contentType: 'text/vtt' })
      .expect(201);
    const res = await request(backend.http).post('/api/videos').set(auth(alice)).send({ file_id: up.body.file_id });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(Messages.subtitlesEmpty);
  });

  it('asks a free user for Premium before transcribing an uploaded video file', async () => {
    const mp4 = join(tempDir('video'), 'clip.mp4');
    execFileSync(ffmpeg, [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x64:rate=5',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-shortest',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      mp4,
    ]);
    const up = await request(backend.http)
      .post('/api/uploads')
      .set(auth(bob))
      .attach('file', readFileSync(mp4), { filename: 'clip.mp4', contentType: 'video/mp4' })
      .expect(201);
    expect(up.body.content_type).toBe('video/mp4');
    const res = await request(backend.http).post('/api/videos').set(auth(bob)).send({ file_id: up.body.file_id }).expect(403);
    expect(res.body.message).toBe(Messages.premiumForVideoFiles);
  });

  it("transcribes a free user's audio recording in a WebM or MP4 container (no video track)", async () => {
    const dir = tempDir('recording');
    // as a browser records a voice note (Opus in WebM) and as phones and ffmpeg write audio in MP4
    const files = [
      ['note.webm', ['-c:a', 'libopus']],
      ['note.mp4', ['-c:a', 'aac', '-movflags', '+faststart']],
    ] as const;
    for (const [name, codec] of files) {
      const path = join(dir, name);
      execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=2', ...codec, path]);
      const up = await request(backend.http).post('/api/uploads').set(auth(bob)).attach('file', readFileSync(path), { filename: name }).expect(201);
      expect(up.body.content_type).toMatch(/^audio\//);
      const res = await request(backend.http).post('/api/videos').set(auth(bob)).send({ file_id: up.body.file_id }).expect(202);
      expect(res.body.video.status).toBe('transcribing');
    }
  });

  it('keeps a library with favorites, tags, filters and full-text search, private to each user', async () => {
    const a = (await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/dQw4w9WgXcQ' }).expect(202)).body.video;
    const zh = (await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/zhvideo0000' }).expect(202)).body.video;
    const de = (await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/devideo0000' }).expect(202)).body.video;
    await ready(a.id, alice);
    await ready(zh.id, alice);
    await ready(de.id, alice);

    const noName = await request(backend.http).post('/api/tags').set(auth(alice)).send({ name: ' ' }).expect(400);
    expect(noName.body.message).toBe(Messages.tagNameRequired);
    const tag = (await request(backend.http).post('/api/tags').set(auth(alice)).send({ name: 'Energy' }).expect(201)).body;
    await request(backend.http).patch(`/api/tags/${tag.id}`).set(auth(alice)).send({ name: 'Solar' }).expect(200);
    await request(backend.http)
      .patch(`/api/videos/${a.id}`)
      .set(auth(alice))
      .send({ favorite: true, tag_ids: [tag.id] })
      .expect(200);

    const list = async (query: string, user = alice) =>
      (await request(backend.http).get(`/api/videos${query}`).set(auth(user)).expect(200)).body as { id: string }[];
    expect((await list('?favorite=true')).map((v) => v.id)).toEqual([a.id]);
    expect((await list(`?tag=${tag.id}`)).map((v) => v.id)).toEqual([a.id]);
    expect((await list('?q=parmesan')).map((v) => v.id)).toContain(a.id);
    expect((await list('?q=parmesan')).map((v) => v.id)).not.toContain(zh.id);
    expect((await list('?q=神经网络')).map((v) => v.id)).toEqual([zh.id]);
    expect(await list('?q=nothing-like-this')).toEqual([]);
    // Accents and case do not matter, in words of the transcript and in parts of the title.
    expect((await list('?q=warmepumpen')).map((v) => v.id)).toEqual([de.id]);
    expect((await list('?q=HAUPTSTRASSE')).map((v) => v.id)).toEqual([de.id]);
    expect((await list(`?q=${encodeURIComponent('DRAUẞEN')}`)).map((v) => v.id)).toEqual([de.id]);
    expect((await list('?q=pumpen im')).map((v) => v.id)).toEqual([de.id]);
    expect((await list(`?q=${encodeURIComponent('Wärmepumpen')}`)).map((v) => v.id)).toEqual([de.id]);
    const tooLong = await request(backend.http)
      .get(`/api/videos?q=${'x'.repeat(201)}`)
      .set(auth(alice))
      .expect(400);
    expect(tooLong.body.message).toBe('A search has at most 200 characters');
    const card = (await list('')).find((v) => v.id === a.id) as unknown as VideoView;
    expect(card.tags).toEqual([{ id: tag.id, name: 'Solar' }]);

    // Bob sees none of it and cannot touch it.
    expect((await list('', bob)).map((v) => v.id)).not.toContain(a.id);
    await request(backend.http).get(`/api/videos/${a.id}`).set(auth(bob)).expect(404);
    await request(backend.http).patch(`/api/videos/${a.id}`).set(auth(bob)).send({ favorite: false }).expect(404);
    await request(backend.http).delete(`/api/videos/${a.id}`).set(auth(bob)).expect(404);
    expect((await request(backend.http).get('/api/tags').set(auth(bob)).expect(200)).body).toEqual([]);
    await request(backend.http).patch(`/api/tags/${tag.id}`).set(auth(bob)).send({ name: 'mine' }).expect(404);
    const bobs = (await request(backend.http).post('/api/videos').set(auth(bob)).send({ url: 'dQw4w9WgXcQ' }).expect(202)).body.video;
    await request(backend.http)
      .patch(`/api/videos/${bobs.id}`)
      .set(auth(bob))
      .send({ tag_ids: [tag.id] })
      .expect(404);

    // Highlights: create, edit, private, delete.
    const h = (
      await request(backend.http)
        .post(`/api/videos/${a.id}/highlights`)
        .set(auth(alice))
        .send({ start: 31.5, title: 'Pasta', content: 'Salt the water' })
        .expect(201)
    ).body;
    expect(h).toMatchObject({ start: 31.5, title: 'Pasta', content: 'Salt the water', video_id: a.id });
    await request(backend.http).patch(`/api/highlights/${h.id}`).set(auth(alice)).send({ content: 'Salt the water well' }).expect(200);
    await request(backend.http).get(`/api/videos/${a.id}/highlights`).set(auth(bob)).expect(404);
    await request(backend.http).patch(`/api/highlights/${h.id}`).set(auth(bob)).send({ title: 'x' }).expect(404);
    await request(backend.http).delete(`/api/highlights/${h.id}`).set(auth(bob)).expect(404);
    const hs = (await request(backend.http).get(`/api/videos/${a.id}/highlights`).set(auth(alice)).expect(200)).body;
    expect(hs).toEqual([expect.objectContaining({ id: h.id, content: 'Salt the water well' })]);
    await request(backend.http).delete(`/api/highlights/${h.id}`).set(auth(alice)).expect(204);

    // Deleting the tag keeps the video; deleting the video removes it from the library.
    await request(backend.http).delete(`/api/tags/${tag.id}`).set(auth(alice)).expect(204);
    expect((await request(backend.http).get(`/api/videos/${a.id}`).set(auth(alice)).expect(200)).body.tags).toEqual([]);
    await request(backend.http).delete(`/api/videos/${a.id}`).set(auth(alice)).expect(204);
    expect((await list('')).map((v) => v.id)).not.toContain(a.id);
  });
});
