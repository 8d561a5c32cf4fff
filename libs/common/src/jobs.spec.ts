import 'reflect-metadata';
import { Jobs } from '@visualnotes/contracts';
import { UnrecoverableError } from 'bullmq';
import { applyWorkerSettings, assertJobHandlers, JOB_MAX_STALLED, JobHandler, JobProcessor, QueueWorker } from './jobs';

class Complete extends JobProcessor {
  readonly seen: unknown[] = [];
  @JobHandler(Jobs.accountDeleted)
  async deleted(job: { data: unknown }) {
    this.seen.push(job.data);
    return 'done';
  }
}
class Empty extends JobProcessor {}

describe('job handler registry', () => {
  it('accepts a service whose owned jobs all have handlers', () => {
    expect(() => assertJobHandlers('license', [{ queue: 'license-events', instance: new Complete() }])).not.toThrow();
  });

  it('refuses to start a service with a job that has no handler, naming it', () => {
    expect(() => assertJobHandlers('license', [{ queue: 'license-events', instance: new Empty() }])).toThrow(
      'The license service has no handler for these jobs: license-events/account.deleted',
    );
  });

  it('dispatches a job to its handler by name and refuses unknown names', async () => {
    const p = new Complete();
    await expect(p.process({ name: Jobs.accountDeleted, data: { userId: 'u1' }, id: '1', queueName: 'q' } as never)).resolves.toBe('done');
    await expect(p.process({ name: 'unknown', data: {}, id: '2', queueName: 'q' } as never)).rejects.toThrow('No handler');
  });
});

describe('job payload check', () => {
  const job = (data: unknown) => ({ name: Jobs.accountDeleted, data, id: '7', queueName: 'license-events' }) as never;

  it('fails a malformed job for good, naming the job and the field, before its handler runs', async () => {
    const p = new Complete();
    const failed = p.process(job({ userid: 'u1' }));
    await expect(failed).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(p.process(job({ userId: 42 }))).rejects.toThrow(/^Malformed "account\.deleted" job: userId: .*expected string/i);
    await expect(p.process(job(null))).rejects.toThrow(/^Malformed "account\.deleted" job: payload: /);
    expect(p.seen).toEqual([]);
  });

  it('passes fields a newer producer added, and hands the handler the data as it came', async () => {
    const p = new Complete();
    const data = { userId: 'u1', requestId: 'r1', addedLater: { x: 1 } };
    await expect(p.process(job(data))).resolves.toBe('done');
    expect(p.seen).toEqual([data]);
  });
});

describe('QueueWorker', () => {
  it('takes options from the validated settings when given a function of them', () => {
    @QueueWorker('settings-queue', (config: { N: number }) => ({ concurrency: config.N, lockDuration: config.N * 1000 }))
    class Worker extends JobProcessor {}
    expect(Reflect.getMetadata('bullmq:worker_metadata', Worker)).toEqual({ maxStalledCount: JOB_MAX_STALLED, autorun: false });
    applyWorkerSettings(Worker, { N: 7 });
    expect(Reflect.getMetadata('bullmq:worker_metadata', Worker)).toEqual({
      maxStalledCount: JOB_MAX_STALLED,
      concurrency: 7,
      lockDuration: 7000,
      autorun: false,
    });
  });

  it('gives every worker the stall tolerance (a job survives several restarts of its workers), keeping its own options, and leaves its start to the service', () => {
    @QueueWorker('some-queue', { concurrency: 3 })
    class Worker extends JobProcessor {}
    // where @nestjs/bullmq keeps the options it creates the BullMQ worker with
    expect(Reflect.getMetadata('bullmq:worker_metadata', Worker)).toEqual({ maxStalledCount: JOB_MAX_STALLED, concurrency: 3, autorun: false });
    expect(JOB_MAX_STALLED).toBeGreaterThan(1);
  });
});
