import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { isErrorBody, type RpcPattern, type RpcRequest, type RpcResponse } from '@visualnotes/contracts';
import { firstValueFrom } from 'rxjs';
import { RpcError } from './errors';
import { RedisQueueClient } from './redis-queue.client';

/** Typed RPC calls: the pattern decides the request and response types (see contracts `RpcMap`). */
@Injectable()
export class RpcClient implements OnModuleDestroy {
  constructor(readonly proxy: RedisQueueClient) {}

  async send<P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<RpcResponse<P>> {
    try {
      return await firstValueFrom(this.proxy.send<RpcResponse<P>>(pattern, data ?? {}));
    } catch (err) {
      if (isErrorBody(err)) throw new RpcError(err.statusCode, err.message, err.code);
      throw err;
    }
  }

  onModuleDestroy() {
    return this.proxy.close();
  }
}
