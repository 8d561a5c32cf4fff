import { z } from 'zod';

/** Settings every service shares; each service extends this schema with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /**
   * Routes for test harnesses only: reading the mail outbox and setting an account's scope. Off
   * unless asked for, and refused together with NODE_ENV=production.
   */
  TEST_ROUTES: z.stringbool().default(false),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/visualnotes'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Prefix of every Redis key (RPC, queues, rate limits): several installations or test runs can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_{}-]+$/, 'must be letters, digits, _ - { }')
    .default('vn'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  RPC_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * On SIGTERM/SIGINT a copy stops taking requests and jobs and waits this long for the ones in
   * hand; below the 10 s after which process supervisors usually send SIGKILL.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  /** When set, the service answers Prometheus scrapes at `http://<host>:METRICS_PORT/metrics`. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Test and benchmark harnesses set it: the process ends when the process that started it is gone. */
  EXIT_WITH_PARENT: z.stringbool().default(false),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  PUBLIC_URL: z.url().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});
export type BaseConfig = z.infer<typeof baseEnvSchema>;

export class ConfigError extends Error {}

/**
 * Validates the environment once, at start. A bad value gives one line that names the variable,
 * e.g. `Invalid configuration: REDIS_URL must be a redis:// URL (got "x")`.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // An empty variable counts as unset: env files, Compose and Kubernetes ConfigMaps write `NAME=`
  // for "no value", which must give the default rather than an invalid URL.
  const result = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (result.success) {
    const data = result.data as Partial<BaseConfig>;
    if (data.TEST_ROUTES && data.NODE_ENV === 'production') {
      throw new ConfigError(
        'Invalid configuration: TEST_ROUTES must not be set with NODE_ENV=production (it opens routes that read every mail and make any account an operator)',
      );
    }
    return result.data;
  }
  const issue = result.error.issues[0];
  const name = issue.path.join('.');
  const got = name && env[name] !== undefined ? ` (got "${String(env[name]).slice(0, 80)}")` : '';
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
}

export function publicUrl(config: Pick<BaseConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}
