import { Body, Controller, Delete, HttpCode, Param, Patch, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, updateHighlightSchema } from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';

export class UpdateHighlightDto extends createZodDto(updateHighlightSchema) {}

@ApiTags('highlights')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller('highlights')
export class HighlightsController {
  constructor(private readonly rpc: RpcClient) {}

  @Patch(':id')
  update(@Param('id') id: string, @Body() body: UpdateHighlightDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.highlightsUpdate, { owner_id: user.id, id, ...body });
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.rpc.send(Patterns.media.highlightsDelete, { owner_id: user.id, id });
  }
}
