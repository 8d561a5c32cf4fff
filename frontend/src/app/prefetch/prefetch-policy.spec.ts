import { shouldPrefetch } from './prefetch-policy';

describe('shouldPrefetch', () => {
  it('prefetches when online on a normal connection or when the connection is unknown', () => {
    expect(shouldPrefetch({ online: true })).toBe(true);
    expect(shouldPrefetch({ online: true, connection: null })).toBe(true);
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '4g', saveData: false } })).toBe(true);
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '3g' } })).toBe(true);
  });

  it('skips offline', () => {
    expect(shouldPrefetch({ online: false, connection: { effectiveType: '4g' } })).toBe(false);
  });

  it('skips on 2g and slow-2g', () => {
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(shouldPrefetch({ online: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
  });

  it('skips with data saving on', () => {
    expect(shouldPrefetch({ online: true, connection: { effectiveType: '4g', saveData: true } })).toBe(false);
  });
});
