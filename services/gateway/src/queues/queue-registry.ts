import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { BASE_CONFIG, bullConnection, closeBull, type BaseConfig } from '@visualnotes/common';
import type { QueueName } from '@visualnotes/contracts';
import { Queue, QueueEvents } from 'bullmq';

/**
 * The gateway's one set of BullMQ queue handles (job status, the dashboard, queue metrics) and
 * queue-events readers (job progress streams), each opened once on first use.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger('Queues');
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();

  constructor(@Inject(BASE_CONFIG) private readonly config: BaseConfig) {}

  queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, bullConnection(this.config));
      // a connection error (Redis gone, or closing at shutdown) is logged, never an unhandled event
      q.on('error', (err) => this.logger.warn(`queue ${name}: ${err.message}`));
      this.queues.set(name, q);
    }
    return q;
  }

  queueEvents(name: QueueName): QueueEvents {
    let e = this.events.get(name);
    if (!e) {
      e = new QueueEvents(name, bullConnection(this.config));
      e.setMaxListeners(0);
      e.on('error', (err) => this.logger.warn(`queue events ${name}: ${err.message}`));
      this.events.set(name, e);
    }
    return e;
  }

  /** After every module is destroyed: the dashboard and metrics let go of the queues first. */
  async onApplicationShutdown() {
    await Promise.allSettled([...this.events.values()].map((e) => closeBull(e)));
    await Promise.allSettled([...this.queues.values()].map((q) => closeBull(q)));
  }
}

@Global()
@Module({ providers: [QueueRegistry], exports: [QueueRegistry] })
export class QueueRegistryModule {}
