import { Injectable } from '@nestjs/common';
import { RpcClient } from '@visualnotes/common';
import { DomainError, Patterns, type Entitlements, type VideoCaller } from '@visualnotes/contracts';

/** Plans and summary allowances, decided by the license service (`license.usage.consume` is atomic there). */
@Injectable()
export class UsageService {
  constructor(private readonly rpc: RpcClient) {}

  async entitlements(caller: VideoCaller): Promise<Entitlements | null> {
    if (!caller.owner_id) return null;
    return this.rpc.send(Patterns.license.entitlements, { userId: caller.owner_id, scope: caller.scope });
  }

  /** Counts one video summary or throws the catalogue's message when the caller is over the limit. */
  async consumeVideoSummary(caller: VideoCaller): Promise<void> {
    const visitor = !caller.owner_id;
    const subject = visitor ? `visitor:${caller.visitor_quota_key ?? caller.visitor_key ?? 'anonymous'}` : caller.owner_id!;
    const { allowed } = await this.rpc.send(Patterns.license.usageConsume, { subject, kind: 'video_summary', visitor });
    if (!allowed) throw new DomainError(visitor ? 'NEED_MORE_SUMMARIES' : 'MONTHLY_SUMMARIES_USED');
  }
}
