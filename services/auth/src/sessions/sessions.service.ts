import { Inject, Injectable, Logger } from '@nestjs/common';
import { revokedSessionsStream, SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, type ClientInfo, type LoginSuccess, type TokenPair } from '@visualnotes/contracts';
import { openWith, randomToken, sealWith, sha256 } from '../common/crypto';
import { AuthRedis } from '../common/redis.provider';
import type { AuthConfig } from '../config';
import { KeysService } from '../keys/keys.service';
import type { User } from '../users/user.entity';
import { UsersRepository, type UserStore } from '../users/users.repository';
import { accessClaims, publicUser } from '../users/user-view';
import { SessionsRepository } from './sessions.repository';

/**
 * Sessions: a short-lived access token (JWT) and an opaque refresh token, rotated on every use.
 * Rotation is idempotent within `REFRESH_GRACE_S`: a refresh token presented again (another tab of
 * the same browser that refreshed at the same moment, a retried request) gets the same successor
 * as the first use and a fresh access token of the same session, never a second chain; presented
 * later, it means it was copied: the whole session is revoked. Every revoked session is announced on a Redis stream so
 * that the gateways refuse its access tokens at once instead of when they expire.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(UsersRepository) private readonly users: Pick<UserStore, 'findById'>,
    private readonly keys: KeysService,
    private readonly redis: AuthRedis,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  async start(user: User, client?: ClientInfo): Promise<LoginSuccess> {
    const session = await this.sessions.insert({
      userId: user.id,
      expiresAt: new Date(Date.now() + this.config.SESSION_MAX_AGE_DAYS * 86_400_000),
      ip: client?.ip?.slice(0, 64) ?? null,
      userAgent: client?.user_agent?.slice(0, 300) ?? null,
    });
    const pair = await this.tokens(user, session.id);
    return { ...pair, user: publicUser(user) };
  }

  private async tokens(user: User, sessionId: string): Promise<TokenPair> {
    const refresh = randomToken();
    await this.sessions.addRefreshToken(sessionId, sha256(refresh));
    const token = await this.keys.sign(accessClaims(user, sessionId));
    return { token, refresh_token: refresh, expires_in: this.config.ACCESS_TOKEN_TTL_S };
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    let successor = randomToken();
    let sessionId = await this.sessions.rotateRefreshToken(hash, sha256(successor), sealWith(refreshToken, successor));
    if (!sessionId) {
      const used = await this.sessions.usedRefreshToken(hash, this.config.REFRESH_GRACE_S);
      if (!used) throw new DomainError('SESSION_EXPIRED');
      if (!used.inGrace) {
        this.logger.warn(`refresh token reused: session ${used.sessionId} revoked`);
        await this.revoke(used.sessionId);
        throw new DomainError('SESSION_EXPIRED');
      }
      // within the grace time: the successor the first use created, not a new one
      const first = used.successor ? openWith(refreshToken, used.successor) : null;
      if (!first) throw new DomainError('SESSION_EXPIRED');
      successor = first;
      sessionId = used.sessionId;
    }
    const session = await this.sessions.findById(sessionId);
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw new DomainError('SESSION_EXPIRED');
    const user = await this.users.findById(session.userId);
    if (!user) throw new DomainError('SESSION_EXPIRED');
    await this.sessions.touch(session.id);
    const token = await this.keys.sign(accessClaims(user, session.id));
    return { token, refresh_token: successor, expires_in: this.config.ACCESS_TOKEN_TTL_S };
  }

  async revoke(sessionId: string, userId?: string): Promise<void> {
    if (await this.sessions.revoke(sessionId, userId)) await this.announce([sessionId]);
  }

  async revokeAll(userId: string): Promise<void> {
    await this.announce(await this.sessions.revokeAllOf(userId));
  }

  /**
   * Tells every gateway that an account's details (e-mail, name) changed: access tokens issued
   * before now carry the old ones, so `GET /api/auth/user` reads the account afresh for them. A
   * failure is logged: the tokens show the new details after their next refresh anyway.
   */
  async announceAccountChange(userId: string): Promise<void> {
    const ttlMs = this.config.ACCESS_TOKEN_TTL_S * 1000;
    const key = revokedSessionsStream(this.config.REDIS_PREFIX);
    try {
      await this.redis.client.xadd(
        key,
        'MINID',
        '~',
        String(Date.now() - ttlMs - 60_000),
        '*',
        'uid',
        userId,
        'at',
        String(Date.now()),
        'until',
        String(Date.now() + ttlMs),
      );
    } catch (err) {
      this.logger.error(`could not announce an account change: ${(err as Error).message}`);
    }
  }

  /**
   * Tells every gateway that these sessions' access tokens no longer count. Entries older than an
   * access token's lifetime are trimmed: by then the tokens have expired anyway. A failure is
   * logged, not thrown: the session is over in the database and its tokens expire on their own.
   */
  private async announce(sessionIds: string[]): Promise<void> {
    if (!sessionIds.length) return;
    const ttlMs = this.config.ACCESS_TOKEN_TTL_S * 1000;
    const until = String(Date.now() + ttlMs);
    const key = revokedSessionsStream(this.config.REDIS_PREFIX);
    const minId = String(Date.now() - ttlMs - 60_000);
    try {
      const multi = this.redis.client.multi();
      for (const sid of sessionIds) multi.xadd(key, 'MINID', '~', minId, '*', 'sid', sid, 'until', until);
      await multi.exec();
    } catch (err) {
      this.logger.error(`could not announce ${sessionIds.length} revoked session(s): ${(err as Error).message}`);
    }
  }
}
