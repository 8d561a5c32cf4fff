import { AiPatterns, type AiRpc } from './rpc/ai';
import { AuthPatterns, type AuthRpc } from './rpc/auth';
import { LicensePatterns, type LicenseRpc } from './rpc/license';
import { MediaPatterns, type MediaRpc } from './rpc/media';
import { PublishPatterns, type PublishRpc } from './rpc/publish';
import type { ServiceName } from './services';

// Request/response types of every service, for callers and the front end.
export type * from './rpc/common';
export type * from './rpc/auth';
export type * from './rpc/license';
export type * from './rpc/media';
export type * from './rpc/ai';
export type * from './rpc/publish';

/**
 * Every RPC message pattern, grouped by the service that answers it (one file per service under
 * `rpc/`), with the request/response types of each. Nothing else writes a pattern string.
 */
export const Patterns = {
  auth: AuthPatterns,
  license: LicensePatterns,
  media: MediaPatterns,
  ai: AiPatterns,
  publish: PublishPatterns,
} as const satisfies Record<ServiceName, { health: string } & Record<string, string>>;

export type RpcMap = AuthRpc & LicenseRpc & MediaRpc & AiRpc & PublishRpc;
export type RpcPattern = keyof RpcMap;
export type RpcRequest<P extends RpcPattern> = RpcMap[P]['req'];
export type RpcResponse<P extends RpcPattern> = RpcMap[P]['res'];
