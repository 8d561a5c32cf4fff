import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AccessClaims } from '@visualnotes/contracts';

/** The signed-in user as the access token names it (set by `AuthGuard` / `OptionalAuthGuard`). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  scope: AccessClaims['scope'];
  plan: string | null;
  sessionId: string;
  locale: 'en' | 'zh-CN';
  createdAt: string | null;
  /** When the token was issued (ms). */
  issuedAt: number;
}

export interface RequestWithUser {
  user?: AuthUser;
  headers: Record<string, string | string[] | undefined>;
}

export function toAuthUser(claims: AccessClaims): AuthUser {
  return {
    id: claims.sub,
    email: claims.email,
    name: claims.name,
    scope: claims.scope ?? [],
    plan: claims.plan ?? null,
    sessionId: claims.sid,
    locale: claims.locale === 'zh-CN' ? 'zh-CN' : 'en',
    createdAt: claims.created_at ?? null,
    issuedAt: (claims.iat ?? 0) * 1000,
  };
}

/**
 * `@CurrentUser() user: AuthUser` in a handler guarded by `AuthGuard`; with `OptionalAuthGuard`
 * it is `undefined` for visitors.
 */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<RequestWithUser>().user;
});
