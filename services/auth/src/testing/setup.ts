import { createTestRedis } from '@visualnotes/testing';
import { AuthRedis } from '../common/redis.provider';
import { authEnvSchema, type AuthConfig } from '../config';
import { LoginThrottle } from '../login/login-throttle';
import { PasswordHasher } from '../passwords/password-hasher';
import { UsersService } from '../users/users.service';
import { InMemoryEmailTokens, InMemoryUsers, JobLog, Outbox, SessionLog } from './in-memory';

/**
 * The auth service's account rules wired as the module wires them, over an in-memory account
 * repository and in-memory e-mail links, mail queue and sessions. Passwords are hashed for real,
 * and the throttle counts on Redis under a prefix of the test's own.
 */
export async function accountRules(env: Record<string, string> = {}) {
  const redisInfo = await createTestRedis();
  const config: AuthConfig = authEnvSchema.parse({ REDIS_URL: redisInfo.url, REDIS_PREFIX: redisInfo.prefix, PUBLIC_URL: 'https://notes.example', ...env });
  const redis = new AuthRedis(config);
  const users = new InMemoryUsers();
  const tokens = new InMemoryEmailTokens();
  const outbox = new Outbox();
  const sessions = new SessionLog();
  const queues = { license: new JobLog(), media: new JobLog(), publish: new JobLog(), ai: new JobLog() };
  const hasher = new PasswordHasher(config);
  const service = new UsersService(
    users,
    hasher,
    tokens,
    outbox,
    sessions,
    new LoginThrottle(redis, config),
    config,
    queues.license,
    queues.media,
    queues.publish,
    queues.ai,
  );
  return {
    service,
    users,
    tokens,
    outbox,
    sessions,
    queues,
    hasher,
    async close() {
      redis.onModuleDestroy();
      await redisInfo.flush();
    },
  };
}
export type AccountRules = Awaited<ReturnType<typeof accountRules>>;
