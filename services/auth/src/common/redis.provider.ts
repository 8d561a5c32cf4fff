import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { redisConnection, SERVICE_CONFIG } from '@visualnotes/common';
import type Redis from 'ioredis';
import type { AuthConfig } from '../config';

/** The auth service's Redis connection for counters (throttling); nothing here is the only copy of data. */
@Injectable()
export class AuthRedis implements OnModuleDestroy {
  readonly client: Redis;
  /** Every key starts with `REDIS_PREFIX:auth:`. */
  readonly prefix: string;
  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.prefix = `${config.REDIS_PREFIX}:auth:`;
    this.client = redisConnection(config.REDIS_URL, 'state');
    this.client.on('error', () => undefined);
  }
  onModuleDestroy() {
    this.client.disconnect();
  }
}
