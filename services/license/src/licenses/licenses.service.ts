import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import {
  DomainError,
  isUuid,
  Messages,
  type ActivationView,
  type Billing,
  type DesktopTier,
  type LicenseCaller,
  type LicensePlan,
  type LicenseView,
  type Product,
} from '@visualnotes/contracts';
import { AccountsRepository, type AccountStore } from '../accounts/accounts.repository';
import { ActivationSigner } from '../activation/activation-signer';
import { LicenseRedis } from '../common/license-redis';
import { Transactions, type TransactionRunner, type Tx } from '../common/transactions';
import type { LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { maxDevicesOf, PlansConfig } from '../plans/plans.config';
import { UsageRepository, type UsageStore } from '../usage/usage.repository';
import { KeyGuard } from './key-guard';
import type { License, LicenseSource } from './license.entity';
import { newLicenseKey } from './license-key';
import { deviceView, isOwner, licenseView } from './license.view';
import { isKeyTaken, LicensesRepository, type LicenseStore } from './licenses.repository';

export interface IssueOptions {
  email: string;
  ownerId?: string | null;
  product: Product;
  tier: DesktopTier;
  plan: LicensePlan;
  name?: string;
  source: LicenseSource;
  stripeSessionId?: string | null;
  stripeSubscriptionId?: string | null;
  /** Defaults to one billing period from now (none for lifetime). */
  validUntil?: Date | null;
}

export const MAX_USERS_PER_LICENSE = 50;

export function periodEnd(plan: LicensePlan, from: Date): Date | null {
  if (plan === 'lifetime') return null;
  const d = new Date(from);
  if (plan === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

function licenseName(product: Product, tier: DesktopTier): string {
  // the tier names already say "Pro" (Pro, Pro Plus, Pro Max): "Desktop Pro Plus", never "Desktop Pro Pro"
  if (product === 'desktop') return `Desktop ${PlansConfig.tiers[tier].name}`;
  return PlansConfig.products[product].name;
}

/**
 * The rules of licenses, their devices and users. Visibility: the owner and users added by
 * e-mail (others are told a license does not exist); management: the owner. Queries live in
 * {@link LicensesRepository}, the answer's shape in `license.view.ts`.
 */
@Injectable()
export class LicensesService {
  constructor(
    @Inject(LicensesRepository) private readonly licenses: LicenseStore,
    @Inject(Transactions) private readonly transactions: TransactionRunner,
    @Inject(EntitlementsService) private readonly entitlements: Pick<EntitlementsService, 'invalidate'>,
    @Inject(AccountsRepository) private readonly accounts: AccountStore,
    @Inject(UsageRepository) private readonly usage: Pick<UsageStore, 'forget'>,
    private readonly signer: ActivationSigner,
    private readonly guard: KeyGuard,
    private readonly redis: LicenseRedis,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  async issue(o: IssueOptions, tx?: Tx): Promise<License> {
    const validFrom = new Date();
    const values = {
      name: (o.name ?? licenseName(o.product, o.tier)).slice(0, 120),
      product: o.product,
      tier: o.tier,
      plan: o.plan,
      maxDevices: o.product === 'publisher' ? 0 : maxDevicesOf(o.tier),
      ownerId: o.ownerId ?? null,
      ownerEmail: o.email.trim().toLowerCase(),
      validFrom,
      validUntil: o.validUntil === undefined ? periodEnd(o.plan, validFrom) : o.validUntil,
      source: o.source,
      stripeSessionId: o.stripeSessionId ?? null,
      stripeSubscriptionId: o.stripeSubscriptionId ?? null,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        const license = await this.licenses.insert({ ...values, key: newLicenseKey() }, tx);
        await this.entitlements.invalidate();
        return license;
      } catch (err) {
        // a key already in use (1 in 10^15 per license): draw another
        if (isKeyTaken(err) && attempt < 5) continue;
        throw err;
      }
    }
  }

  async list(caller: LicenseCaller): Promise<LicenseView[]> {
    const c = await this.identify(caller);
    return this.views(await this.licenses.visibleTo(c.user_id, c.email), c);
  }

  async get(caller: LicenseCaller, licenseId: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    return (await this.views([await this.accessible(c, licenseId, false)], c))[0];
  }

  /** The view an operator sees right after issuing (as the owner would). */
  async viewForOwner(l: License): Promise<LicenseView> {
    return (await this.views([l], { user_id: l.ownerId ?? '', email: l.ownerEmail }))[0];
  }

  /**
   * The owner removes any device, a user added to the license the ones they activated. Removals
   * are limited to the license's slot count per DEVICE_REMOVALS_WINDOW_S: removing and activating
   * in turn cannot run the app on more machines than the license allows (a removed device's token
   * still works offline until it expires, ACTIVATION_TOKEN_TTL_S).
   */
  async removeDevice(caller: LicenseCaller, licenseId: string, deviceId: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    const lic = await this.accessible(c, licenseId, false);
    const device = await this.licenses.device(licenseId, deviceId);
    if (!device) throw new DomainError('NOT_FOUND');
    if (!deviceView(device, lic, c).removable) throw new DomainError('FORBIDDEN', Messages.deviceNotYours);
    const removals = `deviceremovals:${licenseId}`;
    const [[, count]] = (await this.redis.client.multi().incr(removals).expire(removals, this.config.DEVICE_REMOVALS_WINDOW_S, 'NX').exec()) ?? [[null, 0]];
    const giveBack = () => this.redis.client.decr(removals);
    if (Number(count) > lic.maxDevices) {
      await giveBack();
      throw new DomainError('RATE_LIMITED', Messages.deviceRemovalsUsedUp);
    }
    if (!(await this.licenses.removeDevice(licenseId, deviceId))) {
      await giveBack();
      throw new DomainError('NOT_FOUND');
    }
    return this.get(c, licenseId);
  }

  /** `email`: a valid address, lower-cased. Adding the owner, or someone already added, changes nothing. */
  async addUser(caller: LicenseCaller, licenseId: string, email: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.transactions.run(async (tx) => {
      const lic = await this.accessible(c, licenseId, true, tx);
      if (email === lic.ownerEmail) return;
      if ((await this.licenses.countUsers(licenseId, tx)) >= MAX_USERS_PER_LICENSE) {
        throw new DomainError('CONFLICT', `A license can have at most ${MAX_USERS_PER_LICENSE} users`);
      }
      await this.licenses.addUser(licenseId, email, tx);
    });
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  /** `email`: lower-cased. */
  async removeUser(caller: LicenseCaller, licenseId: string, email: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.accessible(c, licenseId, true);
    if (!(await this.licenses.removeUser(licenseId, email))) throw new DomainError('NOT_FOUND');
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  /** Ends the subscription at the end of the period already paid; the license stays Active until then. */
  async unsubscribe(caller: LicenseCaller, licenseId: string, beforeCommit?: (l: License) => Promise<void>): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.transactions.run(async (tx) => {
      const lic = await this.accessible(c, licenseId, true, tx);
      if (lic.plan === 'lifetime') throw new DomainError('VALIDATION_FAILED', 'A lifetime license has no subscription to cancel');
      if (lic.canceledAt) return;
      await this.licenses.setCanceled(licenseId, tx);
      await beforeCommit?.(lic);
    });
    return this.get(c, licenseId);
  }

  /** Resumes a canceled subscription, monthly or yearly; the paid period is kept. */
  async resume(caller: LicenseCaller, licenseId: string, billing: Billing, beforeCommit?: (l: License) => Promise<void>): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.transactions.run(async (tx) => {
      const lic = await this.accessible(c, licenseId, true, tx);
      if (lic.plan === 'lifetime') throw new DomainError('VALIDATION_FAILED', 'A lifetime license has no subscription to resume');
      await this.licenses.resume(licenseId, billing, tx);
      await beforeCommit?.(lic);
    });
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  /**
   * Device activation. `key` is well-formed and normalized and `fingerprint` trimmed (checked at
   * the RPC boundary). The license row is locked while slots are counted, so parallel activations
   * for the last slot queue: exactly one gets it. The same fingerprint activating again keeps its slot.
   */
  async activate(caller: LicenseCaller, key: string, fingerprint: string, device: { name: string; os: string }): Promise<ActivationView> {
    const c = await this.identify(caller);
    await this.guard.attempt(c.user_id, c.ip);
    /** The license and, when this device already holds one of its slots, that device (renamed as reported). */
    const lookUp = async (tx?: Tx, lock = false) => {
      const lic = await this.licenses.liveByKey(key, tx, lock);
      if (!lic || !(await this.mayUse(lic, c, tx))) return null;
      if (lic.validUntil && lic.validUntil <= new Date()) throw new DomainError('LICENSE_EXPIRED');
      const known = await this.licenses.deviceByFingerprint(lic.id, fingerprint, tx);
      if (!known) return { lic, dev: null };
      // an empty name or system keeps the one reported before
      const renamed = { ...known, name: device.name || known.name, os: device.os || known.os };
      if (renamed.name !== known.name || renamed.os !== known.os) await this.licenses.describeDevice(renamed, tx);
      return { lic, dev: renamed };
    };
    // A device that holds a slot already (the desktop app activates at every start) takes none:
    // it is answered without the license row's lock, which only new devices queue for.
    const giveBack = () => this.guard.succeeded(c.user_id, c.ip);
    let found = await lookUp().catch(async (err: unknown) => {
      await giveBack(); // an expired license: the key was right
      throw err;
    });
    if (!found) throw new DomainError('LICENSE_NOT_FOUND');
    await giveBack(); // the key is right, whether or not a slot is free
    if (!found.dev) {
      found = await this.transactions.run(async (tx) => {
        const locked = await lookUp(tx, true);
        if (!locked || locked.dev) return locked;
        const lic = locked.lic;
        if ((await this.licenses.countDevices(lic.id, tx)) >= lic.maxDevices) throw new DomainError('LICENSE_FULL');
        const dev = await this.licenses.addDevice({ licenseId: lic.id, fingerprint, name: device.name, os: device.os, activatedBy: c.user_id }, tx);
        return { lic, dev };
      });
    }
    if (!found?.dev) throw new DomainError('LICENSE_NOT_FOUND'); // revoked meanwhile
    const { lic, dev } = found;
    const view = (await this.views([lic], c))[0];
    const now = Date.now();
    const token = this.signer.sign({
      iss: 'visualnotes',
      sub: c.user_id,
      license_id: lic.id,
      fingerprint,
      device_id: dev.id,
      product: lic.product,
      tier: lic.tier,
      plan: lic.plan,
      max_devices: lic.maxDevices,
      valid_until: lic.validUntil?.toISOString() ?? null,
      iat: Math.floor(now / 1000),
      // Offline for a while, at most until the license ends: the app renews it by activating again.
      exp: Math.floor(Math.min(now + this.config.ACTIVATION_TOKEN_TTL_S * 1000, lic.validUntil?.getTime() ?? Infinity) / 1000),
    });
    return { license: view, device: deviceView(dev, lic, c), activation_token: token };
  }

  /** `account.deleted`: licenses the account owns are revoked, its memberships and counters removed. */
  async revokeAccount(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0; // a job payload, not checked at the RPC boundary
    const email = await this.accounts.emailOf(userId);
    const revoked = await this.transactions.run(async (tx) => {
      const count = await this.licenses.revokeOwnedBy(userId, email, tx);
      if (email) await this.licenses.removeUserEverywhere(email, tx);
      await this.usage.forget(userId, tx);
      return count;
    });
    await this.accounts.forget(userId);
    await this.entitlements.invalidate();
    return revoked;
  }

  // ---- helpers ----

  /** Records the caller's address (licenses are shared by address); `email` is lower-cased. */
  private async identify(caller: LicenseCaller): Promise<LicenseCaller> {
    const c = { ...caller, email: caller.email.toLowerCase() };
    await this.accounts.remember(c.user_id, c.email);
    return c;
  }

  private async mayUse(l: License, c: LicenseCaller, tx?: Tx): Promise<boolean> {
    return isOwner(l, c) || (await this.licenses.isUser(l.id, c.email, tx));
  }

  /** The license if the caller may see it (404 otherwise: others' licenses are not revealed); 403 when owning is needed. */
  private async accessible(c: LicenseCaller, licenseId: string, owner: boolean, tx?: Tx): Promise<License> {
    const l = await this.licenses.live(licenseId, tx, !!tx);
    if (!l || !(await this.mayUse(l, c, tx))) throw new DomainError('NOT_FOUND');
    if (owner && !isOwner(l, c)) throw new DomainError('FORBIDDEN', 'Only the owner of this license can do this');
    return l;
  }

  private async views(list: License[], c: { user_id: string; email: string }): Promise<LicenseView[]> {
    if (!list.length) return [];
    const ids = list.map((l) => l.id);
    const [devices, users] = await Promise.all([this.licenses.devicesOf(ids), this.licenses.usersOf(ids)]);
    const now = new Date();
    return list.map((l) => licenseView(l, c, devices, users, now));
  }
}
