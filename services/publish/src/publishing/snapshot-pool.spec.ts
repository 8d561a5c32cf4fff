import { ErrorCatalogue } from '@visualnotes/contracts';
import { errorOf, ticksDuring } from '@visualnotes/testing';
import { svgSnapshot } from '../../test/snapshots';
import { SnapshotPool, snapshotPoolOptions, workerFile, type SnapshotPoolOptions } from './snapshot-pool';
import { sanitizeSvg } from './svg-sanitizer';
import { publishEnvSchema } from '../config';

describe('the snapshot cleaning pool (worker threads)', () => {
  const pools: SnapshotPool[] = [];
  const pool = (options: Partial<SnapshotPoolOptions> = {}) => {
    const p = new SnapshotPool({ threads: 1, timeLimitMs: 120_000, maxWaitMs: 120_000, memoryMb: 384, ...options });
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('runs the TypeScript worker under the tests', () => {
    expect(workerFile()).toMatch(/svg-sanitizer\.worker-ts\.cjs$/);
  });

  it('cleans a snapshot in a thread exactly as the synchronous cleaner does, without blocking this thread', async () => {
    const svg = svgSnapshot(1500);
    const { ticks, result } = await ticksDuring(pool().sanitize(svg));
    expect(result).toBe(sanitizeSvg(svg));
    expect(result).toContain('@font-face{font-family:"Excalifont"');
    expect(ticks).toBeGreaterThan(0);
  });

  it('answers null for text that is not an SVG document, as the synchronous cleaner does', async () => {
    const p = pool();
    await expect(p.sanitize('<html><body>no</body></html>')).resolves.toBeNull();
    await expect(p.sanitize('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>')).resolves.toBeNull();
    await expect(p.sanitize('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>')).resolves.not.toContain('script');
  });

  it('stops a snapshot that takes longer than its time limit (0.2 s of work, where this one needs about 1 s) and refuses it as too large; the pool goes on', async () => {
    const p = pool({ timeLimitMs: 200 });
    const err = await errorOf(p.sanitize(svgSnapshot(5000)));
    expect(err).toMatchObject({ code: 'SNAPSHOT_TOO_COMPLEX', message: ErrorCatalogue.SNAPSHOT_TOO_COMPLEX.message });
    expect(err?.message).toMatch(/^This drawing is too large to publish/);
    expect(p.cleaning).toBe(0);
    await expect(p.sanitize('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>')).resolves.toContain('<rect');
  });

  it('tells a snapshot that finds no free thread in time that the service is busy', async () => {
    const p = pool({ maxWaitMs: 200 });
    const first = p.sanitize(svgSnapshot(1500));
    const second = await errorOf(p.sanitize('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>'));
    expect(second).toMatchObject({ code: 'SNAPSHOTS_BUSY', message: ErrorCatalogue.SNAPSHOTS_BUSY.message });
    await expect(first).resolves.toContain('<path');
  });

  it('takes its size and limits from the publish settings, within the RPC time-out', () => {
    const config = publishEnvSchema.parse({ RPC_TIMEOUT_MS: '10000', SNAPSHOT_WORKERS: '2' });
    expect(snapshotPoolOptions(config)).toEqual({ threads: 2, timeLimitMs: 6_000, maxWaitMs: 2_000, memoryMb: 384 });
    const short = publishEnvSchema.parse({ RPC_TIMEOUT_MS: '4000', SNAPSHOT_CLEAN_TIMEOUT_MS: '9000' });
    expect(snapshotPoolOptions(short)).toMatchObject({ timeLimitMs: 2_000, maxWaitMs: 500 });
  });
});
