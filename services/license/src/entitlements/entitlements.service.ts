import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcClient, SERVICE_CONFIG } from '@visualnotes/common';
import { hasScope, isUuid, Patterns, type Entitlements, type Product, type UsageView } from '@visualnotes/contracts';
import { AccountsRepository, type AccountStore } from '../accounts/accounts.repository';
import { LicenseRedis } from '../common/license-redis';
import type { LicenseConfig } from '../config';
import { LicensesRepository, type LicenseStore } from '../licenses/licenses.repository';
import { usagePeriod } from '../usage/usage-period';

/** What an account holds from its licenses, its referrals and the scope stored on the account. */
export interface Holdings {
  products: Product[];
  referralUnlocked: boolean;
  /** The account's stored scope (operators grant plans there). */
  scope: unknown;
  email: string | null;
}

const NONE: Entitlements = { premium: false, publisher: false, desktop_pro: false, unlimited_videos: false, unlimited_summaries: false };
/** How long to wait for the auth service before answering from licenses alone. */
const AUTH_WAIT_MS = 2_000;

/** Redis keys (under the service's prefix) of the entitlement cache. */
const GEN_KEY = 'ent:gen';
const holdingsKey = (userId: string) => `ent:h:${userId}`;
const usageKey = (userId: string) => `ent:u:${userId}`;

/** What one Redis round trip found in the cache for an account (null: not there, stale or of another generation). */
export interface CachedEntitlements {
  holdings: Holdings | null;
  usage: UsageView | null;
  /** The generation read with the entry: an answer computed now is stored under it. */
  generation: string;
}

/**
 * Entitlements: Premium = unlimited cloud with a Desktop Pro license; Publisher =
 * publishing; a referral unlock = unlimited videos and AI summaries; users added to a license by
 * e-mail get its benefits; operators grant through scope entries `premium`, `publisher`,
 * `desktop_pro` and `unlimited`.
 *
 * Cache: the holdings of an account (`ent:h:<user>`) and its usage counters of the month
 * (`ent:u:<user>`) are kept in Redis for ENTITLEMENTS_CACHE_S. A cached look-up is a single MGET
 * of the generation number and the entries: no database, no RPC. Every change of a license (issue,
 * payment, user added or removed, revocation, account deletion) increments the generation, which
 * makes every stored holdings entry stale at once; counting a use drops that account's usage entry;
 * opening the Invite panel drops the account's holdings entry. Changes made in the auth service (a
 * friend activating, a scope change) are otherwise not signalled: they show after at most
 * ENTITLEMENTS_CACHE_S seconds.
 */
@Injectable()
export class EntitlementsService {
  private readonly logger = new Logger(EntitlementsService.name);

  constructor(
    @Inject(LicensesRepository) private readonly licenses: Pick<LicenseStore, 'productsHeld'>,
    private readonly redis: LicenseRedis,
    private readonly rpc: RpcClient,
    @Inject(AccountsRepository) private readonly accounts: AccountStore,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  async get(userId: string, scope?: unknown, email?: string): Promise<Entitlements> {
    if (!isUuid(userId)) return fromScope(scope, { ...NONE });
    const h = await this.holdings(userId, email);
    return fromScope(scope, fromScope(h.scope, fromHoldings(h)));
  }

  /** Call after any change of licenses: cached answers are no longer used. */
  async invalidate(): Promise<void> {
    await this.redis.client.incr(GEN_KEY).catch((err: Error) => this.logger.warn(`cache invalidation failed: ${err.message}`));
  }

  /** Drops the cached holdings of one account. */
  async forgetCached(userId: string): Promise<void> {
    await this.redis.client.del(holdingsKey(userId)).catch(() => undefined);
  }

  /** Drops the cached usage counters of one account (after a use was counted). */
  async forgetUsage(subject: string): Promise<void> {
    if (isUuid(subject)) await this.redis.client.del(usageKey(subject)).catch(() => undefined);
  }

  /**
   * The cache entries of an account in one round trip. `email`, when given, must be the one the
   * holdings were made for (licenses name users by e-mail).
   */
  async cached(userId: string, email?: string, withUsage = false): Promise<CachedEntitlements> {
    const none: CachedEntitlements = { holdings: null, usage: null, generation: '0' };
    if (this.config.ENTITLEMENTS_CACHE_S <= 0) return none;
    const keys = withUsage ? [GEN_KEY, holdingsKey(userId), usageKey(userId)] : [GEN_KEY, holdingsKey(userId)];
    const found = await this.redis.client.mget(...keys).catch(() => null);
    if (!found) return none;
    const [gen, h, u] = found;
    const generation = gen ?? '0';
    const held = parse<{ g: string; h: Holdings }>(h);
    const used = parse<{ p: string; u: UsageView }>(u);
    return {
      generation,
      holdings: held && held.g === generation && (!email || held.h.email === email.toLowerCase()) ? held.h : null,
      usage: used && used.p === usagePeriod(false) ? used.u : null,
    };
  }

  async keepUsage(userId: string, usage: UsageView): Promise<void> {
    const ttl = this.config.ENTITLEMENTS_CACHE_S;
    if (ttl > 0) await this.redis.client.set(usageKey(userId), JSON.stringify({ p: usagePeriod(false), u: usage }), 'EX', ttl).catch(() => undefined);
  }

  async holdings(userId: string, email?: string, cached?: CachedEntitlements): Promise<Holdings> {
    const hit = cached ?? (await this.cached(userId, email));
    if (hit.holdings) return hit.holdings;
    if (email) await this.accounts.remember(userId, email);
    const account = await this.account(userId);
    const known = (email ?? account?.email ?? (await this.accounts.emailOf(userId)))?.toLowerCase() ?? null;
    if (account?.email) await this.accounts.remember(userId, account.email);
    const products = await this.licenses.productsHeld(userId, known);
    const h: Holdings = {
      products,
      referralUnlocked: (account?.activated ?? 0) >= this.config.REFERRAL_FRIENDS_NEEDED,
      scope: account?.scope ?? null,
      email: known,
    };
    // an answer made without the auth service is not kept: it may lack the referral unlock
    const ttl = this.config.ENTITLEMENTS_CACHE_S;
    if (ttl > 0 && account) {
      await this.redis.client.set(holdingsKey(userId), JSON.stringify({ g: hit.generation, h }), 'EX', ttl).catch(() => undefined);
    }
    return h;
  }

  private async account(userId: string) {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.rpc.send(Patterns.auth.referral, { user_id: userId }),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), AUTH_WAIT_MS))),
      ]);
    } catch (err) {
      this.logger.debug(`account ${userId} not known to auth: ${(err as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
}

export function fromHoldings(h: Holdings): Entitlements {
  const premium = h.products.includes('premium');
  return {
    premium,
    publisher: h.products.includes('publisher'),
    desktop_pro: premium || h.products.includes('desktop'),
    unlimited_videos: premium || h.referralUnlocked,
    unlimited_summaries: premium || h.referralUnlocked,
  };
}

/** Operator grants through a scope. */
export function fromScope(scope: unknown, e: Entitlements): Entitlements {
  if (!scope) return e;
  const premium = e.premium || hasScope(scope, 'premium');
  const unlimited = hasScope(scope, 'unlimited');
  return {
    premium,
    publisher: e.publisher || hasScope(scope, 'publisher'),
    desktop_pro: e.desktop_pro || premium || hasScope(scope, 'desktop_pro'),
    unlimited_videos: e.unlimited_videos || premium || unlimited,
    unlimited_summaries: e.unlimited_summaries || premium || unlimited,
  };
}

function parse<T>(text: string | null | undefined): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
