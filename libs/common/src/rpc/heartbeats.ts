import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { workerFile } from '../thread-pool';
import type { HeartbeatMessage } from './heartbeat-thread';

/**
 * Heartbeats of this process's RPC server copies, sent from a thread of their own (one per process
 * and Redis). A copy whose event loop is held up for seconds (a huge save, a long garbage
 * collection, a machine with more work than cores) keeps beating: callers are not told
 * "unavailable" about work it is doing, and other copies do not run its requests a second time.
 * A process that dies stops beating at once, with all its threads. A loop held up for good is the
 * request timeout's business, as before.
 */
export class Heartbeats {
  private static readonly threads = new Map<string, Heartbeats>();
  private readonly worker: Worker;
  private readonly members = new Set<string>();
  private readonly removals = new Map<string, () => void>();
  private failed = false;

  /** The heartbeat thread of this process for `redisUrl`, started on first use. */
  static of(redisUrl: string): Heartbeats {
    let beats = Heartbeats.threads.get(redisUrl);
    if (!beats) Heartbeats.threads.set(redisUrl, (beats = new Heartbeats(redisUrl)));
    return beats;
  }

  private constructor(private readonly redisUrl: string) {
    this.worker = new Worker(workerFile(__dirname, 'heartbeat-thread'), { workerData: { redisUrl } });
    this.worker.unref();
    this.worker.on('message', (m: { removed: string }) => {
      this.removals.get(m.removed)?.();
      this.removals.delete(m.removed);
    });
    // Without the thread, each copy's own heartbeat (on its event loop) is all there is, as before.
    this.worker.on('error', (err) => {
      new Logger('Heartbeats').warn(`the heartbeat thread stopped (${err.message}); copies beat from their event loops only`);
      this.stop();
    });
    this.worker.on('exit', () => this.stop());
  }

  /** Beats for `member` in the sorted set `key` every second until `remove`. */
  add(key: string, member: string): void {
    if (this.failed) return;
    this.members.add(member);
    this.worker.postMessage({ add: { key, member } } satisfies HeartbeatMessage);
  }

  /** Stops beating for `member`; resolves once no beat for it can still arrive. */
  remove(key: string, member: string): Promise<void> {
    if (this.failed || !this.members.delete(member)) return Promise.resolve();
    const removed = new Promise<void>((resolve) => this.removals.set(member, resolve));
    this.worker.postMessage({ remove: { key, member } } satisfies HeartbeatMessage);
    return removed.then(() => {
      // the last copy gone: the thread goes too (a copy started later starts a new one)
      if (this.members.size === 0 && Heartbeats.threads.get(this.redisUrl) === this) {
        Heartbeats.threads.delete(this.redisUrl);
        void this.worker.terminate();
      }
    });
  }

  private stop() {
    this.failed = true;
    if (Heartbeats.threads.get(this.redisUrl) === this) Heartbeats.threads.delete(this.redisUrl);
    for (const resolve of this.removals.values()) resolve();
    this.removals.clear();
  }
}
