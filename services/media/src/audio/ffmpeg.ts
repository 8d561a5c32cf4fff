import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import type { AsrAudioFormat, VideoChapter } from '@visualnotes/contracts';
import { chaptersFromFfmetadata } from '../videos/chapters';

/** ffmpeg: `FFMPEG_PATH`, else the optional `ffmpeg-static` binary when its download ran, else `ffmpeg` on PATH. */
export function ffmpegPath(configured?: string): string {
  if (configured) return configured;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundled = require('ffmpeg-static') as string | null;
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // optional dependency not installed
  }
  return 'ffmpeg';
}

export const SAMPLE_RATE = 16_000;
/** Mono 16-bit PCM: bytes per second of the chunks we send for transcription. */
export const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/**
 * How an ffmpeg run shares the CPU: `background` work (a batch's items) runs at a lower OS
 * priority, so a single video someone is waiting for is cut first while a large batch runs.
 */
export interface FfmpegOptions {
  background?: boolean;
}

/** The niceness of background runs: under Linux's scheduler about a tenth of a normal process's share. */
const BACKGROUND_NICENESS = 10;

function run(bin: string, args: string[], options: FfmpegOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (options.background && child.pid) {
      try {
        setPriority(child.pid, BACKGROUND_NICENESS);
      } catch {
        // not permitted here (some containers): the run keeps the normal priority
      }
    }
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.length > 4_000_000) stderr = stderr.slice(-2_000_000);
    });
    child.on('error', (err) => reject(new Error(`ffmpeg could not start (${bin}): ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`ffmpeg failed (${code}): ${stderr.slice(-500)}`))));
  });
}

/** The chapters in a media file's metadata (MP4, Matroska, Ogg…), through ffmpeg's metadata output; none when it has none. */
export async function readChapters(bin: string, input: string, output: string, options?: FfmpegOptions): Promise<VideoChapter[]> {
  await run(bin, ['-y', '-i', input, '-f', 'ffmetadata', output], options);
  return chaptersFromFfmetadata(await readFile(output, 'utf8'));
}

/** Any audio or video file to mono 16 kHz 16-bit WAV. */
export async function extractAudio(bin: string, input: string, output: string, options?: FfmpegOptions): Promise<void> {
  await run(bin, ['-y', '-i', input, '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', output], options);
}

/**
 * Upper bound of bytes per second of a chunk in each format, for the chunk size ceiling: Opus
 * stays near its bit rate (Ogg pages add ~1-2 %), FLAC can be slightly larger than PCM on noise.
 */
export function chunkBytesPerSecond(format: AsrAudioFormat, kbps: number): number {
  if (format === 'opus') return Math.ceil(kbps * 125 * 1.1);
  if (format === 'flac') return Math.ceil(BYTES_PER_SECOND * 1.05);
  return BYTES_PER_SECOND;
}

/**
 * Seconds `start`..`end` of a mono 16 kHz WAV as one file for the speech-to-text endpoint.
 * WAV is sliced byte-exact; Opus (in Ogg) and FLAC are encoded by ffmpeg from the same samples.
 */
export async function encodeChunk(
  bin: string,
  wav: string,
  info: WavInfo,
  range: { start: number; end: number },
  format: AsrAudioFormat,
  kbps: number,
  output: string,
  options?: FfmpegOptions,
): Promise<Buffer> {
  if (format === 'wav') return sliceWav(wav, info, range.start, range.end);
  // Input seeking in PCM is sample-accurate, so chunk offsets stay exact.
  const cut = ['-ss', range.start.toFixed(4), '-t', (range.end - range.start).toFixed(4), '-i', wav, '-ac', '1', '-ar', String(SAMPLE_RATE)];
  const codec =
    format === 'opus' ? ['-c:a', 'libopus', '-b:a', `${kbps}k`, '-vbr', 'on', '-f', 'ogg'] : ['-c:a', 'flac', '-compression_level', '8', '-f', 'flac'];
  await run(bin, ['-y', ...cut, '-map_metadata', '-1', ...codec, output], options);
  return readFile(output);
}

/** Silent stretches (seconds) found by ffmpeg's silencedetect. */
export async function detectSilences(
  bin: string,
  wav: string,
  options?: FfmpegOptions,
  noiseDb = -35,
  minSeconds = 0.3,
): Promise<{ start: number; end: number }[]> {
  const log = await run(bin, ['-i', wav, '-af', `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`, '-f', 'null', '-'], options);
  const out: { start: number; end: number }[] = [];
  let start: number | null = null;
  for (const m of log.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const t = Math.max(0, Number(m[2]));
    if (m[1] === 'start') start = t;
    else if (start !== null) {
      out.push({ start, end: t });
      start = null;
    }
  }
  return out;
}

/**
 * Where to cut `total` seconds into chunks near `target` seconds and never above `max`:
 * the middle of the silence closest to each ideal cut, else a hard cut.
 */
export function planChunks(total: number, target: number, max: number, silences: { start: number; end: number }[]): { start: number; end: number }[] {
  const chunks: { start: number; end: number }[] = [];
  let start = 0;
  while (total - start > max || total - start > target * 1.25) {
    const ideal = start + target;
    const lo = start + target * 0.5;
    const hi = Math.min(start + max, start + target * 1.5);
    let best: number | null = null;
    for (const s of silences) {
      const mid = (s.start + s.end) / 2;
      if (mid <= lo || mid >= hi) continue;
      if (best === null || Math.abs(mid - ideal) < Math.abs(best - ideal)) best = mid;
    }
    const cut = best ?? Math.min(ideal, start + max);
    chunks.push({ start, end: cut });
    start = cut;
  }
  if (total - start > 0.01 || !chunks.length) chunks.push({ start, end: total });
  return chunks;
}

export interface WavInfo {
  dataOffset: number;
  dataBytes: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

/** Reads the RIFF header of a PCM WAV file (ffmpeg may add a LIST chunk before `data`). */
export async function readWavInfo(path: string): Promise<WavInfo> {
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
    let at = 12;
    let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes'> | null = null;
    while (at + 8 <= bytesRead) {
      const id = head.toString('latin1', at, at + 4);
      const size = head.readUInt32LE(at + 4);
      if (id === 'fmt ') {
        fmt = { channels: head.readUInt16LE(at + 10), sampleRate: head.readUInt32LE(at + 12), bitsPerSample: head.readUInt16LE(at + 22) };
      } else if (id === 'data') {
        if (!fmt) throw new Error('WAV data before its format');
        const { size: fileSize } = await fh.stat();
        // ffmpeg writes 0xFFFFFFFF (or a stale size) when streaming; trust the file length.
        const dataBytes = Math.min(size === 0xffffffff || size === 0 ? Infinity : size, fileSize - (at + 8));
        return { ...fmt, dataOffset: at + 8, dataBytes };
      }
      at += 8 + size + (size % 2);
    }
    throw new Error('no data chunk in the WAV file');
  } finally {
    await fh.close();
  }
}

export function wavHeader(dataBytes: number, sampleRate = SAMPLE_RATE, channels = 1, bits = 16): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE((sampleRate * channels * bits) / 8, 28);
  h.writeUInt16LE((channels * bits) / 8, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** One chunk of a mono 16-bit WAV as its own WAV file (sample-exact byte slicing, no re-encoding). */
export async function sliceWav(path: string, info: WavInfo, start: number, end: number): Promise<Buffer> {
  const bytesPerSecond = info.sampleRate * info.channels * (info.bitsPerSample / 8);
  const align = info.channels * (info.bitsPerSample / 8);
  const from = Math.floor((start * bytesPerSecond) / align) * align;
  const to = Math.min(info.dataBytes, Math.floor((end * bytesPerSecond) / align) * align);
  const length = Math.max(0, to - from);
  const fh = await open(path, 'r');
  try {
    const body = Buffer.alloc(length);
    await fh.read(body, 0, length, info.dataOffset + from);
    return Buffer.concat([wavHeader(length, info.sampleRate, info.channels, info.bitsPerSample), body]);
  } finally {
    await fh.close();
  }
}
