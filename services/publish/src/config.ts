import { availableParallelism } from 'node:os';
import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const publishEnvSchema = baseEnvSchema.extend({
  /** Snapshots are cleaned in worker threads, never on the event loop that answers requests: how many at once (default 1, or 2 from 3 cores). */
  SNAPSHOT_WORKERS: int(1, 16, Math.max(1, Math.min(2, availableParallelism() - 1))),
  /** Time and heap one snapshot may take to clean; past either, the drawing is refused as too large. Kept below RPC_TIMEOUT_MS. */
  SNAPSHOT_CLEAN_TIMEOUT_MS: int(500, 600_000, 6_000),
  SNAPSHOT_WORKER_MEMORY_MB: int(64, 16_384, 384),
});
export type PublishConfig = z.infer<typeof publishEnvSchema>;
