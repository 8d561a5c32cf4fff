import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { LargeBody } from '../common/body-limits';
import { PublishedPage } from '../publishing/published-page';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { CreateProjectDto, PublishProjectDto, UpdateProjectDto } from './dto';
import { sendProjectFile } from './project-files';

const caller = (user: AuthUser) => ({ user_id: user.id, scope: user.scope });

/** Projects (canvases) of the signed-in user; every rule lives in the publish service. */
@ApiTags('projects')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('projects')
export class ProjectsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishedPage: PublishedPage,
  ) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.publish.projectsList, caller(user));
  }

  @Post()
  @HttpCode(201)
  @LargeBody()
  @ApiOperation({ summary: 'A new project: blank, from `template_id`, or with a `scene` (a local board saved to the account)' })
  create(@CurrentUser() user: AuthUser, @Body() body: CreateProjectDto) {
    return this.rpc.send(Patterns.publish.projectsCreate, { ...caller(user), ...body });
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.projectsGet, { ...caller(user), id });
  }

  @Put(':id')
  @LargeBody()
  @ApiOperation({ summary: 'Saves `{title?, scene?, version}`; 409 when `version` is not the current one' })
  update(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: UpdateProjectDto) {
    return this.rpc.send(Patterns.publish.projectsUpdate, { ...caller(user), id, ...body });
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.rpc.send(Patterns.publish.projectsDelete, { ...caller(user), id });
    this.publishedPage.forget();
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
}
