import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, ThreadPoolError, waitThenLimit, workerFile as builtOrSource } from '@visualnotes/common';
import { DomainError, PublishMessages, type Scene } from '@visualnotes/contracts';
import type { PublishConfig } from '../config';
import { checkSentSize, validateScene } from './scene';
import type { SceneComparison } from '../versions/scene-delta';
import type { CompareTask } from '../versions/version-chain';
import type { SceneOutcome, SceneTask } from './scene.worker';

export interface ScenePoolOptions {
  /** Worker threads, i.e. large scenes checked at once. */
  threads: number;
  /** Time one scene may take in its thread; past it the thread is stopped and the scene refused. */
  timeLimitMs: number;
  /** Time a scene may wait for a free thread. */
  maxWaitMs: number;
  /** Heap of one worker thread. */
  memoryMb: number;
}

/**
 * Scenes smaller than this (as JSON) are checked on the event loop: a few milliseconds, less than
 * handing them to a thread and back, and they never wait behind a large one.
 */
export const SCENE_INLINE_MAX_CHARS = 64 * 1024;

/** The pool from the settings: a save answers before the caller's RPC time-out (2 s kept for the rest of it). */
export function scenePoolOptions(config: PublishConfig): ScenePoolOptions {
  const budget = Math.max(1_000, config.RPC_TIMEOUT_MS - 2_000);
  const timeLimitMs = Math.min(5_000, budget);
  return { threads: config.SCENE_WORKERS, timeLimitMs, maxWaitMs: Math.max(500, budget - timeLimitMs), memoryMb: 512 };
}

/** The built worker (dist) next to this file, or the TypeScript sources under the tests. */
export function workerFile(dir = __dirname): string {
  return builtOrSource(dir, 'scene.worker');
}

/**
 * Checks scenes sent by clients (see `validateScene`). Restoring and checking the elements of a
 * large scene takes a few hundred milliseconds (about 300 ms for 9,000 elements), which on the
 * event loop would hold up every other request of the service: large scenes are checked in worker
 * threads. The thread gets the scene as JSON text and gives it back the same way, ready to store;
 * the event loop only serialises and parses it (tens of milliseconds at the element limit).
 */
export class ScenePool implements OnModuleDestroy {
  private readonly logger = new Logger(ScenePool.name);
  private started?: LimitedThreadPool<SceneTask, SceneOutcome>;

  constructor(readonly options: ScenePoolOptions) {}

  private get pool(): LimitedThreadPool<SceneTask, SceneOutcome> {
    const { threads, memoryMb } = this.options;
    return (this.started ??= new LimitedThreadPool({ filename: workerFile(), threads, memoryMb, idleTimeoutMs: 60_000 }));
  }

  /** The scene as a project stores it, and its text; throws DomainError with the user-facing refusal. */
  async check(input: unknown): Promise<{ scene: Scene; text: string }> {
    let text: string;
    try {
      text = JSON.stringify(input ?? null);
    } catch {
      throw new DomainError('VALIDATION_FAILED', PublishMessages.sceneInvalid);
    }
    // measured on what was sent, before any work: a scene over the limit never reaches a thread
    checkSentSize(text);
    if (text.length < SCENE_INLINE_MAX_CHARS) {
      const scene = validateScene(input, text);
      return { scene, text: JSON.stringify(scene) };
    }
    let outcome: SceneOutcome;
    try {
      outcome = await this.pool.run({ text }, waitThenLimit(this.options.maxWaitMs, this.options.timeLimitMs));
    } catch (err) {
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return { scene: JSON.parse((outcome as { text: string }).text) as Scene, text: (outcome as { text: string }).text };
  }

  /**
   * Rebuilds two kept versions (or one and the scene now) and compares them in a thread: decoding
   * and parsing a board of 10,000 elements twice would hold up the event loop.
   */
  async compare(task: CompareTask): Promise<SceneComparison> {
    let outcome: SceneOutcome;
    try {
      outcome = await this.pool.run({ compare: task }, waitThenLimit(this.options.maxWaitMs, this.options.timeLimitMs));
    } catch (err) {
      if (err instanceof ThreadPoolError && err.reason !== 'busy') {
        this.logger.warn(`Comparing two versions needed more than ${err.reason === 'time' ? `${this.options.timeLimitMs} ms` : `${this.options.memoryMb} MB`}`);
        throw new DomainError('SERVICE_UNAVAILABLE', PublishMessages.compareTooLarge);
      }
      throw this.refusal(err);
    }
    if (!outcome.ok || !('comparison' in outcome)) throw new DomainError('INTERNAL');
    return outcome.comparison;
  }

  close(): Promise<void> {
    return this.started?.close() ?? Promise.resolve();
  }

  onModuleDestroy() {
    return this.close();
  }

  private refusal(err: unknown): Error {
    if (!(err instanceof ThreadPoolError)) return err as Error;
    if (err.reason === 'busy') return new DomainError('SERVICE_UNAVAILABLE');
    this.logger.warn(
      `A scene needed more than ${err.reason === 'time' ? `${this.options.timeLimitMs} ms` : `${this.options.memoryMb} MB`} to check; its thread was stopped`,
    );
    return new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
  }
}
