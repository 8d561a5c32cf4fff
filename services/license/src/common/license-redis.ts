import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { redisConnection, SERVICE_CONFIG } from '@visualnotes/common';
import type Redis from 'ioredis';
import type { LicenseConfig } from '../config';

/** Redis for the license service's caches and throttling counters (never the only copy of data). */
@Injectable()
export class LicenseRedis implements OnModuleDestroy {
  readonly client: Redis;
  constructor(@Inject(SERVICE_CONFIG) config: LicenseConfig) {
    this.client = redisConnection(config.REDIS_URL, 'state', { keyPrefix: `${config.REDIS_PREFIX}:license:` });
    this.client.on('error', () => undefined);
  }
  onModuleDestroy() {
    this.client.disconnect();
  }
}
