import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { currentRequestId, SERVICE_CONFIG } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads, type OutboxMail } from '@visualnotes/contracts';
import type { JobsOptions, Queue } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AuthConfig } from '../config';

export type Mail = Omit<JobPayloads['mail.send'], 'requestId'>;

/** Custom backoff type of mail jobs (see `mailBackoff`). */
export const MAIL_BACKOFF = 'mail';

/**
 * Mail jobs are retried for about a day, at most 5 minutes apart, so what waited goes out within
 * minutes of the mail server's return. A sent mail's job is deleted at once (it carries the link
 * or code); a mail that never went out is kept a day for operators.
 */
const mailJobOptions: JobsOptions = {
  attempts: 300,
  backoff: { type: MAIL_BACKOFF },
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600 },
};

/** Exponential backoff from 1 s, capped so a mail goes out within minutes of the server's return. */
export function mailBackoff(attemptsMade: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attemptsMade - 1), 5 * 60_000);
}

/**
 * E-mail goes through a durable queue (`send` answers once the job is stored; the mail worker
 * delivers it, with retries). Delivery is over SMTP when `SMTP_URL` is set; otherwise the mail is
 * written to the outbox folder (`DATA_DIR/outbox`) and its link or code printed to the log, so a
 * local installation works without a mail server.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;
  private readonly outbox: string;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @InjectQueue(Queues.authMail) private readonly queue: Queue,
  ) {
    this.outbox = resolve(config.DATA_DIR, 'outbox');
    if (config.SMTP_URL) this.transport = nodemailer.createTransport(config.SMTP_URL);
  }

  async send(mail: Mail): Promise<void> {
    const payload: JobPayloads['mail.send'] = { ...mail, requestId: currentRequestId() };
    await this.queue.add(Jobs.mailSend, payload, mailJobOptions);
  }

  /** Sends one mail now (the mail worker calls it); throws when the mail server does not take it. */
  async deliver(mail: Mail): Promise<void> {
    const { to, subject, text, html, linkOrCode } = mail;
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, to, subject, text, html });
      return;
    }
    const entry: OutboxMail = { to, subject, text, html, sent_at: new Date().toISOString() };
    await mkdir(this.outbox, { recursive: true });
    await writeFile(join(this.outbox, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(entry));
    // one line a person starting the product locally can act on (open the link, type the code)
    this.logger.log(`Mail to ${to}, ${subject}${linkOrCode ? `: ${linkOrCode}` : ''} (not sent: SMTP_URL is unset; kept in ${this.outbox})`);
  }

  /** Outbox mails, newest first, optionally only those to one address. */
  async readOutbox(to?: string, limit = 200): Promise<OutboxMail[]> {
    const files = await readdir(this.outbox).catch(() => [] as string[]);
    const newest = files
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    const mails: OutboxMail[] = [];
    for (const file of newest) {
      const mail = JSON.parse(await readFile(join(this.outbox, file), 'utf8')) as OutboxMail;
      if (to && mail.to.toLowerCase() !== to.toLowerCase()) continue;
      mails.push(mail);
      if (mails.length >= limit) break;
    }
    return mails;
  }
}
