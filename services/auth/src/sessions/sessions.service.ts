import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, type ClientInfo, type LoginSuccess, type TokenPair } from '@visualnotes/contracts';
import { IsNull, type Repository } from 'typeorm';
import { randomToken, sha256 } from '../common/crypto';
import type { AuthConfig } from '../config';
import { KeysService } from '../keys/keys.service';
import { User } from '../users/user.entity';
import { accessClaims, publicUser } from '../users/user-view';
import { RefreshToken, Session } from './session.entity';

/**
 * Sessions: a short-lived access token (JWT) and an opaque refresh token, rotated on every use.
 * A refresh token presented a second time means it was copied: the whole session is revoked.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly keys: KeysService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  async start(user: User, client?: ClientInfo): Promise<LoginSuccess> {
    const session = await this.sessions.save(
      this.sessions.create({
        userId: user.id,
        expiresAt: new Date(Date.now() + this.config.SESSION_MAX_AGE_DAYS * 86_400_000),
        ip: client?.ip?.slice(0, 64) ?? null,
        userAgent: client?.user_agent?.slice(0, 300) ?? null,
      }),
    );
    const pair = await this.tokens(user, session.id);
    return { ...pair, user: publicUser(user) };
  }

  private async tokens(user: User, sessionId: string): Promise<TokenPair> {
    const refresh = randomToken();
    await this.refreshTokens.insert({ tokenHash: sha256(refresh), sessionId });
    const token = await this.keys.sign(accessClaims(user, sessionId));
    return { token, refresh_token: refresh, expires_in: this.config.ACCESS_TOKEN_TTL_S };
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const hash = sha256(refreshToken);
    // Atomic: of two requests with the same token, exactly one gets the row.
    const claimed = await this.refreshTokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :hash AND used_at IS NULL', { hash })
      .returning('session_id')
      .execute();
    const row = (claimed.raw as { session_id: string }[])[0];
    if (!row) {
      const replayed = await this.refreshTokens.findOne({ where: { tokenHash: hash } });
      if (replayed) {
        this.logger.warn(`refresh token reused: session ${replayed.sessionId} revoked`);
        await this.revoke(replayed.sessionId);
      }
      throw new DomainError('SESSION_EXPIRED');
    }
    const session = await this.sessions.findOne({ where: { id: row.session_id } });
    if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw new DomainError('SESSION_EXPIRED');
    const user = await this.users.findOne({ where: { id: session.userId } });
    if (!user) throw new DomainError('SESSION_EXPIRED');
    await this.sessions.update({ id: session.id }, { lastUsedAt: new Date() });
    return this.tokens(user, session.id);
  }

  async revoke(sessionId: string, userId?: string): Promise<void> {
    await this.sessions.update({ id: sessionId, ...(userId ? { userId } : {}), revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.refreshTokens.delete({ sessionId });
  }

  async revokeAll(userId: string): Promise<void> {
    const ids = (await this.sessions.find({ where: { userId }, select: { id: true } })).map((s) => s.id);
    await this.sessions.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (ids.length) await this.refreshTokens.createQueryBuilder().delete().where('session_id IN (:...ids)', { ids }).execute();
  }
}
