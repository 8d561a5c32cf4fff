import { Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { mailBackoff, MailService } from './mail.service';

/** Delivers queued mails; a mail server that is down or busy means a retry later. */
@QueueWorker(Queues.authMail, { settings: { backoffStrategy: mailBackoff } })
export class MailProcessor extends JobProcessor {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(private readonly mail: MailService) {
    super();
  }

  @JobHandler(Jobs.mailSend)
  async send(job: Job<JobPayloads['mail.send']>) {
    try {
      await this.mail.deliver(job.data);
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      // 5xx: the server refuses this mail for good (e.g. no such mailbox); retrying will not help
      if (code !== undefined && code >= 500) {
        this.logger.warn(`mail to ${job.data.to} refused by the mail server (${code}): not retried`);
        throw new UnrecoverableError(`The mail server refused the mail (${code})`);
      }
      this.logger.warn(`mail to ${job.data.to} not sent yet (attempt ${job.attemptsMade + 1}): ${(err as Error).message}`);
      throw err;
    }
  }
}
