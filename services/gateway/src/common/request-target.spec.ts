import { canonicalTarget, hasEncodedNul, pathOf } from './request-target';

describe('canonicalTarget', () => {
  it.each([
    ['/api/plans', '/api/plans'],
    ['/api/plans?x=1', '/api/plans?x=1'],
    ['http://example.test/api/plans', '/api/plans'],
    ['https://example.test:8443/api/plans?x=%41', '/api/plans?x=%41'],
    ['HTTP://example.test/api/health/live', '/api/health/live'],
    ['http://user@example.test/api/plans', '/api/plans'],
    ['http://example.test', '/'],
    ['http://example.test?x=1', '/?x=1'],
    ['/%61pi/pl%61ns', '/api/plans'],
    ['/%41PI/plans', '/API/plans'],
    ['http://example.test/%61%70%69/plans', '/api/plans'],
    ['/api/plans#frag', '/api/plans'],
    // Reserved escapes stay escaped, as the router keeps them.
    ['/api%2Fplans', '/api%2Fplans'],
    ['/api/files/a%20b', '/api/files/a%20b'],
    ['//api/plans', '//api/plans'],
    ['*', '*'],
  ])('%s → %s', (target, canonical) => {
    expect(canonicalTarget(target)).toBe(canonical);
  });

  it('returns the same string for the common case', () => {
    const url = '/api/health/gateway';
    expect(canonicalTarget(url)).toBe(url);
  });
});

describe('pathOf and hasEncodedNul', () => {
  it('splits off the query and finds %00 anywhere', () => {
    expect(pathOf('/api/plans?x=1')).toBe('/api/plans');
    expect(pathOf('/api/plans')).toBe('/api/plans');
    expect(hasEncodedNul('/api/projects/%00')).toBe(true);
    expect(hasEncodedNul('/api/templates?category=a%00b')).toBe(true);
    expect(hasEncodedNul('/api/templates?category=%2500')).toBe(false);
  });
});
