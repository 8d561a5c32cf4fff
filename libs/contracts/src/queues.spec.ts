import { jobPayloadProblem, JobPayloadSchemas, Jobs, parsePublicJobId, publicJobId } from './queues';
import { serviceOfPattern } from './services';

describe('contracts', () => {
  it('round-trips public job ids and refuses unknown queues', () => {
    expect(parsePublicJobId(publicJobId('media-events', '42'))).toEqual({ queue: 'media-events', id: '42' });
    expect(parsePublicJobId('nope:42')).toBeNull();
    expect(parsePublicJobId('media-events:')).toBeNull();
    expect(parsePublicJobId('42')).toBeNull();
  });

  it('routes a pattern to the service named by its first segment', () => {
    expect(serviceOfPattern('auth.users.register')).toBe('auth');
    expect(() => serviceOfPattern('billing.x')).toThrow();
  });

  it('has a payload schema for every job', () => {
    expect(Object.keys(JobPayloadSchemas).sort()).toEqual(Object.values(Jobs).sort());
  });

  it('says in one line which field of a job payload is wrong', () => {
    expect(jobPayloadProblem('video.import', { videoId: 'v1', premium: true, ownerId: null })).toBeNull();
    expect(jobPayloadProblem('video.import', { videoId: 'v1', step: 'later' })).toMatch(/^step: /);
    expect(jobPayloadProblem('transcription.chunk', { videoId: 'v1', index: -1, chunks: 2, storageKey: 'k', offset: 0, duration: 1 })).toMatch(/^index: /);
    expect(jobPayloadProblem('mail.send', 'hello')).toMatch(/^payload: /);
    expect(jobPayloadProblem('batch.sweep', {})).toBeNull();
    expect(jobPayloadProblem('no.such.job', { anything: 1 })).toBeNull();
  });
});
