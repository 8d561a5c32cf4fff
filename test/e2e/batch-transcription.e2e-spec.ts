import type { BatchView, VideoCard, VideoView } from '@visualnotes/contracts';
import { signUp, waitFor, type OpenAiStandIn, type SignedUp, type Stack } from '@visualnotes/testing';
import { startTranscriptionStack, toneAudio, type TranscriptionStack } from '../support/transcription';

/**
 * A batch of talks without captions, transcribed by the built services as processes, with the ai
 * worker and then the media service killed (SIGKILL) mid-batch: new copies finish it, and every
 * video has every chunk exactly once, in order.
 */
const CHUNKS = 6;
const IDS = ['batchaudio0', 'batchaudio1', 'batchaudio2', 'batchaudio3'];

jest.setTimeout(150_000);

describe('a batch of audio survives kill -9 of the ai worker and of the media service', () => {
  let started: TranscriptionStack | undefined;
  let stack: Stack;
  let asr: OpenAiStandIn;
  let user: SignedUp;

  beforeAll(async () => {
    const audio = toneAudio('batch-audio', CHUNKS);
    ({ stack, asr } = started = await startTranscriptionStack({
      label: 'batch_transcription',
      videos: IDS.map((id, i) => ({ id, title: `Talk ${i}`, lengthSeconds: CHUNKS, audio })),
      asrLatencyMs: 300,
      env: { BATCH_ITEMS_IN_FLIGHT: '2', BATCH_SWEEP_MS: '1000' },
    }));
    user = await signUp(stack.url);
  }, 120_000);

  afterAll(async () => {
    await started?.close();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/api${path}`, {
      ...init,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), authorization: `Bearer ${user.token}` },
    });

  it('finishes every item once after new copies start', async () => {
    const created = await api('/batches', { method: 'POST', body: JSON.stringify({ urls: IDS.map((id) => `https://youtu.be/${id}`) }) });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as BatchView;

    // kill the ai worker while it holds chunks and most of the batch is left
    await waitFor(() => asr.transcriptions.length >= 3 && asr.inFlight > 0, 60_000, 20);
    await stack.stop('ai', 'SIGKILL');
    expect(asr.transcriptions.length).toBeLessThan(IDS.length * CHUNKS - 6);
    // and the media service, which holds the batch's video jobs
    await stack.stop('media', 'SIGKILL');
    await stack.startCopy('media');
    await stack.startCopy('ai');

    const batch = (await waitFor(
      async () => {
        const b = (await (await api(`/batches/${id}`)).json()) as BatchView;
        if (b.failed) throw new Error(`an item failed: ${JSON.stringify(b.items)}`);
        return b.status === 'completed' ? b : null;
      },
      120_000,
      250,
    )) as BatchView;
    expect(batch).toMatchObject({ total: IDS.length, done: IDS.length, failed: 0 });

    const library = (await (await api('/videos')).json()) as VideoCard[];
    expect(library).toHaveLength(IDS.length);
    for (const item of batch.items) {
      const video = (await (await api(`/videos/${item.video_id}`)).json()) as VideoView;
      expect(video.transcript.map((l) => l.text)).toEqual(Array.from({ length: CHUNKS }, (_, i) => `chunk ${i} spoken words.`));
    }
  });
});
