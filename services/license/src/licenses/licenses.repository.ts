import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Product } from '@visualnotes/contracts';
import { Brackets, In, type DataSource, type EntityTarget, type ObjectLiteral, type Repository, type SelectQueryBuilder } from 'typeorm';
import type { Tx } from '../common/transactions';
import { License, LicenseDevice, LicenseUser } from './license.entity';

export type NewLicense = Omit<License, 'id' | 'canceledAt' | 'revokedAt' | 'createdAt' | 'updatedAt'>;
export type NewDevice = Pick<LicenseDevice, 'licenseId' | 'fingerprint' | 'name' | 'os' | 'activatedBy'>;

/** Whether `err` is the unique index on license keys refusing a key already in use. */
export function isKeyTaken(err: unknown): boolean {
  return (err as { constraint?: string }).constraint === 'licenses_key_key';
}

/**
 * Licenses, their devices and their users: every query on them. A license that is revoked is
 * gone for every read here ("live" licenses only). Pass `tx` to run inside a transaction.
 */
@Injectable()
export class LicensesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private of<E extends ObjectLiteral>(entity: EntityTarget<E>, tx?: Tx): Repository<E> {
    return (tx ?? this.db.manager).getRepository(entity);
  }

  async insert(values: NewLicense, tx?: Tx): Promise<License> {
    const repo = this.of(License, tx);
    return repo.save(repo.create({ ...values, canceledAt: null, revokedAt: null }));
  }

  /** Live licenses the account owns (by id or address) or was added to by address, oldest first. */
  visibleTo(userId: string, email: string): Promise<License[]> {
    const qb = this.of(License).createQueryBuilder('l').where('l.revoked_at IS NULL');
    return qb
      .andWhere(
        new Brackets((w) =>
          w
            .where('l.owner_id = :userId', { userId })
            .orWhere('l.owner_email = :email', { email })
            .orWhere(`EXISTS ${this.userOf(qb, 'l')}`),
        ),
      )
      .setParameter('email', email)
      .orderBy('l.created_at')
      .getMany();
  }

  /** A live license by id; `lock` holds its row until the transaction ends (needs `tx`). */
  live(id: string, tx?: Tx, lock = false): Promise<License | null> {
    const qb = this.of(License, tx).createQueryBuilder('l').where('l.id = :id AND l.revoked_at IS NULL', { id });
    return (lock ? qb.setLock('pessimistic_write') : qb).getOne();
  }

  /** A live license by its normalized key; with `lock`, its row held until the transaction ends. */
  liveByKey(key: string, tx?: Tx, lock = false): Promise<License | null> {
    const qb = this.of(License, tx).createQueryBuilder('l').where('l.key = :key AND l.revoked_at IS NULL', { key });
    return (lock ? qb.setLock('pessimistic_write') : qb).getOne();
  }

  isUser(licenseId: string, email: string, tx?: Tx): Promise<boolean> {
    return this.of(LicenseUser, tx).exists({ where: { licenseId, email } });
  }

  countUsers(licenseId: string, tx?: Tx): Promise<number> {
    return this.of(LicenseUser, tx).countBy({ licenseId });
  }

  /** Adds a user (nothing when already there). */
  async addUser(licenseId: string, email: string, tx?: Tx): Promise<void> {
    await this.of(LicenseUser, tx).createQueryBuilder().insert().values({ licenseId, email }).orIgnore().execute();
  }

  /** Whether the user was there. */
  async removeUser(licenseId: string, email: string): Promise<boolean> {
    return !!(await this.of(LicenseUser).delete({ licenseId, email })).affected;
  }

  /** Whether the device was there. */
  async removeDevice(licenseId: string, deviceId: string): Promise<boolean> {
    return !!(await this.of(LicenseDevice).delete({ id: deviceId, licenseId })).affected;
  }

  device(licenseId: string, deviceId: string): Promise<LicenseDevice | null> {
    return this.of(LicenseDevice).findOneBy({ licenseId, id: deviceId });
  }

  deviceByFingerprint(licenseId: string, fingerprint: string, tx?: Tx): Promise<LicenseDevice | null> {
    return this.of(LicenseDevice, tx).findOneBy({ licenseId, fingerprint });
  }

  /** Renames a device (its name and system as the desktop app reports them). */
  async describeDevice(device: LicenseDevice, tx?: Tx): Promise<void> {
    await this.of(LicenseDevice, tx).update({ id: device.id }, { name: device.name, os: device.os });
  }

  countDevices(licenseId: string, tx?: Tx): Promise<number> {
    return this.of(LicenseDevice, tx).countBy({ licenseId });
  }

  addDevice(values: NewDevice, tx?: Tx): Promise<LicenseDevice> {
    const repo = this.of(LicenseDevice, tx);
    return repo.save(repo.create(values));
  }

  devicesOf(licenseIds: string[]): Promise<LicenseDevice[]> {
    return this.of(LicenseDevice).find({ where: { licenseId: In(licenseIds) }, order: { activatedAt: 'ASC' } });
  }

  usersOf(licenseIds: string[]): Promise<LicenseUser[]> {
    return this.of(LicenseUser).find({ where: { licenseId: In(licenseIds) }, order: { addedAt: 'ASC' } });
  }

  async setCanceled(id: string, tx?: Tx): Promise<void> {
    await this.of(License, tx).update({ id }, { canceledAt: () => 'now()' });
  }

  /** The subscription goes on, billed per `plan`. */
  async resume(id: string, plan: License['plan'], tx?: Tx): Promise<void> {
    await this.of(License, tx).update({ id }, { canceledAt: null, plan });
  }

  /** Revokes the live licenses an account owns (by id, or by address when known); how many. */
  async revokeOwnedBy(userId: string, email: string | null, tx?: Tx): Promise<number> {
    const qb = this.of(License, tx)
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('revoked_at IS NULL');
    qb.andWhere(email ? '(owner_id = :userId OR owner_email = :email)' : 'owner_id = :userId', { userId, email });
    return (await qb.execute()).affected ?? 0;
  }

  /** Takes an address off every license it was added to. */
  async removeUserEverywhere(email: string, tx?: Tx): Promise<void> {
    await this.of(LicenseUser, tx).delete({ email });
  }

  /** Products of the valid (live, not expired) licenses the account owns or was added to. */
  async productsHeld(userId: string, email: string | null): Promise<Product[]> {
    const qb = this.of(License).createQueryBuilder('l').select('DISTINCT l.product', 'product');
    qb.where('l.revoked_at IS NULL').andWhere('(l.valid_until IS NULL OR l.valid_until > now())');
    qb.andWhere(
      new Brackets((w) => {
        w.where('l.owner_id = :userId', { userId });
        if (email) w.orWhere('l.owner_email = :email', { email }).orWhere(`EXISTS ${this.userOf(qb, 'l')}`);
      }),
    );
    return (await qb.getRawMany<{ product: Product }>()).map((r) => r.product);
  }

  /** Whether a checkout session already made its license (a re-delivered payment event). */
  madeBySession(sessionId: string, tx?: Tx): Promise<boolean> {
    return this.of(License, tx).exists({ where: { stripeSessionId: sessionId } });
  }

  /** A paid invoice: the subscription's licenses are valid at least until `end`. */
  async extendSubscription(subscriptionId: string, end: Date, tx?: Tx): Promise<void> {
    await this.bySubscription(subscriptionId, tx)
      .set({ validUntil: () => 'GREATEST(valid_until, :end)' })
      .setParameter('end', end)
      .execute();
  }

  /** The subscription will end with its period (`canceled`), or goes on again. */
  async markSubscriptionCanceled(subscriptionId: string, canceled: boolean, tx?: Tx): Promise<void> {
    await this.bySubscription(subscriptionId, tx)
      .set({ canceledAt: () => (canceled ? 'COALESCE(canceled_at, now())' : 'NULL') })
      .execute();
  }

  /** The subscription is over: its licenses end now (or earlier, if they already had). */
  async endSubscription(subscriptionId: string, tx?: Tx): Promise<void> {
    await this.bySubscription(subscriptionId, tx)
      .set({ canceledAt: () => 'COALESCE(canceled_at, now())', validUntil: () => 'LEAST(COALESCE(valid_until, now()), now())' })
      .execute();
  }

  private bySubscription(subscriptionId: string, tx?: Tx) {
    return this.of(License, tx).createQueryBuilder().update().where('stripe_subscription_id = :subscriptionId', { subscriptionId });
  }

  /** `(SELECT 1 FROM license_users ...)`: the address `:email` was added to the license aliased `alias`. */
  private userOf(qb: SelectQueryBuilder<License>, alias: string): string {
    return qb.subQuery().select('1').from(LicenseUser, 'u').where(`u.license_id = ${alias}.id AND u.email = :email`).getQuery();
  }
}

/** What the services use of {@link LicensesRepository} (unit tests give an in-memory one). */
export type LicenseStore = Pick<LicensesRepository, keyof LicensesRepository>;
