import { bearerToken, safeEqual } from './secrets';
import { redisConnectionOptions } from './redis';

describe('bearerToken', () => {
  it('reads the token of an Authorization: Bearer header, whatever the case of the scheme', () => {
    expect(bearerToken('Bearer abc.def-ghi_0')).toBe('abc.def-ghi_0');
    expect(bearerToken('bearer   abc ')).toBe('abc');
  });

  it('answers null for anything else', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', ['Bearer abc'], `Bearer ${'x'.repeat(4097)}`]) {
      expect(bearerToken(header as never)).toBeNull();
    }
  });
});

describe('safeEqual', () => {
  it('compares secrets of any length', () => {
    expect(safeEqual('a-long-metrics-token', 'a-long-metrics-token')).toBe(true);
    expect(safeEqual('a-long-metrics-token', 'a-long-metrics-tokex')).toBe(false);
    expect(safeEqual('short', 'a-long-metrics-token')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});

describe('redisConnectionOptions', () => {
  it('keeps the address from the URL and sets each purpose its own options', () => {
    const url = 'rediss://user:p%40ss@cache.example:6380/2';
    expect(redisConnectionOptions(url, 'state')).toMatchObject({
      host: 'cache.example',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: {},
      maxRetriesPerRequest: 2,
    });
    expect(redisConnectionOptions(url, 'blocking').maxRetriesPerRequest).toBeNull();
    expect(redisConnectionOptions(url, 'request')).toMatchObject({ enableOfflineQueue: false, connectTimeout: 2_000 });
    expect(redisConnectionOptions(url, 'probe')).toMatchObject({ lazyConnect: true, maxRetriesPerRequest: 0 });
    expect(redisConnectionOptions('redis://127.0.0.1:6379', 'state', { keyPrefix: 'vn:license:' }).keyPrefix).toBe('vn:license:');
  });
});
