import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { OutboxMail } from '@visualnotes/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AuthConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mail over SMTP when `SMTP_URL` is set; otherwise writes it to the outbox folder
 * (`DATA_DIR/outbox`), which development and test read at `GET /api/dev/outbox`.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: Transporter;
  private readonly outbox: string;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {
    this.outbox = resolve(config.DATA_DIR, 'outbox');
    if (config.SMTP_URL) this.transport = nodemailer.createTransport(config.SMTP_URL);
  }

  async send(mail: Mail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      return;
    }
    const entry: OutboxMail = { ...mail, sent_at: new Date().toISOString() };
    await mkdir(this.outbox, { recursive: true });
    await writeFile(join(this.outbox, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(entry));
    this.logger.log(`mail to ${mail.to} written to the outbox: ${mail.subject}`);
  }

  /** Outbox mails, newest first, optionally only those to one address. */
  async readOutbox(to?: string, limit = 200): Promise<OutboxMail[]> {
    const files = await readdir(this.outbox).catch(() => [] as string[]);
    const newest = files.filter((f) => f.endsWith('.json')).sort().reverse();
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
