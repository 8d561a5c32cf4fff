import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker, scheduleEvery, SERVICE_CONFIG } from '@visualnotes/common';
import { Jobs, Queues } from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import type { MediaConfig } from '../config';
import { AskService } from './ask.service';

/**
 * Gives new passages their vectors: `ask.embed` from a BullMQ job scheduler every
 * `ASK_EMBED_SWEEP_MS` sends the passages without one to the ai service's embeddings endpoint
 * (nothing happens when it has none).
 */
@QueueWorker(Queues.mediaAsk, { concurrency: 1 })
export class AskEmbedProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(AskEmbedProcessor.name);

  constructor(
    private readonly ask: AskService,
    @InjectQueue(Queues.mediaAsk) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleEvery(this.queue, 'ask-embed', this.config.ASK_EMBED_SWEEP_MS, Jobs.askEmbed, this.logger);
  }

  @JobHandler(Jobs.askEmbed)
  async embed() {
    return { embedded: await this.ask.embedPending(20) };
  }
}
