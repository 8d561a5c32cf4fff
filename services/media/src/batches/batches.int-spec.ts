import { ErrorCatalogue, Messages, type BatchView, type VideoCard } from '@visualnotes/contracts';
import {
  bodyBytes,
  signUp,
  TWO_TOPICS,
  waitFor,
  type SignedUp,
  type StandInLine,
  type StandInVideo,
  type TestEnv,
  type YoutubeStandIn,
} from '@visualnotes/testing';
import { unzipSync, strFromU8 } from 'fflate';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startVideoBackend, type Backend, type VideoBackend } from '../../../../test/support/backend';

function lines(): StandInLine[] {
  const { solar, pasta } = TWO_TOPICS;
  return [...solar, ...pasta].map((text, i) => ({ start: i * 5, dur: 5, text }));
}

/** A video with English captions: no speech-to-text needed. */
const captioned = (id: string, title: string): StandInVideo => ({ id, title, lengthSeconds: 60, tracks: [{ lang: 'en', name: 'English', lines: lines() }] });

const stamp = (seconds: number, sep: string) => `00:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}${sep}000`;
function srt(from = 0): string {
  return lines()
    .slice(from)
    .map((l, i) => `${i + 1}\n${stamp(l.start, ',')} --> ${stamp(l.start + l.dur, ',')}\n${l.text}\n`)
    .join('\n');
}
function vtt(): string {
  return `WEBVTT\n\n${lines()
    .map((l) => `${stamp(l.start, '.')} --> ${stamp(l.start + l.dur, '.')}\n${l.text}\n`)
    .join('\n')}`;
}

