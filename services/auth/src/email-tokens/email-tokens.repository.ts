import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';

/** Every query on the single-use e-mail links (stored by the SHA-256 of their token). */
@Injectable()
export class EmailTokensRepository {
  constructor(@InjectRepository(EmailToken) private readonly tokens: Repository<EmailToken>) {}

  /** Stores a new token, in one transaction with dropping the unused ones of the same purpose. */
  async replaceUnused(fields: Pick<EmailToken, 'tokenHash' | 'userId' | 'purpose' | 'newEmail' | 'expiresAt'>): Promise<void> {
    await this.tokens.manager.transaction(async (em) => {
      await em.delete(EmailToken, { userId: fields.userId, purpose: fields.purpose, usedAt: IsNull() });
      await em.insert(EmailToken, fields);
    });
  }

  /** Marks an unused, unexpired token as used (atomically) and answers it; null when there is none. */
  async use(tokenHash: string, purpose: EmailTokenPurpose): Promise<EmailToken | null> {
    const rows = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()', { hash: tokenHash, purpose })
      .returning('*')
      .execute()
      .then((r) => r.raw as Record<string, unknown>[]);
    return rows.length ? this.tokens.create(fromRaw(rows[0])) : null;
  }

  find(tokenHash: string, purpose: EmailTokenPurpose): Promise<EmailToken | null> {
    return this.tokens.findOne({ where: { tokenHash, purpose } });
  }
}

/** A row as `RETURNING *` gives it (column names) as the entity's fields. */
function fromRaw(r: Record<string, unknown>): Partial<EmailToken> {
  return {
    tokenHash: r.token_hash as string,
    userId: r.user_id as string,
    purpose: r.purpose as EmailTokenPurpose,
    newEmail: (r.new_email as string | null) ?? null,
    expiresAt: new Date(r.expires_at as string),
    usedAt: r.used_at ? new Date(r.used_at as string) : null,
  };
}
