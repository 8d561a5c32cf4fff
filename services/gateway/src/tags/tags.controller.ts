import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, tagSchema } from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';

export class TagDto extends createZodDto(tagSchema) {}

@ApiTags('tags')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('tags')
export class TagsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  list(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.tagsList, { owner_id: user.id });
  }

  @Post()
  @HttpCode(201)
  create(@Body() body: TagDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.tagsCreate, { owner_id: user.id, name: body.name });
  }

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: TagDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.tagsUpdate, { owner_id: user.id, id, name: body.name });
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.rpc.send(Patterns.media.tagsDelete, { owner_id: user.id, id });
  }
}
