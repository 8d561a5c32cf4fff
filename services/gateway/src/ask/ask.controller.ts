import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { askSchema, Patterns, type AskReply } from '@visualnotes/contracts';
import { createZodDto } from 'nestjs-zod';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';

export class AskDto extends createZodDto(askSchema) {}

/** Questions asked of the signed-in user's own videos and documents; the media service answers them. */
@ApiTags('ask')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller()
export class AskController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('videos/:id/ask')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask a question of one video: an answer citing moments of its transcript' })
  video(@Param('id') id: string, @Body() body: AskDto, @CurrentUser() user: AuthUser): Promise<AskReply> {
    return this.rpc.send(Patterns.media.ask, { owner_id: user.id, question: body.question, conversation_id: body.conversation_id, video_id: id });
  }

  @Post('summaries/:id/ask')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask a question of one summarized document: an answer citing its pages' })
  document(@Param('id') id: string, @Body() body: AskDto, @CurrentUser() user: AuthUser): Promise<AskReply> {
    return this.rpc.send(Patterns.media.ask, { owner_id: user.id, question: body.question, conversation_id: body.conversation_id, document_id: id });
  }

  @Post('ask')
  @HttpCode(200)
  @ApiOperation({ summary: "Ask a question of the whole library (videos and documents), or of one tag's videos" })
  library(@Body() body: AskDto, @CurrentUser() user: AuthUser): Promise<AskReply> {
    return this.rpc.send(Patterns.media.ask, { owner_id: user.id, question: body.question, conversation_id: body.conversation_id, tag: body.tag });
  }
}
