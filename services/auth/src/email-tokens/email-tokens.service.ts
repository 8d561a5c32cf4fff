import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, Messages } from '@visualnotes/contracts';
import { IsNull, type Repository } from 'typeorm';
import { randomToken, sha256 } from '../common/crypto';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';

const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  activate: 24 * 3600_000,
  email: 24 * 3600_000,
  reset: 3600_000,
};

/** Single-use links sent by e-mail. Only the SHA-256 of a token is stored. */
@Injectable()
export class EmailTokensService {
  constructor(@InjectRepository(EmailToken) private readonly tokens: Repository<EmailToken>) {}

  /** A new token; earlier unused ones of the same purpose stop working. */
  async issue(userId: string, purpose: EmailTokenPurpose, newEmail: string | null = null): Promise<string> {
    const token = randomToken();
    await this.tokens.manager.transaction(async (em) => {
      await em.delete(EmailToken, { userId, purpose, usedAt: IsNull() });
      await em.insert(EmailToken, {
        tokenHash: sha256(token),
        userId,
        purpose,
        newEmail,
        expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
      });
    });
    return token;
  }

  /**
   * Uses a token once. `allowUsed` accepts a token that was already used and is not expired
   * (activation links opened twice answer the same).
   */
  async consume(token: string, purpose: EmailTokenPurpose, allowUsed = false): Promise<EmailToken> {
    const hash = sha256(token);
    const rows: EmailToken[] = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()', { hash, purpose })
      .returning('*')
      .execute()
      .then((r) => r.raw as EmailToken[]);
    if (rows.length) return this.tokens.create(this.fromRaw(rows[0]));
    if (allowUsed) {
      const used = await this.tokens.findOne({ where: { tokenHash: hash, purpose } });
      if (used && used.expiresAt.getTime() > Date.now()) return used;
    }
    throw new DomainError('LINK_INVALID', Messages.linkInvalid);
  }

  private fromRaw(raw: unknown): Partial<EmailToken> {
    const r = raw as Record<string, unknown>;
    return {
      tokenHash: r.token_hash as string,
      userId: r.user_id as string,
      purpose: r.purpose as EmailTokenPurpose,
      newEmail: (r.new_email as string | null) ?? null,
      expiresAt: new Date(r.expires_at as string),
      usedAt: r.used_at ? new Date(r.used_at as string) : null,
    };
  }
}
