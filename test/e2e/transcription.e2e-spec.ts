import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { VideoView } from '@visualnotes/contracts';
import { signUp, waitFor, type OpenAiStandIn, type SignedUp, type Stack } from '@visualnotes/testing';
import { startTranscriptionStack, toneAudio, type TranscriptionStack } from '../support/transcription';
import { Client } from 'pg';

/**
 * Batch transcription as operators run it: the built services as processes, a 40-chunk job, and an
 * ai worker killed with SIGKILL while it holds chunks. A new copy finishes the job, and the
 * transcript has every chunk exactly once, in order. Then three workers share one job and one of
 * them is killed mid-chunk: the two others finish it, nothing lost or doubled.
 */
const CHUNKS = 40;
const VIDEO = 'longtalk400';

jest.setTimeout(150_000);

describe('transcription of a long video survives kill -9 of the ai worker', () => {
  let started: TranscriptionStack | undefined;
  let stack: Stack;
  let asr: OpenAiStandIn;
  let db: Client;
  let user: SignedUp;

  beforeAll(async () => {
    // 40 s of mono 16 kHz speech-band tone: 40 chunks of 1 s (the stack's MEDIA_CHUNK_SECONDS), 1.3 MB.
    ({ stack, asr } = started = await startTranscriptionStack({
      label: 'transcription',
      videos: [{ id: VIDEO, title: 'A long talk without captions', lengthSeconds: CHUNKS, audio: toneAudio('long-audio', CHUNKS) }],
      asrLatencyMs: 400,
    }));
    db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    user = await signUp(stack.url);
  }, 120_000);

  afterAll(async () => {
    await db?.end().catch(() => undefined);
    await started?.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/api${path}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${user.token}` },
    });
  const chunkRows = async (where: string, value: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM ai.transcript_chunks WHERE ${where} = $1`, [value])).rows[0].n as number;

  it('finishes after a new copy starts, with no missing or doubled text', async () => {
    const created = await api('/videos', { method: 'POST', body: JSON.stringify({ url: `https://youtu.be/${VIDEO}` }) });
    expect(created.status).toBe(202);
    const { video } = (await created.json()) as { video: VideoView };
    expect(video.status).toBe('transcribing');

    // Kill the only ai worker while it has chunks at the ASR endpoint and most of the job is left.
    await waitFor(() => asr.transcriptions.length >= 10 && asr.inFlight > 0, 60_000, 20);
    const inFlightAtKill = asr.inFlight;
    const doneAtKill = asr.transcriptions.length;
    await stack.stop('ai', 'SIGKILL');
    expect(stack.copies('ai')).toHaveLength(0);
    expect(doneAtKill).toBeLessThan(CHUNKS - 10);

    // Nothing moves while no worker runs; the page still answers with the progress so far.
    const meanwhile = (await (await api(`/videos/${video.id}`)).json()) as VideoView;
    expect(meanwhile.status).toBe('transcribing');

    await stack.startCopy('ai');
    const ready = (await waitFor(
      async () => {
        const v = (await (await api(`/videos/${video.id}`)).json()) as VideoView;
        if (v.status === 'failed') throw new Error(`video failed: ${v.error}`);
        return v.status === 'ready' ? v : null;
      },
      60_000,
      250,
    )) as VideoView;

    // Every chunk exactly once, in order, at its offset in the video.
    expect(ready.transcript.map((l) => l.text)).toEqual(Array.from({ length: CHUNKS }, (_, i) => `chunk ${i} spoken words.`));
    ready.transcript.forEach((line, i) => {
      expect(line.start).toBeCloseTo(i, 1);
      expect(line.end).toBeCloseTo(i + 1, 1);
    });
    expect(ready.summary?.sections.length).toBeGreaterThan(0);
    // The chunks the killed worker held were transcribed again by the new copy (redelivered, not lost).
    const names = asr.transcriptions;
    expect(new Set(names).size).toBe(CHUNKS);
    expect(names.length).toBeGreaterThanOrEqual(CHUNKS + inFlightAtKill);

    // After the merge the chunk texts (ai) and audio chunks (media storage) are removed.
    await waitFor(async () => (await chunkRows('video_id', video.id)) === 0, 10_000, 200);
    const audioDir = join(stack.env.DATA_DIR, 'files', 'audio', video.id);
    await waitFor(() => !existsSync(audioDir) || readdirSync(audioDir).length === 0, 10_000, 200);
  });

  it('removes the chunk texts of a video deleted mid-way, and of a deleted account', async () => {
    const created = await api('/videos', { method: 'POST', body: JSON.stringify({ url: VIDEO }) });
    const { video } = (await created.json()) as { video: VideoView };
    // A busy machine starts the chunks late: allow for it (the check is what happens, not how fast).
    await waitFor(async () => (await chunkRows('video_id', video.id)) >= 3, 90_000, 50);
    expect((await api(`/videos/${video.id}`, { method: 'DELETE' })).status).toBe(204);
    // Pending chunks are dropped and chunks still at the ASR endpoint leave no text behind.
    await waitFor(async () => (await chunkRows('video_id', video.id)) === 0, 30_000, 200);
    const sent = asr.transcriptions.length;
    await new Promise((r) => setTimeout(r, 2_000)); // chunks still at the endpoint end, no new ones start
    expect(asr.transcriptions.length - sent).toBeLessThanOrEqual(2);
    expect(await chunkRows('video_id', video.id)).toBe(0);

    // Texts of an account (e.g. a transcription that never got merged) go with the account.
    await db.query(`INSERT INTO ai.transcript_chunks (video_id, chunk_index, offset_seconds, segments, owner_id) VALUES ($1, 0, 0, '[]', $2)`, [
      '00000000-0000-4000-8000-000000000001',
      user.user.id,
    ]);
    const gone = await api('/auth/account', { method: 'DELETE', body: JSON.stringify({ email: user.email, password: user.password }) });
    expect(gone.status).toBe(204);
    await waitFor(async () => (await chunkRows('owner_id', user.user.id)) === 0, 15_000, 200);
  });
});

