import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { RefreshToken, Session } from './session.entity';

/** The columns a new session is written with; the rest take their defaults. */
export type NewSession = Pick<Session, 'userId' | 'expiresAt' | 'ip' | 'userAgent'>;

/** A refresh token that was already exchanged: its session, whether that was within the grace time, and its sealed successor. */
export interface UsedRefreshToken {
  sessionId: string;
  inGrace: boolean;
  successor: string | null;
}

/** Every query on sessions and their refresh tokens. */
@Injectable()
export class SessionsRepository {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
  ) {}

  insert(fields: NewSession): Promise<Session> {
    return this.sessions.save(this.sessions.create(fields));
  }

  findById(id: string): Promise<Session | null> {
    return this.sessions.findOne({ where: { id } });
  }

  async touch(id: string): Promise<void> {
    await this.sessions.update({ id }, { lastUsedAt: new Date() });
  }

  async addRefreshToken(sessionId: string, tokenHash: string): Promise<void> {
    await this.refreshTokens.insert({ tokenHash, sessionId });
  }

  /**
   * Exchanges an unused refresh token for its successor: marks it used, keeps the successor sealed
   * with it and stores the successor's hash, in one transaction; answers the session, or null when
   * no unused token has this hash. Of parallel calls with the same token exactly one gets the
   * session; the others wait for its commit and then find the token used, successor included.
   */
  async rotateRefreshToken(tokenHash: string, successorHash: string, sealedSuccessor: string): Promise<string | null> {
    return this.refreshTokens.manager.transaction(async (em) => {
      const claimed = await em
        .createQueryBuilder()
        .update(RefreshToken)
        .set({ usedAt: () => 'now()', successor: sealedSuccessor })
        .where('token_hash = :hash AND used_at IS NULL', { hash: tokenHash })
        .returning('session_id')
        .execute();
      const sessionId = (claimed.raw as { session_id: string }[])[0]?.session_id;
      if (!sessionId) return null;
      await em.insert(RefreshToken, { tokenHash: successorHash, sessionId });
      return sessionId;
    });
  }

  /**
   * A refresh token that exists (used), with whether it was used less than `graceS` seconds ago by
   * the database's clock and its sealed successor; null when there is none.
   */
  async usedRefreshToken(tokenHash: string, graceS: number): Promise<UsedRefreshToken | null> {
    // the database's clock decides, like the one that set used_at
    const used = await this.refreshTokens
      .createQueryBuilder('t')
      .select('t.session_id', 'session_id')
      .addSelect('t.successor', 'successor')
      .addSelect('t.used_at > now() - make_interval(secs => :grace)', 'in_grace')
      .where('t.token_hash = :hash', { hash: tokenHash, grace: graceS })
      .getRawOne<{ session_id: string; in_grace: boolean; successor: string | null }>();
    return used ? { sessionId: used.session_id, inGrace: used.in_grace, successor: used.successor } : null;
  }

  /** Ends a session (of this user, when given) that is not ended yet and drops its refresh tokens; whether it was ended now. */
  async revoke(sessionId: string, userId?: string): Promise<boolean> {
    const ended = await this.sessions.update({ id: sessionId, ...(userId ? { userId } : {}), revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.refreshTokens.delete({ sessionId });
    return Boolean(ended.affected);
  }

  /** Ends every session of a user that is not ended yet and drops their refresh tokens; the ids of the sessions ended now. */
  async revokeAllOf(userId: string): Promise<string[]> {
    const ended = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId })
      .returning('id')
      .execute();
    const ids = (ended.raw as { id: string }[]).map((s) => s.id);
    if (ids.length) await this.refreshTokens.createQueryBuilder().delete().where('session_id IN (:...ids)', { ids }).execute();
    return ids;
  }
}
