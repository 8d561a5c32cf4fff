import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AsrAudioFormat, TranscriptSegment } from '@visualnotes/contracts';
import { OpenAiStandIn, tempDir } from '@visualnotes/testing';
import { detectSilences, encodeChunk, extractAudio, ffmpegPath, planChunks, readWavInfo, BYTES_PER_SECOND } from '../../services/media/src/audio/ffmpeg';
import { aiEnvSchema } from '../../services/ai/src/config';
import { AsrClient } from '../../services/ai/src/transcription/asr.client';

/**
 * The chunks of spoken audio (espeak-ng) as the media service cuts them, sent in each format to the
 * stand-in of an OpenAI-compatible `/audio/transcriptions` endpoint: the same transcript each time.
 */
describe('AsrClient with compressed chunks', () => {
  const bin = ffmpegPath(process.env.FFMPEG_PATH);
  let dir: string;
  let asr: OpenAiStandIn;
  let client: AsrClient;

  beforeAll(async () => {
    dir = tempDir('asr');
    const spoken = join(dir, 'spoken.wav');
    const text = ['Welcome to the talk about gardens.', 'Seeds need water and light.', 'Compost feeds the soil.'].join(' <break time="1000ms"/> ');
    execFileSync('espeak-ng', ['-m', '-w', spoken, `<speak>${text}</speak>`]);
    asr = await OpenAiStandIn.start();
    client = new AsrClient(aiEnvSchema.parse({ ...process.env, ASR_BASE_URL: asr.url, ASR_API_KEY: 'test-key' }));
  });
  afterAll(async () => {
    await asr?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function transcript(format: AsrAudioFormat): Promise<TranscriptSegment[]> {
    const wav = join(dir, 'audio.wav');
    await extractAudio(bin, join(dir, 'spoken.wav'), wav);
    const info = await readWavInfo(wav);
    const total = info.dataBytes / BYTES_PER_SECOND;
    const plan = planChunks(total, 2.5, 10, await detectSilences(bin, wav));
    const out: TranscriptSegment[] = [];
    for (const [i, c] of plan.entries()) {
      const audio = await encodeChunk(bin, wav, info, c, format, 32, join(dir, `chunk-${format}-${i}`));
      const lines = await client.transcribe(audio, `chunk-${i}`, c.end - c.start, 'en-US', format);
      out.push(...lines.map((l) => ({ start: c.start + l.start, end: c.start + l.end, text: l.text })));
    }
    return out;
  }

  it('gives the same transcript for Opus, FLAC and WAV chunks, each sent with its file name and type', async () => {
    const wav = await transcript('wav');
    expect(wav.map((l) => l.text)).toEqual(['chunk 0 spoken words.', 'chunk 1 spoken words.', 'chunk 2 spoken words.']);
    for (const format of ['opus', 'flac'] as const) {
      const lines = await transcript(format);
      expect(lines.map((l) => l.text)).toEqual(wav.map((l) => l.text));
      lines.forEach((l, i) => {
        expect(l.start).toBeCloseTo(wav[i].start, 2);
        expect(l.end).toBeCloseTo(wav[i].end, 2);
      });
    }
    const sent = (ext: string) => asr.files.filter((f) => f.name.endsWith(`.${ext}`));
    expect(sent('ogg').map((f) => f.contentType)).toEqual(['audio/ogg', 'audio/ogg', 'audio/ogg']);
    expect(sent('flac').map((f) => f.contentType)).toEqual(['audio/flac', 'audio/flac', 'audio/flac']);
    const bytes = (ext: string) => sent(ext).reduce((n, f) => n + f.bytes, 0);
    expect(bytes('ogg')).toBeLessThan(bytes('wav') / 5);
  });

  it('is refused like by the real endpoint when the name or the bytes do not match a format', async () => {
    await expect(client.transcribe(Buffer.from('not audio at all'), 'chunk-9', 1, undefined, 'opus')).rejects.toThrow(/could not be decoded/);
    expect(asr.files.some((f) => f.name === 'chunk-9.ogg')).toBe(false);
  });
});
