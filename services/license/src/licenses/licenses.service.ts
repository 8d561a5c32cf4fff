import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  isWellFormedLicenseKey,
  LicenseStatus,
  normalizeLicenseKey,
  type ActivationView,
  type Billing,
  type DesktopTier,
  type LicenseCaller,
  type LicenseDeviceView,
  type LicensePlan,
  type LicenseView,
  type Product,
} from '@visualnotes/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountsDirectory, isUuid } from '../common/accounts.directory';
import { ActivationSigner } from '../activation/activation-signer';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { maxDevicesOf, PlansConfig } from '../plans/plans.config';
import { rows } from '../common/sql';
import { KeyGuard } from './key-guard';
import { newLicenseKey } from './license-key';

export interface LicenseRow {
  id: string;
  key: string;
  name: string;
  product: Product;
  tier: DesktopTier;
  plan: LicensePlan;
  max_devices: number;
  owner_id: string | null;
  owner_email: string;
  valid_from: Date;
  valid_until: Date | null;
  canceled_at: Date | null;
  revoked_at: Date | null;
  source: 'operator' | 'stripe' | 'appsumo';
  stripe_subscription_id: string | null;
}
interface DeviceRow {
  id: string;
  license_id: string;
  fingerprint: string;
  name: string;
  os: string;
  activated_at: Date;
}

export interface IssueOptions {
  email: string;
  ownerId?: string | null;
  product: Product;
  tier: DesktopTier;
  plan: LicensePlan;
  name?: string;
  source: LicenseRow['source'];
  stripeSessionId?: string | null;
  stripeSubscriptionId?: string | null;
  /** Defaults to one billing period from now (none for lifetime). */
  validUntil?: Date | null;
}

const MAX_USERS_PER_LICENSE = 50;
const L = `"license"."licenses"`;
const D = `"license"."license_devices"`;
const U = `"license"."license_users"`;

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

