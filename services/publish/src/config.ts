import { availableParallelism } from 'node:os';
import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const publishEnvSchema = baseEnvSchema.extend({
  /** A project keeps at most one version of its scene per this interval while it is being saved. */
  VERSION_INTERVAL_MS: int(0, 24 * 3_600_000, 60_000),
  /**
   * A save's version is kept once the project's saves have paused this long, so that the history
   * holds drawings as they were left, not shapes caught half drawn by the live channel (0: kept at
   * the save itself).
   */
  VERSION_SETTLE_MS: int(0, 600_000, 3_000),
  /** Versions kept per project; the oldest go first (publish and restore versions count too). */
  VERSIONS_KEEP: int(1, 100_000, 200),
  /** Versions older than this many days are removed (0: kept until `VERSIONS_KEEP` pushes them out). */
  VERSIONS_KEEP_DAYS: int(0, 36_500, 90),
  /** Snapshots are cleaned in worker threads, never on the event loop that answers requests: how many at once (default 1, or 2 from 3 cores). */
  SNAPSHOT_WORKERS: int(1, 16, Math.max(1, Math.min(2, availableParallelism() - 1))),
  /** Large scenes sent by clients are checked in worker threads, never on the event loop that answers requests: how many at once. */
  SCENE_WORKERS: int(1, 16, Math.max(1, Math.min(2, availableParallelism() - 1))),
  /** Time and heap one snapshot may take to clean; past either, the drawing is refused as too large. Kept below RPC_TIMEOUT_MS. */
  SNAPSHOT_CLEAN_TIMEOUT_MS: int(500, 600_000, 6_000),
  SNAPSHOT_WORKER_MEMORY_MB: int(64, 16_384, 384),
  /** Boards exported to PDF, PowerPoint or ZIP at once by one copy, each in a worker thread of its own. */
  EXPORT_WORKERS: int(1, 16, 1),
  /** Time and heap one export may take in its thread; past either it fails as too large to export. */
  EXPORT_TIMEOUT_MS: int(5_000, 3_600_000, 300_000),
  EXPORT_WORKER_MEMORY_MB: int(128, 32_768, 2_048),
  /** Exports (and their files) are removed this many hours after they ended; asked for later, they are "expired". */
  EXPORT_KEEP_HOURS: int(1, 8_760, 24),
  /** How often expired exports are looked for. */
  EXPORT_SWEEP_MS: int(1_000, 86_400_000, 600_000),
  /** Folders (comma-separated) searched for fonts that draw the scripts Excalidraw's fonts lack (Arabic, Indic…) in exports. */
  EXPORT_FONT_DIRS: z.string().default('/usr/share/fonts'),
});
export type PublishConfig = z.infer<typeof publishEnvSchema>;
