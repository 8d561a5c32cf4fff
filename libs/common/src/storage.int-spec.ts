import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { freePort, S3StandIn, tempDir } from '@visualnotes/testing';
import { LocalStorage, S3Storage, StorageLimitError, type Storage } from './storage';

const MB = 1024 * 1024;

/** `total` bytes of random data in 64 KiB chunks, as an HTTP upload arrives; `failAt` breaks it there. */
function source(total: number, options: { failAt?: number } = {}): { stream: Readable; sha: () => string; read: () => number } {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (options.failAt !== undefined && sent >= options.failAt) {
        this.destroy(new Error('connection reset by the client'));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha: () => hash.digest('hex'), read: () => sent };
}

async function sha256(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('storage', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await S3StandIn.start();
  });
  afterAll(async () => {
    await s3?.close();
  });

  const kinds: [string, () => Storage][] = [
    ['local', () => new LocalStorage(tempDir('storage'))],
    [
      's3',
      () =>
        new S3Storage(s3.bucket, {
          endpoint: s3.endpoint,
          region: 'us-east-1',
          accessKeyId: s3.env.S3_ACCESS_KEY_ID,
          secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
        }),
    ],
  ];

  describe.each(kinds)('%s', (_kind, make) => {
    let storage: Storage;
    beforeAll(() => {
      storage = make();
    });

    it('stores, reads back, tells existence and deletes', async () => {
      const body = Buffer.from('hello storage');
      await expect(storage.put('notes/a.txt', body, { contentType: 'text/plain' })).resolves.toEqual({ size: body.length });
      await expect(storage.exists('notes/a.txt')).resolves.toBe(true);
      await expect(storage.getBuffer('notes/a.txt')).resolves.toEqual(body);
      await storage.delete('notes/a.txt');
      await expect(storage.exists('notes/a.txt')).resolves.toBe(false);
      await expect(storage.get('notes/a.txt')).rejects.toThrow();
    });

    it('lists every stored key, or those under a prefix, and no write in progress', async () => {
      await storage.put('listed/one', Buffer.from('1'));
      await storage.put('listed/deep/two', Buffer.from('2'));
      await storage.put('other/three', Buffer.from('3'));
      const list = async (prefix?: string) => {
        const keys: string[] = [];
        for await (const key of storage.keys(prefix)) keys.push(key);
        return keys.sort();
      };
      expect(await list('listed/')).toEqual(['listed/deep/two', 'listed/one']);
      expect(await list()).toEqual(expect.arrayContaining(['listed/deep/two', 'listed/one', 'other/three']));
      expect((await list()).some((k) => k.endsWith('.part'))).toBe(false);
      for (const key of await list('listed/')) await storage.delete(key);
      await storage.delete('other/three');
      expect(await list('listed/')).toEqual([]);
    });

    it('says a missing key does not exist', async () => {
      await expect(storage.exists('never/written')).resolves.toBe(false);
    });

    it('streams a body larger than several parts and reads the same bytes back as a stream', async () => {
      const src = source(21 * MB);
      const { size } = await storage.put('big/file.bin', src.stream, { maxBytes: 30 * MB });
      expect(size).toBe(21 * MB);
      const read = await storage.get('big/file.bin');
      expect(read).toBeInstanceOf(Readable);
      await expect(sha256(read)).resolves.toBe(src.sha());
      await storage.delete('big/file.bin');
    });

    it('refuses a stream past the size limit, stops reading it soon after, and keeps nothing', async () => {
      const src = source(40 * MB);
      await expect(storage.put('big/too-large.bin', src.stream, { maxBytes: 10 * MB })).rejects.toBeInstanceOf(StorageLimitError);
      // Stopped near the limit, not after reading the whole body.
      expect(src.read()).toBeLessThan(30 * MB);
      await expect(storage.exists('big/too-large.bin')).resolves.toBe(false);
    });

    it('refuses a buffer past the size limit', async () => {
      await expect(storage.put('small/too-large.bin', Buffer.alloc(2048), { maxBytes: 1024 })).rejects.toBeInstanceOf(StorageLimitError);
      await expect(storage.exists('small/too-large.bin')).resolves.toBe(false);
    });

    it('keeps nothing when the body breaks off mid-way', async () => {
      const src = source(20 * MB, { failAt: 12 * MB });
      await expect(storage.put('big/broken.bin', src.stream)).rejects.toThrow('connection reset by the client');
      await expect(storage.exists('big/broken.bin')).resolves.toBe(false);
    });

    it('refuses keys that climb out of the store', async () => {
      await expect(storage.put('../outside', Buffer.from('x'))).rejects.toThrow('Invalid storage key');
      await expect(storage.exists('a/../../b')).rejects.toThrow('Invalid storage key');
    });
  });

  it('s3: an unreachable server is a failure, not a missing file', async () => {
    const port = await freePort();
    const storage = new S3Storage('visualnotes', {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(storage.exists('uploads/x')).rejects.toThrow();
  });

  it('s3: a refused request (unknown access key) is a failure, not a missing file', async () => {
    const storage = new S3Storage(s3.bucket, { endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: 'nobody', secretAccessKey: 'S3RVER' });
    await expect(storage.exists('uploads/x')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });
});
