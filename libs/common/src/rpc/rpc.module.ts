import { Global, Module } from '@nestjs/common';
import { BASE_CONFIG } from '../tokens';
import type { BaseConfig } from '../config';
import { RedisQueueClient } from './redis-queue.client';
import { RpcClient } from './rpc-client';

@Global()
@Module({
  providers: [
    {
      provide: RpcClient,
      inject: [BASE_CONFIG],
      useFactory: (config: BaseConfig) =>
        new RpcClient(new RedisQueueClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX, timeoutMs: config.RPC_TIMEOUT_MS })),
    },
  ],
  exports: [RpcClient],
})
export class RpcModule {}
