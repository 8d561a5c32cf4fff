import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAiStandIn, Stack, tempDir, YoutubeStandIn } from '@visualnotes/testing';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** `seconds` of mono 16 kHz speech-band tone as WAV: talk audio without captions. */
export function toneAudio(label: string, seconds: number): Buffer {
  const wav = join(tempDir(label), 'talk.wav');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=300:sample_rate=16000:duration=${seconds}`, '-ac', '1', wav]);
  return readFileSync(wav);
}

/** `seconds` of tone as WAV, silent in the stretches `pauses` (seconds), where the audio is cut into chunks. */
export function toneWithPauses(dir: string, name: string, seconds: number, pauses: [number, number][]): Buffer {
  const wav = join(dir, `${name}.wav`);
  const quiet = pauses.map(([a, b]) => `between(t,${a},${b})`).join('+');
  execFileSync(ffmpeg, [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds},volume=enable='${quiet}':volume=0`,
    '-ac',
    '1',
    '-ar',
    '22050',
    wav,
  ]);
  return readFileSync(wav);
}

export interface TranscriptionStack {
  stack: Stack;
  yt: YoutubeStandIn;
  asr: OpenAiStandIn;
}

/**
 * The built services as processes with YouTube and speech-to-text stand-ins: audio cut in 1 s
 * chunks, two chunks per ai worker at a time, and a dead worker's chunks taken over within a few
 * seconds instead of 30.
 */
export async function startTranscriptionStack(options: {
  label: string;
  videos: Parameters<typeof YoutubeStandIn.start>[0];
  asrLatencyMs: number;
  env?: Record<string, string>;
}): Promise<TranscriptionStack> {
  const yt = await YoutubeStandIn.start(options.videos);
  const asr = await OpenAiStandIn.start({ latencyMs: options.asrLatencyMs });
  try {
    const stack = await Stack.start({
      label: options.label,
      env: {
        YOUTUBE_BASE_URL: yt.url,
        ASR_BASE_URL: asr.url,
        ASR_API_KEY: 'test-key',
        MEDIA_CHUNK_SECONDS: '1',
        AI_JOB_LOCK_MS: '3000',
        AI_TRANSCRIPTION_CONCURRENCY: '2',
        ...options.env,
      },
    });
    return { stack, yt, asr };
  } catch (err) {
    await yt.close();
    await asr.close();
    throw err;
  }
}
