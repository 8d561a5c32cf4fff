import { CHUNK_RELOAD_STORAGE_KEY } from '../constants';
import { ChunkLoadError, claimChunkReload, isChunkLoadError, reloadAllowed } from './chunk-reload-guard';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
};

describe('chunk reload guard', () => {
  it('allows the first reload and stores its time', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
  });

  it('blocks a second reload within 60000 ms and allows it afterwards', () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, 1_000_000)).toBe(true);
    expect(claimChunkReload(storage, 1_000_000 + 59_999)).toBe(false);
    // A blocked attempt does not extend the window.
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('1000000');
    expect(claimChunkReload(storage, 1_000_000 + 60_000)).toBe(true);
  });

  it('treats garbage or a future timestamp as no guard', () => {
    expect(reloadAllowed(Number('nonsense'), 5)).toBe(true);
    expect(reloadAllowed(10_000, 5)).toBe(true);
    expect(reloadAllowed(null, 5)).toBe(true);
  });

  it('refuses to reload when storage is missing or throws, to avoid a reload loop', () => {
    expect(claimChunkReload(undefined, 1)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(claimChunkReload(broken, 1)).toBe(false);
  });

  it('recognises wrapped chunk failures only', () => {
    expect(isChunkLoadError(new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module')))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });
});
