import { Injectable, NotFoundException } from '@nestjs/common';
import { safeEqual } from '@visualnotes/common';
import { parsePublicJobId, QueueOwners, type JobOwner, type JobState, type JobStatus, type QueueName, type VideoCaller } from '@visualnotes/contracts';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { Observable } from 'rxjs';
import { QueueRegistry } from '../queues/queue-registry';

const FINAL: JobState[] = ['completed', 'failed'];

/** Reads job state from BullMQ for `/api/jobs`; the job's own service owns the work. */
@Injectable()
export class JobsService {
  private readonly streams = new Set<() => void>();

  constructor(private readonly registry: QueueRegistry) {}

  private queue(name: QueueName): Queue {
    return this.registry.queue(name);
  }

  private queueEvents(name: QueueName): QueueEvents {
    return this.registry.queueEvents(name);
  }

  /** The job if `caller` started it; someone else's job answers like a missing one. */
  private async findJob(publicId: string, caller: VideoCaller): Promise<{ queue: QueueName; job: Job }> {
    const parsed = parsePublicJobId(publicId);
    if (!parsed || !(parsed.queue in QueueOwners)) throw new NotFoundException('Job not found');
    const job = await this.queue(parsed.queue).getJob(parsed.id);
    if (!job || !startedBy(job.data as JobOwner | undefined, caller)) throw new NotFoundException('Job not found');
    return { queue: parsed.queue, job };
  }

  async status(publicId: string, caller: VideoCaller): Promise<JobStatus> {
    const { job } = await this.findJob(publicId, caller);
    return toStatus(publicId, job, await job.getState());
  }

  /** The job's status now and on every change, ending after completed or failed. */
  watch(publicId: string, caller: VideoCaller): Observable<JobStatus> {
    return new Observable<JobStatus>((subscriber) => {
      let last = '';
      let done = false;
      let queue: QueueName | undefined;
      const push = async () => {
        if (done) return;
        try {
          const status = await this.status(publicId, caller);
          const key = JSON.stringify(status);
          if (key !== last) {
            last = key;
            subscriber.next(status);
          }
          if (FINAL.includes(status.state)) finish();
        } catch (err) {
          finish(err);
        }
      };
      const onEvent = ({ jobId }: { jobId: string }) => {
        if (`${queue}:${jobId}` === publicId) void push();
      };
      const names = ['waiting', 'active', 'progress', 'completed', 'failed', 'delayed'] as const;
      const finish = (err?: unknown) => {
        if (done) return;
        done = true;
        clearInterval(poll);
        if (queue) for (const n of names) this.queueEvents(queue).off(n, onEvent);
        if (err) subscriber.error(err);
        else subscriber.complete();
      };
      // Events give prompt updates; the slow poll covers an event missed while reconnecting.
      const poll = setInterval(() => void push(), 2_000);
      void this.findJob(publicId, caller)
        .then(({ queue: q }) => {
          queue = q;
          for (const n of names) this.queueEvents(q).on(n, onEvent);
          return push();
        })
        .catch((err) => finish(err));
      this.streams.add(finish);
      return () => {
        this.streams.delete(finish);
        finish();
      };
    });
  }

  /**
   * A stream of `read()` on each change, read every `everyMs`, ending after a final value; for
   * progress kept on a service's rows (batches). Ends with the others when the gateway stops.
   */
  pollStream<T>(read: () => Promise<T>, final: (value: T) => boolean, everyMs = 1_000): Observable<T> {
    return new Observable<T>((subscriber) => {
      let last = '';
      let done = false;
      let busy = false;
      const push = async () => {
        if (done || busy) return;
        busy = true;
        try {
          const value = await read();
          const key = JSON.stringify(value);
          if (key !== last) {
            last = key;
            subscriber.next(value);
          }
          if (final(value)) finish();
        } catch (err) {
          finish(err);
        } finally {
          busy = false;
        }
      };
      const finish = (err?: unknown) => {
        if (done) return;
        done = true;
        clearInterval(timer);
        this.streams.delete(finish);
        if (err) subscriber.error(err);
        else subscriber.complete();
      };
      const timer = setInterval(() => void push(), everyMs);
      this.streams.add(finish);
      void push();
      return () => finish();
    });
  }

  /** Ends every open event stream (the gateway is stopping; clients reconnect elsewhere). */
  endStreams() {
    for (const finish of [...this.streams]) finish();
    this.streams.clear();
  }
}

function startedBy(owner: JobOwner | undefined, caller: VideoCaller): boolean {
  if (!owner) return false;
  if (caller.owner_id) return owner.ownerId === caller.owner_id;
  return !owner.ownerId && !!owner.visitorKey && !!caller.visitor_key && safeEqual(owner.visitorKey, caller.visitor_key);
}

function toStatus(id: string, job: Job, state: string): JobStatus {
  const mapped: JobState = state === 'active' ? 'active' : state === 'completed' ? 'completed' : state === 'failed' ? 'failed' : 'queued';
  const raw = job.progress;
  const progress = typeof raw === 'number' ? raw : typeof raw === 'object' && raw && 'percent' in raw ? Number(raw.percent) : 0;
  const status: JobStatus = {
    id,
    state: mapped,
    progress: mapped === 'completed' ? 100 : Math.max(0, Math.min(100, Math.round(progress) || 0)),
  };
  if (mapped === 'failed') status.error = job.failedReason || 'The job failed';
  return status;
}
