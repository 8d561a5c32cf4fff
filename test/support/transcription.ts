import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAiStandIn, Stack, tempDir, YoutubeStandIn, type OpenAiStandInOptions, type StandInVideo } from '@visualnotes/testing';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

/** `seconds` of mono 16 kHz speech-band tone as WAV: talk audio without captions. */
export function toneAudio(label: string, seconds: number): Buffer {
  const wav = join(tempDir(label), 'talk.wav');
  execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=300:sample_rate=16000:duration=${seconds}`, '-ac', '1', wav]);
  return readFileSync(wav);
}

/** `seconds` of tone as WAV (22,050 samples a second unless `sampleRate` says otherwise), silent in the stretches `pauses` (seconds), where the audio is cut into chunks. */
export function toneWithPauses(dir: string, name: string, seconds: number, pauses: [number, number][], sampleRate = 22_050): Buffer {
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
    String(sampleRate),
    wav,
  ]);
  return readFileSync(wav);
}

/** Which outside services a video test plays: YouTube always, speech-to-text and a chat model when given options. */
export interface StandInOptions {
  videos: StandInVideo[];
  /** Starts the speech-to-text stand-in (`ASR_BASE_URL`) with these options. */
  asr?: OpenAiStandInOptions;
  /** Starts the chat model stand-in (`AI_BASE_URL`) with these options. */
  model?: OpenAiStandInOptions;
}

/** The stand-ins asked for by `O`, as fields that are always there. */
export type StartedStandIns<O extends StandInOptions> = { yt: YoutubeStandIn } & (O extends { asr: OpenAiStandInOptions } ? { asr: OpenAiStandIn } : unknown) &
  (O extends { model: OpenAiStandInOptions } ? { model: OpenAiStandIn } : unknown);

/** Started stand-ins; `close` stops them all. */
export interface StandIns {
  yt: YoutubeStandIn;
  asr?: OpenAiStandIn;
  model?: OpenAiStandIn;
  /** The environment that points the services at the stand-ins. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts the stand-ins `options` ask for (for `startVideoBackend` in `backend.ts` and `startVideoStack` here). */
export async function startStandIns(options: StandInOptions): Promise<StandIns> {
  const started: Omit<StandIns, 'env' | 'close'> = { yt: await YoutubeStandIn.start(options.videos) };
  const close = async () => {
    await started.yt.close();
    await started.asr?.close();
    await started.model?.close();
  };
  try {
    if (options.asr) started.asr = await OpenAiStandIn.start(options.asr);
    if (options.model) started.model = await OpenAiStandIn.start(options.model);
  } catch (err) {
    await close();
    throw err;
  }
  const env: Record<string, string> = { YOUTUBE_BASE_URL: started.yt.url };
  if (started.asr) Object.assign(env, { ASR_BASE_URL: started.asr.url, ASR_API_KEY: 'test-key' });
  if (started.model) Object.assign(env, { AI_BASE_URL: started.model.url, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in-model' });
  return { ...started, env, close };
}

/** The built services as processes with their stand-ins; `close` stops all of it. */
export interface VideoStack {
  stack: Stack;
  yt: YoutubeStandIn;
  close(): Promise<void>;
}

/**
 * The built services as processes (`Stack`), pointed at a YouTube stand-in serving `videos` and,
 * when asked, at speech-to-text (`asr`) and chat model (`model`) stand-ins. `env` is added to
 * (and wins over) the stand-ins' environment.
 */
export async function startVideoStack<O extends StandInOptions>(
  options: O & { label: string; env?: Record<string, string> },
): Promise<VideoStack & StartedStandIns<O>> {
  const standIns = await startStandIns(options);
  try {
    const stack = await Stack.start({ label: options.label, env: { ...standIns.env, ...options.env } });
    return {
      yt: standIns.yt,
      asr: standIns.asr,
      model: standIns.model,
      stack,
      close: async () => {
        await stack.close();
        await standIns.close();
      },
    } as VideoStack & StartedStandIns<O>;
  } catch (err) {
    await standIns.close();
    throw err;
  }
}

export type TranscriptionStack = VideoStack & { asr: OpenAiStandIn };

/**
 * The built services as processes with YouTube and speech-to-text stand-ins: audio cut in 1 s
 * chunks, two chunks per ai worker at a time, and a dead worker's chunks taken over within a few
 * seconds instead of 30.
 */
export function startTranscriptionStack(options: {
  label: string;
  videos: StandInVideo[];
  asrLatencyMs: number;
  env?: Record<string, string>;
}): Promise<TranscriptionStack> {
  return startVideoStack({
    label: options.label,
    videos: options.videos,
    asr: { latencyMs: options.asrLatencyMs },
    env: { MEDIA_CHUNK_SECONDS: '1', AI_JOB_LOCK_MS: '3000', AI_TRANSCRIPTION_CONCURRENCY: '2', ...options.env },
  });
}
