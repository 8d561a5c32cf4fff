import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { publicUrl, SERVICE_CONFIG, type BaseConfig } from '@visualnotes/common';
import type { PublicationStatistics } from '@visualnotes/contracts';
import { StatisticsRepository } from './statistics.repository';

export interface Visit {
  ip: string;
  user_agent?: string;
  referrer?: string;
}

const day = (d = new Date()) => d.toISOString().slice(0, 10);

/** The host of an outside referrer (no path, no query: those may identify people), or null. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (!host || host === ownHost.replace(/^www\./, '')) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

/**
 * View statistics of published projects. A unique visitor is a SHA-256 of a random salt of the
 * day, the publication, the address and the browser: the salt of past days is deleted, so
 * nobody (us included) can link visits across days or recover an address.
 */
@Injectable()
export class StatisticsService {
  private salt: { day: string; value: string } | null = null;
  private readonly ownHost: string;

  constructor(
    private readonly stats: StatisticsRepository,
    @Inject(SERVICE_CONFIG) config: BaseConfig,
  ) {
    this.ownHost = new URL(publicUrl(config)).hostname.toLowerCase();
  }

  private async saltOf(today: string): Promise<string> {
    if (this.salt?.day === today) return this.salt.value;
    // Yesterday's salt is kept for visits that straddle midnight in other time zones of copies.
    const value = await this.stats.saltOf(today, randomBytes(32).toString('hex'));
    this.salt = { day: today, value };
    return value;
  }

  async record(publicId: string, visit: Visit): Promise<void> {
    const today = day();
    const salt = await this.saltOf(today);
    const visitor = createHash('sha256')
      .update(`${salt}\n${publicId}\n${visit.ip}\n${visit.user_agent ?? ''}`)
      .digest('hex');
    await this.stats.countView(publicId, today, visitor);
    const host = referrerHost(visit.referrer, this.ownHost);
    if (host) await this.stats.countReferrer(publicId, host);
  }

  /** Totals, the last `days` days (zeros included, oldest first) and the top 10 referrers. */
  async get(publicId: string, days = 30): Promise<PublicationStatistics> {
    const span = Math.min(Math.max(Math.trunc(days) || 30, 1), 365);
    const [totals, byDay, referrers] = await Promise.all([
      this.stats.totals(publicId),
      this.stats.byDay(publicId, day(), span),
      this.stats.topReferrers(publicId, 10),
    ]);
    return { ...totals, by_day: byDay, referrers };
  }
}