/**
 * Three ai workers share one long transcription; one of them is killed with SIGKILL while it holds
 * chunks at the ASR endpoint. The two others take over its chunks (stalled-job recovery) without a
 * new copy: every chunk once, none lost, none doubled.
 */
describe('three ai workers, one killed mid-job', () => {
  let started: TranscriptionStack | undefined;
  let stack: Stack;
  let asr: OpenAiStandIn;
  let user: SignedUp;

  beforeAll(async () => {
    ({ stack, asr } = started = await startTranscriptionStack({
      label: 'transcription-3',
      videos: [{ id: VIDEO, title: 'A long talk for three workers', lengthSeconds: CHUNKS, audio: toneAudio('long-audio-3', CHUNKS) }],
      asrLatencyMs: 400,
    }));
    await stack.startCopy('ai');
    await stack.startCopy('ai');
    user = await signUp(stack.url);
  }, 150_000);

  afterAll(async () => {
    await started?.close();
  });

  it('finishes on the two others with every chunk exactly once', async () => {
    expect(stack.copies('ai')).toHaveLength(3);
    const created = await fetch(`${stack.url}/api/videos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ url: `https://youtu.be/${VIDEO}` }),
    });
    expect(created.status).toBe(202);
    const { video } = (await created.json()) as { video: VideoView };

    // Each copy runs at most 2 chunks at once: with 5 or more at the ASR endpoint, every copy holds
    // at least one, so the copy killed is in the middle of a chunk.
    await waitFor(() => asr.transcriptions.length >= 4 && asr.inFlight >= 5, 60_000, 10);
    const inFlightAtKill = asr.inFlight;
    const doneAtKill = asr.transcriptions.length;
    const victim = stack.copies('ai')[1];
    const ended = await stack.stopCopy(victim, 'SIGKILL');
    expect(ended.signal).toBe('SIGKILL');
    expect(stack.copies('ai')).toHaveLength(2);
    expect(doneAtKill).toBeLessThan(CHUNKS - 10);

    const ready = (await waitFor(
      async () => {
        const v = (await (await fetch(`${stack.url}/api/videos/${video.id}`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as VideoView;
        if (v.status === 'failed') throw new Error(`video failed: ${v.error}`);
        return v.status === 'ready' ? v : null;
      },
      90_000,
      250,
    )) as VideoView;

    // Every chunk exactly once, in order, at its offset: nothing lost, nothing doubled.
    expect(ready.transcript.map((l) => l.text)).toEqual(Array.from({ length: CHUNKS }, (_, i) => `chunk ${i} spoken words.`));
    ready.transcript.forEach((line, i) => expect(line.start).toBeCloseTo(i, 1));
    // The killed copy's chunks were sent again by the others (redelivered, not lost), and only those.
    const names = asr.transcriptions;
    expect(new Set(names).size).toBe(CHUNKS);
    expect(names.length).toBeGreaterThan(CHUNKS);
    expect(names.length).toBeLessThanOrEqual(CHUNKS + inFlightAtKill);
    expect(stack.copies('ai')).toHaveLength(2);
  });
});
