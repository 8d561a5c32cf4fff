import { parsePublicJobId, publicJobId } from './queues';
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
});
