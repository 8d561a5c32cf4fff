import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { QueryFailedError, type Repository } from 'typeorm';
import { User } from './user.entity';

/** The columns a new account is written with; the rest take their defaults. */
export type NewUser = Pick<User, 'email' | 'name' | 'passwordHash' | 'referralCode'> &
  Partial<Pick<User, 'locale' | 'referredBy' | 'googleId' | 'activatedAt'>>;

function isUniqueViolation(err: unknown): boolean {
  return err instanceof QueryFailedError && (err as unknown as { code?: string }).code === '23505';
}

/** Every query on accounts. A write that would take an e-mail or Google id already in use answers null/false. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email } });
  }

  findByGoogleId(googleId: string): Promise<User | null> {
    return this.users.findOne({ where: { googleId } });
  }

  /** The referral code itself when an account has it, else null. */
  async referralCodeExists(code: string): Promise<string | null> {
    const inviter = await this.users.findOne({ where: { referralCode: code }, select: { id: true, referralCode: true } });
    return inviter?.referralCode ?? null;
  }

  /** The new account, or null when its e-mail, Google id or referral code is taken. */
  async insert(fields: NewUser): Promise<User | null> {
    try {
      return await this.users.save(this.users.create(fields));
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  /** Activates the account (an activated one keeps its first activation time). */
  async markActivated(id: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ activatedAt: () => 'COALESCE(activated_at, now())' })
      .where('id = :id', { id })
      .execute();
  }

  /** Sets a new password; opening the mailed link proves the address, so the account is activated too. */
  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.users
      .createQueryBuilder()
      .update()
      .set({ passwordHash, activatedAt: () => 'COALESCE(activated_at, now())' })
      .where('id = :id', { id })
      .execute();
  }

  /** Stores the same password hashed anew (with current parameters); nothing else changes. */
  async replacePasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
  }

  /** How many accounts registered with this referral code, and how many of them are activated. */
  async referralCounts(code: string): Promise<{ invited: number; activated: number }> {
    const row = await this.users
      .createQueryBuilder('u')
      .select('count(*)::int', 'invited')
      .addSelect('count(u.activated_at)::int', 'activated')
      .where('u.referred_by = :code', { code })
      .getRawOne<{ invited: number; activated: number }>();
    return { invited: row?.invited ?? 0, activated: row?.activated ?? 0 };
  }

  /** Moves the account to a new address, which proves it (activating the account); false when the address is taken. */
  async changeEmail(id: string, email: string): Promise<boolean> {
    try {
      await this.users
        .createQueryBuilder()
        .update()
        .set({ email, activatedAt: () => 'COALESCE(activated_at, now())' })
        .where('id = :id', { id })
        .execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  /** False when no account has this address. */
  async setScope(email: string, scope: User['scope']): Promise<boolean> {
    const result = await this.users.update({ email }, { scope });
    return Boolean(result.affected);
  }

  async delete(id: string): Promise<void> {
    await this.users.delete({ id });
  }
}

export type UserStore = Pick<UsersRepository, keyof UsersRepository>;
