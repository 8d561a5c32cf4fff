import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { redisOptions, SERVICE_CONFIG } from '@visualnotes/common';
import Redis from 'ioredis';
import type { AuthConfig } from '../config';

/** The auth service's Redis connection for counters (throttling); nothing here is the only copy of data. */
@Injectable()
export class AuthRedis implements OnModuleDestroy {
  readonly client: Redis;
  /** Every key starts with `REDIS_PREFIX:auth:`. */
  readonly prefix: string;
  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.prefix = `${config.REDIS_PREFIX}:auth:`;
    this.client = new Redis({ ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: 2 });
    this.client.on('error', () => undefined);
  }
  onModuleDestroy() {
    this.client.disconnect();
  }
}
