import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, Patterns, PublishMessages, type RpcRequest } from '@visualnotes/contracts';
import { PublishingService } from '../publishing/publishing.service';
import { SharesService } from '../shares/shares.service';
import { TemplatesService } from '../templates/templates.service';
import { ProjectsService } from './projects.service';

@Controller()
export class ProjectsHandlers {
  constructor(
    private readonly projects: ProjectsService,
    private readonly templates: TemplatesService,
    private readonly publishing: PublishingService,
    private readonly shares: SharesService,
  ) {}

  @MessagePattern(Patterns.publish.projectsList)
  list(@Payload() req: RpcRequest<'publish.projects.list'>) {
    return this.projects.list(req.user_id, req.email);
  }

  @MessagePattern(Patterns.publish.projectsCreate)
  create(@Payload() req: RpcRequest<'publish.projects.create'>) {
    if (req.template_id) return this.templates.use(req, req.template_id, req.title);
    return this.projects.create(req.user_id, { title: req.title, scene: req.scene });
  }

  @MessagePattern(Patterns.publish.projectsGet)
  get(@Payload() req: RpcRequest<'publish.projects.get'>) {
    return this.projects.get(req.user_id, req.id, 'viewer');
  }

  @MessagePattern(Patterns.publish.projectsUpdate)
  update(@Payload() req: RpcRequest<'publish.projects.update'>) {
    return this.projects.update(req.user_id, req.id, req);
  }

  @MessagePattern(Patterns.publish.projectsMerge)
  merge(@Payload() req: RpcRequest<'publish.projects.merge'>) {
    return this.projects.merge(req.user_id, req.id, req.elements, req.files);
  }

  @MessagePattern(Patterns.publish.liveSave)
  liveSave(@Payload() req: RpcRequest<'publish.live.save'>) {
    return this.projects.mergeLive(req.id, req.user_id, req.elements, req.files, req.editor_ids);
  }

  @MessagePattern(Patterns.publish.projectsDelete)
  async remove(@Payload() req: RpcRequest<'publish.projects.delete'>) {
    await this.projects.remove(req.user_id, req.id);
    return { ok: true as const };
  }

  /** An image of a project, for its owner and collaborators, its published page or an active share link. */
  @MessagePattern(Patterns.publish.projectFile)
  async file(@Payload() req: RpcRequest<'publish.projects.file'>) {
    if (req.public_id) {
      const pub = await this.publishing.liveProject(req.public_id);
      return this.projects.fileOf(pub.project_id, pub.owner_id, pub.scene, req.file_id);
    }
    const projectId = req.share_id ? await this.shares.projectOf(req.share_id) : req.project_id;
    const project = projectId ? await this.projects.raw(projectId) : null;
    if (!project) throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
    if (!req.share_id)
      await this.projects.access(req.user_id ?? '', projectId!, 'viewer').catch(() => {
        throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
      });
    return this.projects.fileOf(projectId!, project.owner_id, project.scene, req.file_id);
  }
}
