import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import { DomainError, EXCALIDRAW_FILE_MAX_BYTES, Patterns, PublishMessages, type Scene, type SceneElement } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { brokenUpload } from '../uploads/multipart';
import { uploadedFile } from '../uploads/uploads.controller';
import { importExcalidrawFile } from './import';
import { ImportPool } from './import-pool';
import { AuthGuard } from '../auth/auth.guard';
import { LargeBody } from '../common/body-limits';
import { PublishedPage } from '../publishing/published-page';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { AddCollaboratorDto, CreateProjectDto, MergeElementsDto, PublishProjectDto, RestoreElementsDto, UpdateCollaboratorDto, UpdateProjectDto } from './dto';
import { sendProjectFile } from './project-files';
import { LiveHub } from '../live/live.hub';

const caller = (user: AuthUser) => ({ user_id: user.id, scope: user.scope });

/**
 * Projects (canvases) of the signed-in user and those shared with them; every rule (who may read,
 * save, publish or share) lives in the publish service.
 */
@ApiTags('projects')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishedPage: PublishedPage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly live: LiveHub,
    private readonly imports: ImportPool,
  ) {}

  @Get()
  @ApiOperation({ summary: "The user's projects and those shared with them, each with the user's `role` (owner, editor, viewer)" })
  list(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.publish.projectsList, { ...caller(user), email: user.email });
  }

  @Post()
  @HttpCode(201)
  @LargeBody({ message: PublishMessages.sceneTooLarge })
  @ApiOperation({ summary: 'A new project: blank, from `template_id`, or with a `scene` (a local board saved to the account)' })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateProjectDto) {
    return this.rpc.send(Patterns.publish.projectsCreate, { ...caller(user), ...body });
  }

  @Post('import')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary', description: 'An `.excalidraw` file as excalidraw.com saves it (images embedded)' } },
    },
  })
  @ApiOperation({
    summary: 'A new project from an `.excalidraw` file (multipart field `file`)',
    description:
      'Takes an .excalidraw file, a PNG or SVG exported with the scene embedded, or an Obsidian Excalidraw note (.excalidraw.md). Elements are restored as Excalidraw opens a file (missing fields filled, elements that cannot be drawn dropped); embedded images are stored as uploads and the scene keeps their file ids. Answers 201 with the project.',
  })
  async import(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest) {
    const maxBytes = Math.min(this.config.UPLOAD_LIMIT_BYTES, EXCALIDRAW_FILE_MAX_BYTES);
    const file = await uploadedFile(request, maxBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of file.file) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          file.file.resume();
          throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.importTooLarge);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      // a body cut short or malformed is the sender's to fix, not a failure of ours
      throw (err instanceof DomainError ? null : brokenUpload(file)) ?? err;
    }
    if (file.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.importTooLarge);
    return importExcalidrawFile(this.imports, this.storage, this.rpc, { ...caller(user), name: file.filename, bytes: Buffer.concat(chunks) });
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.projectsGet, { ...caller(user), id });
  }

  @Put(':id')
  @LargeBody({ message: PublishMessages.sceneTooLarge })
  @ApiOperation({ summary: 'Saves `{title?, scene?, version}`; 409 when `version` is not the current one' })
  async update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: UpdateProjectDto) {
    const saved = await this.rpc.send(Patterns.publish.projectsUpdate, { ...caller(user), id, ...body });
    // editors with the project open receive what this save changed
    if (body.scene !== undefined) void this.live.announceSaved(id, user.id, saved.scene.elements, saved.scene.files);
    return saved;
  }

  @Patch(':id/elements')
  @LargeBody({ message: PublishMessages.sceneTooLarge })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Saves what changed: `{elements, files?}` merged element by element (owner or editor)',
    description:
      'Each element is kept when its `version` is higher than the saved one (at the same version, the lower `versionNonce`), as on the live channel: no base version is needed and nothing conflicts. Answers `{version, changed, refused?}`.',
  })
  async mergeElements(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: MergeElementsDto) {
    const saved = await this.rpc.send(Patterns.publish.projectsMerge, { ...caller(user), id, elements: body.elements, files: body.files });
    // editors with the project open receive the changes (those older than theirs are ignored there)
    if (saved.changed) void this.live.announceSaved(id, user.id, body.elements, body.files);
    return saved;
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.rpc.send(Patterns.publish.projectsDelete, { ...caller(user), id });
    this.publishedPage.forget();
    await this.live.announceAccess({ project_id: id, deleted: true });
  }

  @Get(':id/files/:file_id')
  async file(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('file_id') fileId: string, @Res() reply: FastifyReply) {
    const file = await this.rpc.send(Patterns.publish.projectFile, { user_id: user.id, project_id: id, file_id: fileId });
    return sendProjectFile(this.storage, reply, file);
  }

  @Post(':id/publish')
  @LargeBody()
  @HttpCode(200)
  @ApiOperation({ summary: 'Publishes (Publisher plan) with an SVG snapshot; answers `{public_id, url}`' })
  async publish(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: PublishProjectDto) {
    const result = await this.rpc.send(Patterns.publish.publish, { ...caller(user), id, ...body });
    this.publishedPage.forget();
    return result;
  }

  @Delete(':id/publish')
  @HttpCode(204)
  async unpublish(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.rpc.send(Patterns.publish.unpublish, { ...caller(user), id });
    this.publishedPage.forget();
  }

  @Post(':id/share')
  @HttpCode(200)
  @ApiOperation({ summary: 'The active read-only link of the project (created when there is none)' })
  share(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.shareCreate, { ...caller(user), id });
  }

  @Get(':id/share')
  shares(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.shareList, { ...caller(user), id });
  }

  @Delete(':id/share')
  @HttpCode(204)
  async revokeAll(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.rpc.send(Patterns.publish.shareRevoke, { ...caller(user), project_id: id });
  }

  @Get(':id/collaborators')
  @ApiOperation({ summary: 'People the project is shared with, and open invitations (owner only)' })
  collaborators(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.collaboratorsList, { ...caller(user), id });
  }

  @Post(':id/collaborators')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Shares the project with `{email, role}` (owner only)',
    description:
      'An address with an account becomes a collaborator at once; any other address is kept as an invitation (`pending: true`) that the account with that address accepts when it next lists its projects. Either way an invitation mail goes to the address: a link to the project, or to sign up.',
  })
  addCollaborator(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: AddCollaboratorDto) {
    return this.rpc.send(Patterns.publish.collaboratorsAdd, { ...caller(user), id, ...body, inviter_name: user.name || user.email });
  }

  @Patch(':id/collaborators/:user_id')
  @ApiOperation({ summary: "Changes a collaborator's `role` (owner only); `user_id` is the collaborator's `id`" })
  async updateCollaborator(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('user_id') memberId: string, @Body() body: UpdateCollaboratorDto) {
    const changed = await this.rpc.send(Patterns.publish.collaboratorsUpdate, { ...caller(user), id, member_id: memberId, ...body });
    // an open live channel of that person follows at once (a viewer stops sending changes)
    if (changed.user_id) await this.live.announceAccess({ project_id: id, user_id: changed.user_id, role: changed.role });
    return changed;
  }

  @Delete(':id/collaborators/:user_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes a collaborator or an open invitation (owner only)' })
  async removeCollaborator(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('user_id') memberId: string) {
    await this.rpc.send(Patterns.publish.collaboratorsRemove, { ...caller(user), id, member_id: memberId });
    // their open live channels are closed
    await this.live.announceAccess({ project_id: id, user_id: memberId, role: null });
  }

  @Get(':id/versions')
  @ApiOperation({ summary: 'Kept versions of the scene, newest first, with who changed it and how many elements changed' })
  versions(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.versionsList, { ...caller(user), id });
  }

  @Get(':id/versions/compare')
  @ApiOperation({
    summary: 'What changed from version `from` to version `to` (or `to=current`, the scene now): `{added, removed, changed}` element ids and their counts',
    description: 'Owner, editors and viewers. Deleted elements count as gone; an element whose content is the same is not changed.',
  })
  compare(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query('from') from?: string, @Query('to') to?: string) {
    return this.rpc.send(Patterns.publish.versionsCompare, { ...caller(user), id, from: from ?? '', to: to ?? 'current' });
  }

  @Get(':id/versions/:version_id')
  @ApiOperation({ summary: 'One kept version with its scene (for a read-only preview)' })
  version(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('version_id') versionId: string) {
    return this.rpc.send(Patterns.publish.versionsGet, { ...caller(user), id, version_id: versionId });
  }

  @Post(':id/versions/:version_id/restore')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Makes a kept version the current scene (owner or editor); answers the project',
    description: 'The scene as it was just before is kept as a version first, so a restore can be undone.',
  })
  async restore(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('version_id') versionId: string) {
    return this.restoring(id, user, async () => {
      const project = await this.rpc.send(Patterns.publish.versionsRestore, { ...caller(user), id, version_id: versionId });
      return { project, changed: project.scene.elements };
    });
  }

  @Post(':id/versions/:version_id/restore-elements')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Puts `{element_ids}` back as they were in a kept version (owner or editor), the rest of the board untouched; answers the project',
    description:
      'An element not on the board then is deleted; a container brings its bound text. The scene as it was just before is kept as a version first. `restored` lists the elements changed.',
  })
  async restoreElements(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('version_id') versionId: string, @Body() body: RestoreElementsDto) {
    return this.restoring(id, user, async () => {
      const project = await this.rpc.send(Patterns.publish.versionsRestoreElements, {
        ...caller(user),
        id,
        version_id: versionId,
        element_ids: body.element_ids,
      });
      return { project, changed: project.restored };
    });
  }

  /** A restore runs alone on the live channel, and everyone with the project open then gets the elements it changed. */
  private restoring<P extends { scene: Scene }>(id: string, user: AuthUser, work: () => Promise<{ project: P; changed: SceneElement[] }>): Promise<P> {
    // live changes still waiting are saved first (the restore keeps them in the version it makes),
    // and no copy saves a batch of live changes until the restored scene is saved and announced
    return this.live.exclusively(id, async () => {
      const { project, changed } = await work();
      // everyone with the project open sees the restored elements (they are newer than theirs)
      await this.live.announceSaved(id, user.id, changed, project.scene.files);
      return project;
    });
  }
}
