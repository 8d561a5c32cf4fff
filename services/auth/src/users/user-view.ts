import type { AccessClaims, PublicUser } from '@visualnotes/contracts';
import type { User } from './user.entity';

export function publicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    scope: user.scope ?? [],
    // plans belong to the license service; the access token carries none yet
    plan: null,
    locale: user.locale === 'zh-CN' ? 'zh-CN' : 'en',
    created_at: user.createdAt.toISOString(),
  };
}

export function accessClaims(user: User, sessionId: string): AccessClaims {
  const view = publicUser(user);
  return { sub: user.id, email: user.email, name: user.name, scope: view.scope, plan: null, sid: sessionId, locale: view.locale, created_at: view.created_at };
}
