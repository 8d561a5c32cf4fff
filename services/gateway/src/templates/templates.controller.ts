import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, type TemplateCategory } from '@visualnotes/contracts';
import { AdminGuard, AuthGuard, OptionalAuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { SubmitTemplateDto } from '../projects/dto';

const caller = (user: AuthUser) => ({ user_id: user.id, scope: user.scope });

/** The template gallery, submissions and their review by operators. */
@ApiTags('templates')
@Controller('templates')
export class TemplatesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'Approved templates, optionally of one `category`' })
  list(@Query('category') category?: string) {
    return this.rpc.send(Patterns.publish.templatesList, { category: typeof category === 'string' && category ? (category as TemplateCategory) : undefined });
  }

  @Get('mine')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  mine(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.publish.templatesMine, caller(user));
  }

  @Get('pending')
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  pending(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.publish.templatesPending, caller(user));
  }

  @Get(':id')
  @UseGuards(OptionalAuthGuard)
  get(@Param('id') id: string, @CurrentUser() user?: AuthUser) {
    return this.rpc.send(Patterns.publish.templatesGet, { id, user_id: user?.id, scope: user?.scope });
  }

  @Post()
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Submits a project as a template; public once an operator approves it' })
  submit(@CurrentUser() user: AuthUser, @Body() body: SubmitTemplateDto) {
    return this.rpc.send(Patterns.publish.templatesSubmit, { ...caller(user), ...body });
  }

  @Post(':id/use')
  @HttpCode(201)
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'A new project from the template' })
  use(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.templatesUse, { ...caller(user), id });
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  approve(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.templatesReview, { ...caller(user), id, decision: 'approve' });
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(AdminGuard)
  reject(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.publish.templatesReview, { ...caller(user), id, decision: 'reject' });
  }
}
