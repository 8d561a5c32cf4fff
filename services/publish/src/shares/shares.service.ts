import { Inject, Injectable } from '@nestjs/common';
import { publicUrl, SERVICE_CONFIG, type BaseConfig } from '@visualnotes/common';
import { DomainError, PublishMessages, type SharedItem, type ShareLink } from '@visualnotes/contracts';
import { isToken, newToken } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';
import { sharedItemView, shareLinkView } from './share.view';
import { SharesRepository } from './shares.repository';

const notFound = () => new DomainError('NOT_FOUND', PublishMessages.shareNotFound);

/** Read-only links to a project (its live scene) without publishing it; revoking ends them at once. */
@Injectable()
export class SharesService {
  constructor(
    private readonly shares: SharesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: BaseConfig,
    private readonly projects: ProjectsService,
  ) {}

  /** The project's active link, or a new one. */
  async create(ownerId: string, projectId: string): Promise<ShareLink> {
    const project = await this.projects.get(ownerId, projectId);
    const [active] = await this.shares.activeOf(project.id, 1);
    return shareLinkView(active ?? (await this.shares.add(newToken(16), project.id, ownerId)), publicUrl(this.config));
  }

  async list(ownerId: string, projectId: string): Promise<ShareLink[]> {
    const project = await this.projects.get(ownerId, projectId);
    const base = publicUrl(this.config);
    return (await this.shares.activeOf(project.id)).map((s) => shareLinkView(s, base));
  }

  async get(shareId: string): Promise<SharedItem> {
    const row = isToken(shareId) ? await this.shares.shared(shareId) : null;
    if (!row) throw notFound();
    return sharedItemView(row);
  }

  /** The project id behind an active link, or null. */
  async projectOf(shareId: string): Promise<string | null> {
    return isToken(shareId) ? this.shares.projectOf(shareId) : null;
  }

  /** Revokes one link (by id) or every link of a project; only the owner may. */
  async revoke(ownerId: string, target: { share_id?: string; project_id?: string }): Promise<void> {
    if (target.share_id) {
      if (!isToken(target.share_id) || !(await this.shares.revoke(target.share_id, ownerId))) throw notFound();
      return;
    }
    const project = await this.projects.get(ownerId, target.project_id ?? '');
    await this.shares.revokeAllOf(project.id);
  }
}
