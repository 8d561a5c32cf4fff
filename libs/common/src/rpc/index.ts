export * from './keys';
export * from './errors';
export * from './redis-queue.server';
export * from './redis-queue.client';
export * from './rpc-client';
export * from './rpc.module';
export * from './validation';
