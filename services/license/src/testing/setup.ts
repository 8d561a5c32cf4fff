import { generateKeyPairSync } from 'node:crypto';
import { RedisQueueClient, RpcClient } from '@visualnotes/common';
import { createTestRedis } from '@visualnotes/testing';
import { ActivationSigner } from '../activation/activation-signer';
import { LicenseRedis } from '../common/license-redis';
import { licenseEnvSchema, type LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { KeyGuard } from '../licenses/key-guard';
import { LicensesService } from '../licenses/licenses.service';
import { UsageService } from '../usage/usage.service';
import { InMemoryAccounts, InMemoryLicenses, InMemoryUsage, runAtOnce } from './in-memory';

/**
 * The license service's rules wired as the module wires them, over in-memory repositories. Redis
 * (the entitlement cache, key-guess counters) is the real one under a prefix of the test's own;
 * RPC goes through the real transport, where no auth service answers (as when it is down).
 */
export async function licenseRules(env: Record<string, string> = {}) {
  const redisInfo = await createTestRedis();
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const config: LicenseConfig = licenseEnvSchema.parse({ REDIS_URL: redisInfo.url, REDIS_PREFIX: redisInfo.prefix, LICENSE_SIGNING_KEY: pem, ...env });
  const redis = new LicenseRedis(config);
  const rpc = new RpcClient(new RedisQueueClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, timeoutMs: 1_000 }));
  const stores = { licenses: new InMemoryLicenses(), accounts: new InMemoryAccounts(), usage: new InMemoryUsage() };
  const entitlements = new EntitlementsService(stores.licenses, redis, rpc, stores.accounts, config);
  const signer = new ActivationSigner({ keep: () => Promise.reject(new Error('the key comes from the configuration')) }, config);
  await signer.onModuleInit();
  const guard = new KeyGuard(redis, config);
  const licenses = new LicensesService(stores.licenses, runAtOnce, entitlements, stores.accounts, stores.usage, signer, guard, redis, config);
  const usage = new UsageService(stores.usage, entitlements, config);
  return {
    config,
    stores,
    redis,
    entitlements,
    licenses,
    usage,
    signer,
    guard,
    async close() {
      await rpc.onModuleDestroy();
      redis.onModuleDestroy();
      await redisInfo.flush();
    },
  };
}
export type LicenseRules = Awaited<ReturnType<typeof licenseRules>>;
