import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@visualnotes/testing';
import {
  BYTES_PER_SECOND,
  chunkBytesPerSecond,
  detectSilences,
  encodeChunk,
  extractAudio,
  ffmpegPath,
  planChunks,
  readWavInfo,
  sliceWav,
  type WavInfo,
} from './ffmpeg';

describe('planChunks', () => {
  it('cuts at the silence nearest each ideal cut and never above the maximum', () => {
    const silences = [
      { start: 9, end: 9.6 },
      { start: 18.5, end: 19.1 },
      { start: 31, end: 31.4 },
    ];
    const chunks = planChunks(40, 10, 14, silences);
    expect(chunks[0]).toEqual({ start: 0, end: 9.3 });
    expect(chunks[1].end).toBeCloseTo(18.8);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(14);
    expect(chunks.at(-1)!.end).toBe(40);
  });

  it('falls back to hard cuts without silences and keeps a short file whole', () => {
    expect(planChunks(25, 10, 12, [])).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 25 },
    ]);
    expect(planChunks(5, 10, 12, [])).toEqual([{ start: 0, end: 5 }]);
  });
});

/** Four spoken sentences with a pause of 1.2 s after each of the first three (espeak-ng, SSML breaks). */
const SENTENCES = [
  'The solar panels turn sunlight into electricity for the whole house.',
  'Batteries store the energy for the evening and the night.',
  'An inverter changes direct current into alternating current.',
  'The grid takes what the house does not need.',
];

describe('speech audio (espeak-ng)', () => {
  const bin = ffmpegPath(process.env.FFMPEG_PATH);
  let dir: string;
  let wav: string;
  let info: WavInfo;
  let total: number;

  beforeAll(async () => {
    dir = tempDir('speech');
    const spoken = join(dir, 'spoken.wav');
    execFileSync('espeak-ng', ['-m', '-w', spoken, `<speak>${SENTENCES.join(' <break time="1200ms"/> ')}</speak>`]);
    wav = join(dir, 'audio.wav');
    await extractAudio(bin, spoken, wav);
    info = await readWavInfo(wav);
    total = info.dataBytes / BYTES_PER_SECOND;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Loudest sample (0..1) within `radius` seconds of `at`. */
  const peakAround = async (at: number, radius: number) => {
    const pcm = (await sliceWav(wav, info, Math.max(0, at - radius), Math.min(total, at + radius))).subarray(44);
    let peak = 0;
    for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
    return peak / 32768;
  };

  it('cuts between sentences, not inside words, where a cut by length alone would land in speech', async () => {
    const silences = await detectSilences(bin, wav);
    expect(silences.length).toBeGreaterThanOrEqual(3);
    const plan = planChunks(total, 5, 12, silences);
    // One chunk per sentence: each cut moved to the pause nearest the 5 s target.
    expect(plan).toHaveLength(SENTENCES.length);
    for (const c of plan.slice(0, -1)) {
      expect(silences.some((s) => c.end > s.start && c.end < s.end)).toBe(true);
      expect(await peakAround(c.end, 0.1)).toBeLessThan(0.02);
    }
    // The cuts by length alone (5 s, 10 s) fall inside spoken words.
    expect(await peakAround(5, 0.1)).toBeGreaterThan(0.1);
    expect(await peakAround(10, 0.1)).toBeGreaterThan(0.1);
  });

  it('encodes a chunk as Opus in Ogg at a fraction of WAV size, with the same length', async () => {
    const range = { start: 0, end: total };
    const sizes: Record<string, number> = {};
    for (const format of ['wav', 'flac', 'opus'] as const) {
      const bytes = await encodeChunk(bin, wav, info, range, format, 32, join(dir, `chunk.${format}`));
      sizes[format] = bytes.length;
      expect(bytes.toString('latin1', 0, 4)).toBe({ wav: 'RIFF', flac: 'fLaC', opus: 'OggS' }[format]);
      if (format === 'wav') continue;
      // ffmpeg reads back the same number of seconds.
      const decoded = join(dir, `back-${format}.wav`);
      await extractAudio(bin, join(dir, `chunk.${format}`), decoded);
      expect((await readWavInfo(decoded)).dataBytes / BYTES_PER_SECOND).toBeCloseTo(total, 1);
    }
    // ~15 MB per hour of speech at 32 kbit/s, against ~115 MB as WAV.
    expect((sizes.opus / total) * 3600).toBeLessThan(30 * 1024 * 1024);
    expect(sizes.opus).toBeLessThan(sizes.wav / 5);
    expect(sizes.flac).toBeLessThan(sizes.wav);
    expect(chunkBytesPerSecond('opus', 32) * total).toBeGreaterThan(sizes.opus);
  });
});

describe('CPU share', () => {
  it("runs a batch's ffmpeg at a lower OS priority than a single video's", async () => {
    const dir = tempDir('nice');
    try {
      // ffmpeg behind a script that records the niceness it was given (field 19 of /proc/<pid>/stat)
      const real = ffmpegPath(process.env.FFMPEG_PATH);
      const wrapper = join(dir, 'ffmpeg');
      writeFileSync(wrapper, `#!/bin/sh\nsleep 0.2\ncut -d' ' -f19 /proc/$$/stat >> '${join(dir, 'nice.log')}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
      const source = join(dir, 'tone.wav');
      execFileSync(real, ['-hide_banner', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', source]);
      await extractAudio(wrapper, source, join(dir, 'single.wav'));
      await extractAudio(wrapper, source, join(dir, 'batch.wav'), { background: true });
      const [single, batch] = readFileSync(join(dir, 'nice.log'), 'utf8').trim().split('\n').map(Number);
      expect(batch).toBeGreaterThan(single);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
