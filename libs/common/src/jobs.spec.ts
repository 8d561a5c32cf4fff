import 'reflect-metadata';
import { Jobs } from '@visualnotes/contracts';
import { assertJobHandlers, JOB_MAX_STALLED, JobHandler, JobProcessor, QueueWorker } from './jobs';

class Complete extends JobProcessor {
  @JobHandler(Jobs.accountDeleted)
  async deleted() {
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
    await expect(p.process({ name: Jobs.accountDeleted, data: {}, id: '1', queueName: 'q' } as never)).resolves.toBe('done');
    await expect(p.process({ name: 'unknown', data: {}, id: '2', queueName: 'q' } as never)).rejects.toThrow('No handler');
  });
});

describe('QueueWorker', () => {
  it('gives every worker the stall tolerance (a job survives several restarts of its workers), keeping its own options, and leaves its start to the service', () => {
    @QueueWorker('some-queue', { concurrency: 3 })
    class Worker extends JobProcessor {}
    // where @nestjs/bullmq keeps the options it creates the BullMQ worker with
    expect(Reflect.getMetadata('bullmq:worker_metadata', Worker)).toEqual({ maxStalledCount: JOB_MAX_STALLED, concurrency: 3, autorun: false });
    expect(JOB_MAX_STALLED).toBeGreaterThan(1);
  });
});
