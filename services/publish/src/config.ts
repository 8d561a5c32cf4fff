import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const publishEnvSchema = baseEnvSchema.extend({
  /** A project keeps at most one version of its scene per this interval while it is being saved. */
  VERSION_INTERVAL_MS: int(0, 24 * 3_600_000, 60_000),
  /** Versions kept per project; the oldest go first (publish and restore versions count too). */
  VERSIONS_KEEP: int(1, 100_000, 200),
  /** Versions older than this many days are removed (0: kept until `VERSIONS_KEEP` pushes them out). */
  VERSIONS_KEEP_DAYS: int(0, 36_500, 90),
});
export type PublishConfig = z.infer<typeof publishEnvSchema>;
