import { randomUUID } from 'node:crypto';
import type { DesktopTier, Product, UsageKind } from '@visualnotes/contracts';
import type { AccountStore } from '../accounts/accounts.repository';
import type { RedeemCodeStore } from '../appsumo/redeem-codes.repository';
import type { StripeEventStore } from '../billing/stripe-events.repository';
import type { TransactionRunner, Tx } from '../common/transactions';
import type { License, LicenseDevice, LicenseUser } from '../licenses/license.entity';
import type { LicenseStore, NewDevice, NewLicense } from '../licenses/licenses.repository';
import type { UsageStore } from '../usage/usage.repository';

/**
 * In-memory stand-ins for the license service's repositories, for unit tests of the rules in its
 * services. They keep the repositories' meaning (live licenses only, unique keys, one use per
 * count); the integration tests cover the real queries on PostgreSQL.
 */

/** Runs the work at once (no isolation: the unit tests run one call at a time). */
export const runAtOnce: TransactionRunner = { run: <T>(work: (tx: Tx) => Promise<T>) => work(undefined as unknown as Tx) };

export class InMemoryLicenses implements LicenseStore {
  readonly licenses: License[] = [];
  readonly devices: LicenseDevice[] = [];
  readonly users: LicenseUser[] = [];
  private readonly now = () => new Date();

  async insert(values: NewLicense): Promise<License> {
    if (this.licenses.some((l) => l.key === values.key)) throw Object.assign(new Error('duplicate key'), { constraint: 'licenses_key_key' });
    const l: License = { ...values, id: randomUUID(), canceledAt: null, revokedAt: null, createdAt: this.now(), updatedAt: this.now() };
    this.licenses.push(l);
    return { ...l };
  }
  async visibleTo(userId: string, email: string) {
    return this.alive().filter((l) => l.ownerId === userId || l.ownerEmail === email || this.users.some((u) => u.licenseId === l.id && u.email === email));
  }
  async live(id: string) {
    return this.alive().find((l) => l.id === id) ?? null;
  }
  async liveByKey(key: string) {
    return this.alive().find((l) => l.key === key) ?? null;
  }
  async isUser(licenseId: string, email: string) {
    return this.users.some((u) => u.licenseId === licenseId && u.email === email);
  }
  async countUsers(licenseId: string) {
    return this.users.filter((u) => u.licenseId === licenseId).length;
  }
  async addUser(licenseId: string, email: string) {
    if (!(await this.isUser(licenseId, email))) this.users.push({ licenseId, email, addedAt: this.now() });
  }
  async removeUser(licenseId: string, email: string) {
    return this.remove(this.users, (u) => u.licenseId === licenseId && u.email === email) > 0;
  }
  async removeDevice(licenseId: string, deviceId: string) {
    return this.remove(this.devices, (d) => d.licenseId === licenseId && d.id === deviceId) > 0;
  }
  async device(licenseId: string, deviceId: string) {
    const d = this.devices.find((x) => x.licenseId === licenseId && x.id === deviceId);
    return d ? { ...d } : null;
  }
  async deviceByFingerprint(licenseId: string, fingerprint: string) {
    const d = this.devices.find((x) => x.licenseId === licenseId && x.fingerprint === fingerprint);
    return d ? { ...d } : null;
  }
  async describeDevice(device: LicenseDevice) {
    Object.assign(
      this.devices.find((d) => d.id === device.id)!,
      { name: device.name, os: device.os },
    );
  }
  async countDevices(licenseId: string) {
    return this.devices.filter((d) => d.licenseId === licenseId).length;
  }
  async addDevice(values: NewDevice) {
    const d: LicenseDevice = { ...values, id: randomUUID(), activatedAt: this.now() };
    this.devices.push(d);
    return { ...d };
  }
  async devicesOf(ids: string[]) {
    return this.devices.filter((d) => ids.includes(d.licenseId));
  }
  async usersOf(ids: string[]) {
    return this.users.filter((u) => ids.includes(u.licenseId));
  }
  async setCanceled(id: string) {
    this.row(id).canceledAt = this.now();
  }
  async resume(id: string, plan: License['plan']) {
    Object.assign(this.row(id), { canceledAt: null, plan });
  }
  async revokeOwnedBy(userId: string, email: string | null) {
    const owned = this.alive().filter((l) => l.ownerId === userId || (email !== null && l.ownerEmail === email));
    for (const l of owned) this.row(l.id).revokedAt = this.now();
    return owned.length;
  }
  async removeUserEverywhere(email: string) {
    this.remove(this.users, (u) => u.email === email);
  }
  async productsHeld(userId: string, email: string | null) {
    const now = this.now();
    const held = this.alive().filter(
      (l) =>
        (!l.validUntil || l.validUntil > now) &&
        (l.ownerId === userId || (email !== null && (l.ownerEmail === email || this.users.some((u) => u.licenseId === l.id && u.email === email)))),
    );
    return [...new Set(held.map((l) => l.product))];
  }
  async madeBySession(sessionId: string) {
    return this.licenses.some((l) => l.stripeSessionId === sessionId);
  }
  async extendSubscription(subscriptionId: string, end: Date) {
    for (const l of this.bySubscription(subscriptionId)) l.validUntil = l.validUntil && l.validUntil > end ? l.validUntil : end;
  }
  async markSubscriptionCanceled(subscriptionId: string, canceled: boolean) {
    for (const l of this.bySubscription(subscriptionId)) l.canceledAt = canceled ? (l.canceledAt ?? this.now()) : null;
  }
  async endSubscription(subscriptionId: string) {
    const now = this.now();
    for (const l of this.bySubscription(subscriptionId)) {
      l.canceledAt ??= now;
      l.validUntil = l.validUntil && l.validUntil < now ? l.validUntil : now;
    }
  }

