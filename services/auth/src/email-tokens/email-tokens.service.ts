import { Injectable } from '@nestjs/common';
import { DomainError, Messages } from '@visualnotes/contracts';
import { randomToken, sha256 } from '../common/crypto';
import type { EmailToken, EmailTokenPurpose } from './email-token.entity';
import { EmailTokensRepository } from './email-tokens.repository';

const LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  activate: 24 * 3600_000,
  email: 24 * 3600_000,
  reset: 3600_000,
};

/** Single-use links sent by e-mail. Only the SHA-256 of a token is stored. */
@Injectable()
export class EmailTokensService {
  constructor(private readonly tokens: EmailTokensRepository) {}

  /** A new token; earlier unused ones of the same purpose stop working. */
  async issue(userId: string, purpose: EmailTokenPurpose, newEmail: string | null = null): Promise<string> {
    const token = randomToken();
    await this.tokens.replaceUnused({ tokenHash: sha256(token), userId, purpose, newEmail, expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
    return token;
  }

  /**
   * Uses a token once. `allowUsed` accepts a token that was already used and is not expired
   * (activation links opened twice answer the same).
   */
  async consume(token: string, purpose: EmailTokenPurpose, allowUsed = false): Promise<EmailToken> {
    const hash = sha256(token);
    const fresh = await this.tokens.use(hash, purpose);
    if (fresh) return fresh;
    if (allowUsed) {
      const used = await this.tokens.find(hash, purpose);
      if (used && used.expiresAt.getTime() > Date.now()) return used;
    }
    throw new DomainError('LINK_INVALID', Messages.linkInvalid);
  }
}