/** Licenses, their devices and users. Visibility: the owner and users added by e-mail; management: the owner. */
@Injectable()
export class LicensesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly entitlements: EntitlementsService,
    private readonly accounts: AccountsDirectory,
    private readonly signer: ActivationSigner,
    private readonly guard: KeyGuard,
  ) {}

  async issue(o: IssueOptions, m: EntityManager = this.db.manager): Promise<LicenseRow> {
    const email = o.email.trim().toLowerCase();
    const now = new Date();
    const validUntil = o.validUntil === undefined ? periodEnd(o.plan, now) : o.validUntil;
    for (let attempt = 0; ; attempt++) {
      try {
        const [row] = (await m.query(
          `INSERT INTO ${L} (key, name, product, tier, plan, max_devices, owner_id, owner_email, valid_from, valid_until, source, stripe_session_id, stripe_subscription_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
          [
            newLicenseKey(),
            (o.name ?? licenseName(o.product, o.tier)).slice(0, 120),
            o.product,
            o.tier,
            o.plan,
            o.product === 'publisher' ? 0 : maxDevicesOf(o.tier),
            o.ownerId ?? null,
            email,
            now,
            validUntil,
            o.source,
            o.stripeSessionId ?? null,
            o.stripeSubscriptionId ?? null,
          ],
        )) as LicenseRow[];
        await this.entitlements.invalidate();
        return row;
      } catch (err) {
        // a key already in use (1 in 10^15 per license): draw another
        if ((err as { code?: string; constraint?: string }).constraint === 'licenses_key_key' && attempt < 5) continue;
        throw err;
      }
    }
  }

  async list(caller: LicenseCaller): Promise<LicenseView[]> {
    const c = await this.identify(caller);
    const found = (await this.db.query(
      `SELECT * FROM ${L} l WHERE l.revoked_at IS NULL
         AND (l.owner_id = $1 OR l.owner_email = $2 OR EXISTS (SELECT 1 FROM ${U} u WHERE u.license_id = l.id AND u.email = $2))
       ORDER BY l.created_at`,
      [c.user_id, c.email],
    )) as LicenseRow[];
    return this.views(found, c);
  }

  async get(caller: LicenseCaller, licenseId: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    return (await this.views([await this.accessible(this.db.manager, c, licenseId, false)], c))[0];
  }

  /** The view an operator sees right after issuing (as the owner would). */
  async viewForOwner(l: LicenseRow): Promise<LicenseView> {
    return (await this.views([l], { user_id: l.owner_id ?? '', email: l.owner_email }))[0];
  }

  async removeDevice(caller: LicenseCaller, licenseId: string, deviceId: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.accessible(this.db.manager, c, licenseId, false);
    if (!isUuid(deviceId)) throw new DomainError('NOT_FOUND');
    const res = await rows(this.db, `DELETE FROM ${D} WHERE id = $1 AND license_id = $2 RETURNING id`, [deviceId, licenseId]);
    if (!res.length) throw new DomainError('NOT_FOUND');
    return this.get(c, licenseId);
  }

  async addUser(caller: LicenseCaller, licenseId: string, userEmail: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    const email = typeof userEmail === 'string' ? userEmail.trim().toLowerCase() : '';
    if (!email) throw new DomainError('LICENSE_USER_EMAIL_REQUIRED');
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new DomainError('VALIDATION_FAILED', 'Please enter a valid e-mail address');
    await this.db.transaction(async (m) => {
      const lic = await this.accessible(m, c, licenseId, true, true);
      if (email === lic.owner_email) return;
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${U} WHERE license_id = $1`, [licenseId])) as { n: number }[];
      if (n >= MAX_USERS_PER_LICENSE) throw new DomainError('CONFLICT', `A license can have at most ${MAX_USERS_PER_LICENSE} users`);
      await m.query(`INSERT INTO ${U} (license_id, email) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [licenseId, email]);
    });
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  async removeUser(caller: LicenseCaller, licenseId: string, userEmail: string): Promise<LicenseView> {
    const c = await this.identify(caller);
    const email = typeof userEmail === 'string' ? userEmail.trim().toLowerCase() : '';
    if (!email) throw new DomainError('LICENSE_USER_EMAIL_REQUIRED');
    await this.accessible(this.db.manager, c, licenseId, true);
    const res = await rows(this.db, `DELETE FROM ${U} WHERE license_id = $1 AND email = $2 RETURNING email`, [licenseId, email]);
    if (!res.length) throw new DomainError('NOT_FOUND');
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  /** Ends the subscription at the end of the period already paid; the license stays Active until then. */
  async unsubscribe(caller: LicenseCaller, licenseId: string, beforeCommit?: (l: LicenseRow) => Promise<void>): Promise<LicenseView> {
    const c = await this.identify(caller);
    await this.db.transaction(async (m) => {
      const lic = await this.accessible(m, c, licenseId, true, true);
      if (lic.plan === 'lifetime') throw new DomainError('VALIDATION_FAILED', 'A lifetime license has no subscription to cancel');
      if (lic.canceled_at) return;
      await m.query(`UPDATE ${L} SET canceled_at = now(), updated_at = now() WHERE id = $1`, [licenseId]);
      await beforeCommit?.(lic);
    });
    return this.get(c, licenseId);
  }

  /** Resumes a canceled subscription, monthly or yearly; the paid period is kept. */
  async resume(caller: LicenseCaller, licenseId: string, billing: Billing, beforeCommit?: (l: LicenseRow) => Promise<void>): Promise<LicenseView> {
    const c = await this.identify(caller);
    if (billing !== 'monthly' && billing !== 'yearly') throw new DomainError('VALIDATION_FAILED', 'billing must be monthly or yearly');
    await this.db.transaction(async (m) => {
      const lic = await this.accessible(m, c, licenseId, true, true);
      if (lic.plan === 'lifetime') throw new DomainError('VALIDATION_FAILED', 'A lifetime license has no subscription to resume');
      await m.query(`UPDATE ${L} SET canceled_at = NULL, plan = $2, updated_at = now() WHERE id = $1`, [licenseId, billing]);
      await beforeCommit?.(lic);
    });
    await this.entitlements.invalidate();
    return this.get(c, licenseId);
  }

  /**
   * Device activation. The license row is locked (`FOR UPDATE`) while slots are counted, so
   * parallel activations for the last slot queue: exactly one gets it. The same fingerprint
   * activating again keeps its slot.
   */
  async activate(caller: LicenseCaller, key: string, fingerprint: string, device: { name?: string; os?: string }): Promise<ActivationView> {
    const c = await this.identify(caller);
    if (typeof key !== 'string' || !isWellFormedLicenseKey(key)) throw new DomainError('LICENSE_KEY_MALFORMED');
    const fp = typeof fingerprint === 'string' ? fingerprint.trim() : '';
    if (!fp || fp.length > 200) throw new DomainError('VALIDATION_FAILED', 'A device fingerprint is required');
    const name = String(device?.name ?? '').slice(0, 100);
    const os = String(device?.os ?? '').slice(0, 100);
    await this.guard.check(c.user_id, c.ip);
    const { lic, dev } = await this.db.transaction(async (m) => {
      const [found] = (await m.query(`SELECT * FROM ${L} WHERE key = $1 AND revoked_at IS NULL FOR UPDATE`, [normalizeLicenseKey(key)])) as LicenseRow[];
      if (!found || !(await this.mayUse(m, found, c))) return { lic: null, dev: null };
      if (found.valid_until && found.valid_until <= new Date()) throw new DomainError('LICENSE_EXPIRED');
      const [reused] = await rows<DeviceRow>(
        m,
        `UPDATE ${D} SET name = CASE WHEN $3 = '' THEN name ELSE $3 END, os = CASE WHEN $4 = '' THEN os ELSE $4 END
          WHERE license_id = $1 AND fingerprint = $2 RETURNING *`,
        [found.id, fp, name, os],
      );
      if (reused) return { lic: found, dev: reused };
      const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM ${D} WHERE license_id = $1`, [found.id])) as { n: number }[];
      if (n >= found.max_devices) throw new DomainError('LICENSE_FULL');
      const [created] = (await m.query(
        `INSERT INTO ${D} (license_id, fingerprint, name, os, activated_by) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
        [found.id, fp, name, os, c.user_id],
      )) as DeviceRow[];
      return { lic: found, dev: created };
    });
    if (!lic || !dev) {
      await this.guard.failed(c.user_id, c.ip);
      throw new DomainError('LICENSE_NOT_FOUND');
    }
    const view = (await this.views([lic], c))[0];
    const token = this.signer.sign({
      iss: 'visualnotes',
      sub: c.user_id,
      license_id: lic.id,
      fingerprint: fp,
      device_id: dev.id,
      product: lic.product,
      tier: lic.tier,
      plan: lic.plan,
      max_devices: lic.max_devices,
      valid_until: lic.valid_until?.toISOString() ?? null,
      iat: Math.floor(Date.now() / 1000),
      ...(lic.valid_until ? { exp: Math.floor(lic.valid_until.getTime() / 1000) } : {}),
    });
    return { license: view, device: deviceView(dev), activation_token: token };
  }

  /** `account.deleted`: licenses the account owns are revoked, its memberships and counters removed. */
  async revokeAccount(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const email = await this.accounts.emailOf(userId);
    const revoked = await this.db.transaction(async (m) => {
      const done = await rows(
        m,
        `UPDATE ${L} SET revoked_at = now(), updated_at = now()
          WHERE revoked_at IS NULL AND (owner_id = $1 OR ($2::text IS NOT NULL AND owner_email = $2)) RETURNING id`,
        [userId, email],
      );
      if (email) await m.query(`DELETE FROM ${U} WHERE email = $1`, [email]);
      await m.query(`DELETE FROM "license"."usage_counters" WHERE subject = $1`, [userId]);
      return done.length;
    });
    await this.accounts.forget(userId);
    await this.entitlements.invalidate();
    return revoked;
  }

  // ---- helpers ----

  private async identify(caller: LicenseCaller): Promise<LicenseCaller> {
    if (!caller || !isUuid(caller.user_id) || typeof caller.email !== 'string' || !caller.email) throw new DomainError('UNAUTHORIZED');
    const c = { ...caller, email: caller.email.toLowerCase() };
    await this.accounts.remember(c.user_id, c.email);
    return c;
  }

  private isOwner(l: LicenseRow, c: LicenseCaller): boolean {
    return l.owner_id === c.user_id || l.owner_email === c.email;
  }

  private async mayUse(m: EntityManager, l: LicenseRow, c: LicenseCaller): Promise<boolean> {
    if (this.isOwner(l, c)) return true;
    const found = (await m.query(`SELECT 1 FROM ${U} WHERE license_id = $1 AND email = $2`, [l.id, c.email])) as unknown[];
    return found.length > 0;
  }

  /** The license if the caller may see it (404 otherwise: others' licenses are not revealed); 403 when owning is needed. */
  private async accessible(m: EntityManager, c: LicenseCaller, licenseId: string, owner: boolean, lock = false): Promise<LicenseRow> {
    if (!isUuid(licenseId)) throw new DomainError('NOT_FOUND');
    const [l] = (await m.query(`SELECT * FROM ${L} WHERE id = $1 AND revoked_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [licenseId])) as LicenseRow[];
    if (!l || !(await this.mayUse(m, l, c))) throw new DomainError('NOT_FOUND');
    if (owner && !this.isOwner(l, c)) throw new DomainError('FORBIDDEN', 'Only the owner of this license can do this');
    return l;
  }

  private async views(list: LicenseRow[], c: LicenseCaller): Promise<LicenseView[]> {
    if (!list.length) return [];
    const ids = list.map((r) => r.id);
    const devices = (await this.db.query(`SELECT * FROM ${D} WHERE license_id = ANY($1) ORDER BY activated_at`, [ids])) as DeviceRow[];
    const users = (await this.db.query(`SELECT license_id, email FROM ${U} WHERE license_id = ANY($1) ORDER BY added_at`, [ids])) as {
      license_id: string;
      email: string;
    }[];
    const now = new Date();
    return list.map((l) => ({
      id: l.id,
      name: l.name,
      key: l.key.trim(),
      product: l.product,
      status: l.canceled_at ? LicenseStatus.canceled : LicenseStatus.active,
      plan: l.plan,
      tier: l.tier,
      max_devices: l.max_devices,
      valid_from: l.valid_from.toISOString(),
      valid_until: l.valid_until?.toISOString() ?? null,
      expired: !!l.valid_until && l.valid_until <= now,
      owner: this.isOwner(l, c),
      owner_email: l.owner_email,
      devices: devices.filter((d) => d.license_id === l.id).map(deviceView),
      users: users.filter((u) => u.license_id === l.id).map((u) => ({ email: u.email })),
    }));
  }
}

function deviceView(d: DeviceRow): LicenseDeviceView {
  return { id: d.id, name: d.name, os: d.os, fingerprint: d.fingerprint, activated_at: new Date(d.activated_at).toISOString() };
}
