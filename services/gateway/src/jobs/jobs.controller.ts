import { Controller, Get, Param, Req, Sse, UseGuards, type MessageEvent } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JobStatus } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { OptionalAuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { videoCaller } from '../videos/caller';
import { JobsService } from './jobs.service';

/** A job is shown only to whoever started it (the signed-in user, or the visitor); anyone else gets 404. */
@ApiTags('jobs')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Fingerprint', required: false, description: 'Device fingerprint of a visitor' })
@Controller('jobs')
@UseGuards(OptionalAuthGuard)
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  @ApiOperation({ summary: 'State and progress of a background job' })
  status(@Param('id') id: string, @Req() req: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<JobStatus> {
    return this.jobs.status(id, videoCaller(req, user));
  }

  @Sse(':id/events')
  @ApiOperation({ summary: 'Server-Sent Events with the job status on each change; closes after completed/failed' })
  async events(@Param('id') id: string, @Req() req: FastifyRequest, @CurrentUser() user?: AuthUser): Promise<Observable<MessageEvent>> {
    const caller = videoCaller(req, user);
    // someone else's job gets a plain 404, before the stream opens
    await this.jobs.status(id, caller);
    return this.jobs.watch(id, caller).pipe(map((status) => ({ data: status })));
  }
}