describe('batches (links, playlists, files, limits, allowances, export)', () => {
  let harness: VideoBackend | undefined;
  let t: TestEnv;
  let backend: Backend;
  let yt: YoutubeStandIn;
  let alice: SignedUp; // Premium
  let bob: SignedUp; // free
  let carol: SignedUp; // free, for the allowance race
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    harness = await startVideoBackend({
      label: 'batches',
      videos: [
        captioned('aaaaaaaaaa1', 'First talk'),
        captioned('aaaaaaaaaa2', 'Second talk'),
        captioned('aaaaaaaaaa3', 'Third talk'),
        captioned('aaaaaaaaaa4', 'Fourth talk'),
        captioned('aaaaaaaaaa5', 'Fifth talk'),
        captioned('aaaaaaaaaa6', 'Sixth talk'),
        captioned('aaaaaaaaaa7', 'Seventh talk'),
        captioned('bbbbbbbbbb1', 'Playlist one'),
        captioned('bbbbbbbbbb2', 'Playlist two'),
        captioned('bbbbbbbbbb3', 'Playlist three'),
        captioned('bbbbbbbbbb4', 'Playlist four'),
        ...Array.from({ length: 8 }, (_, i) => captioned(`cccccccccc${i}`, `Course part ${i}`)),
      ],
      env: {
        FREE_VIDEO_SUMMARIES_PER_MONTH: '4',
        BATCH_MAX_ITEMS_FREE: '5',
        BATCH_MAX_ITEMS_PREMIUM: '8',
        BATCH_ITEMS_IN_FLIGHT: '3',
        BATCH_SWEEP_MS: '1000',
      },
    });
    ({ t, backend, yt } = harness);
    yt.addPlaylist({
      id: 'PLstandin0000000001',
      title: 'A stand-in course',
      videoIds: ['bbbbbbbbbb1', 'bbbbbbbbbb2', 'privatevid0', 'bbbbbbbbbb3', 'bbbbbbbbbb4'],
      pageSize: 2,
    });
    [alice, bob, carol] = await Promise.all([signUp(backend.url, { scope: ['premium'] }), signUp(backend.url), signUp(backend.url)]);
  }, 90_000);
  afterAll(() => harness?.close());

  const finished = (id: string, user: SignedUp): Promise<BatchView> =>
    waitFor(
      async () => {
        const res = await request(backend.http).get(`/api/batches/${id}`).set(auth(user)).expect(200);
        return res.body.status !== 'running' ? (res.body as BatchView) : null;
      },
      60_000,
      200,
    ) as Promise<BatchView>;

  it('summarizes a batch of subtitle files end to end and exports it as one ZIP', async () => {
    const res = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .attach('files', Buffer.from(srt()), { filename: 'lecture one.srt', contentType: 'application/x-subrip' })
      .attach('files', Buffer.from(vtt()), { filename: 'lecture two.vtt', contentType: 'text/vtt' })
      .attach('files', Buffer.from(srt(2)), { filename: 'lecture three.srt', contentType: 'application/x-subrip' })
      .expect(202);
    expect(res.body).toMatchObject({ status: 'running', total: 3 });
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['lecture one', 'lecture two', 'lecture three']);
    const batch = await finished(res.body.id, alice);
    expect(batch).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0 });
    // each item is an ordinary video of the library
    const library = (await request(backend.http).get('/api/videos').set(auth(alice)).expect(200)).body as VideoCard[];
    for (const item of batch.items) {
      expect(item.video_id).toBeTruthy();
      expect(library.find((v) => v.id === item.video_id)).toMatchObject({ status: 'ready', provider: 'upload' });
    }
    const video = (await request(backend.http).get(`/api/videos/${batch.items[1].video_id}`).set(auth(alice)).expect(200)).body;
    expect(video.transcript_source).toBe('subtitles');
    expect(video.summary.sections.length).toBeGreaterThanOrEqual(1);

    const zip = await request(backend.http).get(`/api/batches/${batch.id}/export.zip`).set(auth(alice)).buffer(true).parse(bodyBytes).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      '1 lecture one/summary.docx',
      '1 lecture one/summary.md',
      '1 lecture one/transcript.srt',
      '1 lecture one/transcript.txt',
      '1 lecture one/transcript.vtt',
      '2 lecture two/summary.docx',
      '2 lecture two/summary.md',
      '2 lecture two/transcript.srt',
      '2 lecture two/transcript.txt',
      '2 lecture two/transcript.vtt',
      '3 lecture three/summary.docx',
      '3 lecture three/summary.md',
      '3 lecture three/transcript.srt',
      '3 lecture three/transcript.txt',
      '3 lecture three/transcript.vtt',
    ]);
    const srtOut = strFromU8(files['2 lecture two/transcript.srt']);
    expect(srtOut).toContain('1\n00:00:00,000 --> 00:00:05,000\n');
    expect(srtOut).toContain(lines()[11].text);
    expect(strFromU8(files['2 lecture two/transcript.vtt']).startsWith('WEBVTT\n\n00:00:00.000 --> 00:00:05.000')).toBe(true);
    expect(strFromU8(files['2 lecture two/transcript.txt'])).toContain(`[0:30] ${lines()[6].text}`);
    const md = strFromU8(files['2 lecture two/summary.md']);
    expect(md).toMatch(/^# lecture two\n/);
    // sections carry their moment as a link
    expect(md).toMatch(/## \[\d+:\d\d\]\(http[^)]+\/tools\/video-summarizer\?v=[0-9a-f-]{36}&t=\d+\) /);
    // the summary as Word too: its headings and points, sections linking to their moment
    const word = unzipSync(files['2 lecture two/summary.docx']);
    const body = strFromU8(word['word/document.xml']);
    expect(body).toContain('lecture two');
    expect(body).toContain('w:numPr');
    expect(strFromU8(word['word/_rels/document.xml.rels'])).toMatch(/tools\/video-summarizer\?v=[0-9a-f-]{36}&amp;t=\d+/);
  });

  it('imports a list of links once each, reusing videos the user already has, and retries a failed item', async () => {
    // alice already has the third talk
    const single = await request(backend.http).post('/api/videos').set(auth(alice)).send({ url: 'https://youtu.be/aaaaaaaaaa3' }).expect(202);
    const urls = [
      'https://www.youtube.com/watch?v=aaaaaaaaaa1',
      'https://youtu.be/aaaaaaaaaa1?si=same-video',
      '',
      'https://www.youtube.com/shorts/aaaaaaaaaa2',
      'https://youtu.be/aaaaaaaaaa3',
      'https://youtu.be/missing0001',
    ];
    const res = await request(backend.http).post('/api/batches').set(auth(alice)).send({ urls }).expect(202);
    expect(res.body.total).toBe(4);
    const batch = await finished(res.body.id, alice);
    expect(batch).toMatchObject({ total: 4, done: 3, failed: 1 });
    expect(batch.items.map((i) => [i.title, i.status])).toEqual([
      ['First talk', 'done'],
      ['Second talk', 'done'],
      ['Third talk', 'done'],
      [expect.stringContaining('missing0001'), 'failed'],
    ]);
    expect(batch.items[2].video_id).toBe(single.body.video.id);
    // named after its first video once that one is imported
    expect(batch.title).toBe('First talk');
    expect(batch.items[3].error).toBe(Messages.videoNotFound);
    const library = (await request(backend.http).get('/api/videos').set(auth(alice)).expect(200)).body as VideoCard[];
    expect(library.filter((v) => v.provider_id === 'aaaaaaaaaa1')).toHaveLength(1);
    expect(library.filter((v) => v.provider_id === 'aaaaaaaaaa3')).toHaveLength(1);

    // the video appears on YouTube: a retry imports only the failed item
    yt.add(captioned('missing0001', 'Found later'));
    const retried = await request(backend.http).post(`/api/batches/${batch.id}/retry`).set(auth(alice)).expect(202);
    expect(retried.body.items[3].status).not.toBe('failed');
    const again = await finished(batch.id, alice);
    expect(again).toMatchObject({ status: 'completed', done: 4, failed: 0 });
    expect(again.items[3].title).toBe('Found later');
    expect(again.items.slice(0, 3).map((i) => i.video_id)).toEqual(batch.items.slice(0, 3).map((i) => i.video_id));
  });

  it('reads a playlist page by page through InnerTube browse, leaving out unplayable entries', async () => {
    const before = yt.requests.filter((r) => r.path.startsWith('/youtubei/v1/browse')).length;
    const res = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ playlist_url: 'https://www.youtube.com/playlist?list=PLstandin0000000001' })
      .expect(202);
    expect(res.body.title).toBe('A stand-in course');
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['Playlist one', 'Playlist two', 'Playlist three', 'Playlist four']);
    expect(yt.requests.filter((r) => r.path.startsWith('/youtubei/v1/browse')).length - before).toBe(3);
    const batch = await finished(res.body.id, alice);
    expect(batch).toMatchObject({ done: 4, failed: 0 });

    const missing = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ playlist_url: 'https://www.youtube.com/playlist?list=PLnosuchplaylist000' })
      .expect(404);
    expect(missing.body.message).toBe(Messages.playlistNotFound);
    const bad = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ playlist_url: 'https://example.com/?list=PLstandin0000000001' })
      .expect(400);
    expect(bad.body.message).toMatch(/not a YouTube playlist/);
  });

  it('bounds the size of a batch by plan, with the catalogue sentence, and checks every line', async () => {
    const ids = ['aaaaaaaaaa1', 'aaaaaaaaaa2', 'aaaaaaaaaa3', 'aaaaaaaaaa4', 'aaaaaaaaaa5', 'aaaaaaaaaa6', 'aaaaaaaaaa7', 'bbbbbbbbbb1', 'bbbbbbbbbb2'];
    const urls = (n: number) => ids.slice(0, n).map((id) => `https://youtu.be/${id}`);
    const free = await request(backend.http)
      .post('/api/batches')
      .set(auth(bob))
      .send({ urls: urls(6) })
      .expect(403);
    expect(free.body.message).toBe(Messages.batchNeedsPremium.replace('{n}', '5'));
    const tooMany = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ urls: urls(9) })
      .expect(413);
    expect(tooMany.body.message).toBe(Messages.batchTooLarge.replace('{n}', '8'));
    // more than even Premium takes, from a free user: both limits, not a contradiction of the message above
    const freeTooMany = await request(backend.http)
      .post('/api/batches')
      .set(auth(bob))
      .send({ urls: urls(9) })
      .expect(413);
    expect(freeTooMany.body.message).toBe(Messages.batchTooLargeFree.replace('{n}', '5').replace('{premium}', '8'));
    // the same video twice counts once
    await request(backend.http)
      .post('/api/batches')
      .set(auth(bob))
      .send({ urls: [...urls(5), urls(1)[0]] })
      .expect(202);
    const line = await request(backend.http)
      .post('/api/batches')
      .set(auth(bob))
      .send({ urls: ['https://youtu.be/aaaaaaaaaa1', 'not a link'] })
      .expect(400);
    expect(line.body.message).toBe('Line 2 is not a YouTube video link; fix or remove it');
    const empty = await request(backend.http)
      .post('/api/batches')
      .set(auth(bob))
      .send({ urls: ['', ' '] })
      .expect(400);
    expect(empty.body.message).toBe('Paste video links (one per line) or a playlist link');
    await request(backend.http)
      .post('/api/batches')
      .send({ urls: urls(1) })
      .expect(401);
  });

  /** The user's uploaded files: rows in the media schema, and those whose bytes are still in storage. */
  async function uploadsOf(user: SignedUp): Promise<{ rows: string[]; stored: string[] }> {
    const ds = backend.services.media!.app.get(DataSource);
    const rows = ((await ds.query('SELECT id FROM media.uploads WHERE owner_id = $1', [user.user.id])) as { id: string }[]).map((r) => r.id);
    const dir = join(t.dataDir, 'files', 'uploads');
    const stored = existsSync(dir) ? readdirSync(dir).filter((f) => rows.includes(f)) : [];
    return { rows, stored };
  }
  const allFiles = () => (existsSync(join(t.dataDir, 'files', 'uploads')) ? readdirSync(join(t.dataDir, 'files', 'uploads')).length : 0);

  it('keeps no uploaded file of a batch that is refused (plan, size, a bad file)', async () => {
    const before = await uploadsOf(bob);
    const filesBefore = allFiles();
    const send = (user: SignedUp, files: [string, Buffer][]) => {
      let req = request(backend.http).post('/api/batches').set(auth(user));
      for (const [name, body] of files) req = req.attach('files', body, { filename: name, contentType: 'application/x-subrip' });
      return req;
    };
    const distinct = (n: number) => Array.from({ length: n }, (_, i) => [`part ${i}.srt`, Buffer.from(srt(i))] as [string, Buffer]);
    // six files: more than the free plan's five
    const plan = await send(bob, distinct(6)).expect(403);
    expect(plan.body.message).toBe(Messages.batchNeedsPremium.replace('{n}', '5'));
    // nine files: more than Premium's eight
    const size = await send(alice, distinct(9)).expect(413);
    expect(size.body.message).toBe(Messages.batchTooLarge.replace('{n}', '8'));
    // two good files, then one that is not audio, video or subtitles
    const bad = await send(bob, [...distinct(2), ['notes.srt', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe, 0x00, 0x10, 0x7f, 0x80])]]);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.message).toMatch(/^“notes\.srt”: /);
    // an empty file among several: the message names it
    const empty = await send(bob, [...distinct(2), ['nothing here.srt', Buffer.alloc(0)]]).expect(400);
    expect(empty.body.message).toBe(`“nothing here.srt”: ${ErrorCatalogue.EMPTY_FILE.message}`);
    expect(await uploadsOf(bob)).toEqual(before);
    expect(allFiles()).toBe(filesBefore);
  });

  it('says why an item of a batch of files failed, in the same words as for one file', async () => {
    const res = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .attach('files', Buffer.from(srt(3)), { filename: 'fine.srt', contentType: 'application/x-subrip' })
      .attach('files', Buffer.from('WEBVTT\n\nNOTE only a note, no timed captions\n'), { filename: 'broken.vtt', contentType: 'text/vtt' })
      .expect(202);
    const batch = await finished(res.body.id, alice);
    expect(batch).toMatchObject({ total: 2, done: 1, failed: 1 });
    expect(batch.items.find((i) => i.title === 'broken')?.error).toBe(Messages.subtitlesEmpty);
  });

  it('recognises identical files by their content: one item, reused by a later batch, no second copy kept', async () => {
    const user = await signUp(backend.url, { scope: ['premium'] });
    const first = await request(backend.http)
      .post('/api/batches')
      .set(auth(user))
      .attach('files', Buffer.from(srt()), { filename: 'talk.srt', contentType: 'application/x-subrip' })
      .attach('files', Buffer.from(vtt()), { filename: 'other talk.vtt', contentType: 'text/vtt' })
      .attach('files', Buffer.from(srt()), { filename: 'talk (copy).srt', contentType: 'application/x-subrip' })
      .expect(202);
    expect(first.body.total).toBe(2);
    expect(first.body.items.map((i: { title: string }) => i.title)).toEqual(['talk', 'other talk']);
    const done = await finished(first.body.id, user);
    expect(done).toMatchObject({ status: 'completed', done: 2, failed: 0 });
    // the copy's bytes and row are gone; the two files the videos were made from stay
    expect((await uploadsOf(user)).rows).toHaveLength(2);
    expect((await uploadsOf(user)).stored).toHaveLength(2);

    // the same content again, under another name: the video the user has is reused, not transcribed again
    const again = await request(backend.http)
      .post('/api/batches')
      .set(auth(user))
      .attach('files', Buffer.from(srt()), { filename: 'renamed.srt', contentType: 'application/x-subrip' })
      .expect(202);
    expect(again.body.items).toHaveLength(1);
    expect(again.body.items[0]).toMatchObject({ video_id: done.items[0].video_id, status: 'done' });
    const library = (await request(backend.http).get('/api/videos').set(auth(user)).expect(200)).body as VideoCard[];
    expect(library).toHaveLength(2);
    expect((await uploadsOf(user)).rows).toHaveLength(2);
  });

  it('shows a batch only to its owner', async () => {
    const mine = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ urls: ['https://youtu.be/aaaaaaaaaa4'] })
      .expect(202);
    const id = mine.body.id as string;
    for (const [method, path] of [
      ['get', `/api/batches/${id}`],
      ['get', `/api/batches/${id}/events`],
      ['get', `/api/batches/${id}/export.zip`],
      ['post', `/api/batches/${id}/retry`],
      ['delete', `/api/batches/${id}`],
    ] as const) {
      const res = await request(backend.http)[method](path).set(auth(bob));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(Messages.batchNotFound);
    }
    expect((await request(backend.http).get('/api/batches').set(auth(bob)).expect(200)).body.map((b: { id: string }) => b.id)).not.toContain(id);
    expect((await request(backend.http).get('/api/batches').set(auth(alice)).expect(200)).body.map((b: { id: string }) => b.id)).toContain(id);
    await request(backend.http).get('/api/batches/not-a-uuid').set(auth(alice)).expect(404);
    const events = await request(backend.http)
      .get(`/api/batches/${id}/events`)
      .set(auth(alice))
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      });
    expect(String(events.body)).toContain('"status":"completed"');
  });

  it('never counts more videos than the plan allows when batch items and single videos are imported together', async () => {
    const ids = ['aaaaaaaaaa1', 'aaaaaaaaaa2', 'aaaaaaaaaa4', 'aaaaaaaaaa5', 'aaaaaaaaaa6'];
    const [batchRes, ...singles] = await Promise.all([
      request(backend.http)
        .post('/api/batches')
        .set(auth(carol))
        .send({ urls: ids.map((id) => `https://youtu.be/${id}`) }),
      request(backend.http).post('/api/videos').set(auth(carol)).send({ url: 'https://youtu.be/aaaaaaaaaa7' }),
      request(backend.http).post('/api/videos').set(auth(carol)).send({ url: 'https://youtu.be/bbbbbbbbbb1' }),
    ]);
    expect(batchRes.status).toBe(202);
    const batch = await finished(batchRes.body.id, carol);
    const singlesOk = singles.filter((s) => s.status === 202).length;
    for (const s of singles.filter((x) => x.status !== 202)) expect(s.body.message).toBe(Messages.monthlySummariesUsed);
    expect(batch.done + singlesOk).toBe(4);
    expect(batch.failed).toBe(5 - batch.done);
    for (const item of batch.items.filter((i) => i.status === 'failed')) expect(item.error).toBe(Messages.monthlySummariesUsed);
    const library = (await request(backend.http).get('/api/videos').set(auth(carol)).expect(200)).body as VideoCard[];
    expect(library).toHaveLength(4);
    const usage = (await request(backend.http).get('/api/entitlements').set(auth(carol)).expect(200)).body;
    expect(usage.usage.video_summaries).toBe(4);
  });

  it('cancels what has not started; what finished stays in the library', async () => {
    // eight new videos, three handed to the workers at a time: the cancel comes before most start
    const res = await request(backend.http)
      .post('/api/batches')
      .set(auth(alice))
      .send({ urls: Array.from({ length: 8 }, (_, i) => `https://youtu.be/cccccccccc${i}`) })
      .expect(202);
    const cancelled = (await request(backend.http).delete(`/api/batches/${res.body.id}`).set(auth(alice)).expect(200)).body as BatchView;
    expect(cancelled.status).toBe('cancelled');
    const after = (await waitFor(
      async () => {
        const b = (await request(backend.http).get(`/api/batches/${res.body.id}`).set(auth(alice)).expect(200)).body as BatchView;
        return b.items.some((i) => i.status === 'processing' || i.status === 'pending') ? null : b;
      },
      30_000,
      200,
    )) as BatchView;
    expect(after.status).toBe('cancelled');
    expect(after.items.filter((i) => i.status === 'cancelled').length).toBeGreaterThan(0);
    expect(after.items.every((i) => i.status === 'done' || i.status === 'cancelled')).toBe(true);
    const library = (await request(backend.http).get('/api/videos').set(auth(alice)).expect(200)).body as VideoCard[];
    for (const item of after.items.filter((i) => i.status === 'done')) expect(library.map((v) => v.id)).toContain(item.video_id);
  });

  it('lists the batch routes in the OpenAPI document', async () => {
    const doc = (await request(backend.http).get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/batches', '/api/batches/{id}', '/api/batches/{id}/events', '/api/batches/{id}/retry', '/api/batches/{id}/export.zip']),
    );
    expect(doc.paths['/api/batches'].post).toBeDefined();
    expect(doc.paths['/api/batches/{id}'].delete).toBeDefined();
  });
});
