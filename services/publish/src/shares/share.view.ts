import type { SharedItem, ShareLink } from '@visualnotes/contracts';
import { iso } from '../common/ids';
import type { Share } from './share.entity';
import type { SharedRow } from './shares.repository';

export function shareLinkView(share: Pick<Share, 'id' | 'createdAt'>, baseUrl: string): ShareLink {
  return { share_id: share.id, url: `${baseUrl}/share/${share.id}`, created_at: iso(share.createdAt) };
}

export function sharedItemView(row: SharedRow): SharedItem {
  return { kind: 'project', share_id: row.id, title: row.title, scene: row.scene as SharedItem['scene'], updated_at: iso(row.updated_at) };
}
