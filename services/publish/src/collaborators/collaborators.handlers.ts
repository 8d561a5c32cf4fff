import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { ProjectsService } from '../projects/projects.service';
import { VersionsService } from '../versions/versions.service';
import { CollaboratorsService } from './collaborators.service';

/** Sharing a project with people, and its version history. */
@Controller()
export class CollaboratorsHandlers {
  constructor(
    private readonly collaborators: CollaboratorsService,
    private readonly projects: ProjectsService,
    private readonly versions: VersionsService,
  ) {}

  @MessagePattern(Patterns.publish.collaboratorsList)
  list(@Payload() req: RpcRequest<'publish.collaborators.list'>) {
    return this.collaborators.list(req.user_id, req.id);
  }

  @MessagePattern(Patterns.publish.collaboratorsAdd)
  add(@Payload() req: RpcRequest<'publish.collaborators.add'>) {
    return this.collaborators.add(req.user_id, req.id, req, req.inviter_name);
  }

  @MessagePattern(Patterns.publish.collaboratorsUpdate)
  update(@Payload() req: RpcRequest<'publish.collaborators.update'>) {
    return this.collaborators.update(req.user_id, req.id, req.member_id, req);
  }

  @MessagePattern(Patterns.publish.collaboratorsRemove)
  async remove(@Payload() req: RpcRequest<'publish.collaborators.remove'>) {
    await this.collaborators.remove(req.user_id, req.id, req.member_id);
    return { ok: true as const };
  }

  @MessagePattern(Patterns.publish.versionsList)
  async versionsList(@Payload() req: RpcRequest<'publish.versions.list'>) {
    await this.projects.access(req.user_id, req.id, 'viewer');
    return this.versions.list(req.id);
  }

  @MessagePattern(Patterns.publish.versionsGet)
  async versionsGet(@Payload() req: RpcRequest<'publish.versions.get'>) {
    await this.projects.access(req.user_id, req.id, 'viewer');
    return this.versions.scene(req.id, req.version_id);
  }

  @MessagePattern(Patterns.publish.versionsCompare)
  async versionsCompare(@Payload() req: RpcRequest<'publish.versions.compare'>) {
    const now = await this.projects.get(req.user_id, req.id, 'viewer');
    return this.versions.compare(req.id, req.from, req.to === 'current' ? { scene: now.scene } : req.to);
  }

  @MessagePattern(Patterns.publish.versionsRestoreElements)
  versionsRestoreElements(@Payload() req: RpcRequest<'publish.versions.restoreElements'>) {
    return this.projects.restoreElements(req.user_id, req.id, req.version_id, req.element_ids);
  }

  @MessagePattern(Patterns.publish.versionsRestore)
  versionsRestore(@Payload() req: RpcRequest<'publish.versions.restore'>) {
    return this.projects.restore(req.user_id, req.id, req.version_id);
  }
}
