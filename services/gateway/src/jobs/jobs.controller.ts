import { Controller, Get, Param, Sse, type MessageEvent } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { JobStatus } from '@visualnotes/contracts';
import { map, type Observable } from 'rxjs';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get(':id')
  @ApiOperation({ summary: 'State and progress of a background job' })
  status(@Param('id') id: string): Promise<JobStatus> {
    return this.jobs.status(id);
  }

  @Sse(':id/events')
  @ApiOperation({ summary: 'Server-Sent Events with the job status on each change; closes after completed/failed' })
  events(@Param('id') id: string): Observable<MessageEvent> {
    return this.jobs.watch(id).pipe(map((status) => ({ data: status })));
  }
}