  private alive() {
    return this.licenses.filter((l) => !l.revokedAt).map((l) => ({ ...l }));
  }
  private row(id: string) {
    return this.licenses.find((l) => l.id === id)!;
  }
  private bySubscription(id: string) {
    return this.licenses.filter((l) => l.stripeSubscriptionId === id);
  }
  private remove<T>(list: T[], match: (item: T) => boolean): number {
    let removed = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      if (!match(list[i])) continue;
      list.splice(i, 1);
      removed++;
    }
    return removed;
  }
}

export class InMemoryAccounts implements AccountStore {
  readonly emails = new Map<string, string>();
  async remember(userId: string, email: string) {
    this.emails.set(userId, email.toLowerCase());
  }
  async emailOf(userId: string) {
    return this.emails.get(userId) ?? null;
  }
  async forget(userId: string) {
    this.emails.delete(userId);
  }
}

export class InMemoryUsage implements UsageStore {
  readonly counters = new Map<string, number>();
  async count(subject: string, kind: UsageKind, period: string, limit: number | null) {
    const key = `${subject}|${kind}|${period}`;
    const used = this.counters.get(key) ?? 0;
    if (limit !== null && used >= limit) return null;
    this.counters.set(key, used + 1);
    return used + 1;
  }
  async uncount(subject: string, kind: UsageKind, period: string) {
    const key = `${subject}|${kind}|${period}`;
    const used = Math.max(0, (this.counters.get(key) ?? 0) - 1);
    if (this.counters.has(key)) this.counters.set(key, used);
    return used;
  }
  async used(subject: string, kind: UsageKind, period: string) {
    return this.counters.get(`${subject}|${kind}|${period}`) ?? 0;
  }
  async forget(subject: string) {
    for (const key of [...this.counters.keys()]) if (key.startsWith(`${subject}|`)) this.counters.delete(key);
  }
}

export class InMemoryStripeEvents implements StripeEventStore {
  readonly seen = new Set<string>();
  async record(id: string) {
    if (this.seen.has(id)) return false;
    this.seen.add(id);
    return true;
  }
}

export class InMemoryRedeemCodes implements RedeemCodeStore {
  readonly codes = new Map<string, { product: Product; tier: DesktopTier; redeemedBy: string | null; licenseId: string | null }>();
  async add(hashes: string[], product: Product, tier: DesktopTier) {
    let added = 0;
    for (const h of hashes) {
      if (this.codes.has(h)) continue;
      this.codes.set(h, { product, tier, redeemedBy: null, licenseId: null });
      added++;
    }
    return added;
  }
  async claim(hash: string, userId: string) {
    const code = this.codes.get(hash);
    if (!code || code.redeemedBy) return null;
    code.redeemedBy = userId;
    return { product: code.product, tier: code.tier };
  }
  async attach(hash: string, licenseId: string) {
    this.codes.get(hash)!.licenseId = licenseId;
  }
}
