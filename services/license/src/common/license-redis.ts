import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import Redis from 'ioredis';
import type { LicenseConfig } from '../config';

/** Redis for the license service's caches and throttling counters (never the only copy of data). */
@Injectable()
export class LicenseRedis implements OnModuleDestroy {
  readonly client: Redis;
  constructor(@Inject(SERVICE_CONFIG) config: LicenseConfig) {
    this.client = new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_PREFIX}:license:`, maxRetriesPerRequest: 2 });
    this.client.on('error', () => undefined);
  }
  onModuleDestroy() {
    this.client.disconnect();
  }
}
