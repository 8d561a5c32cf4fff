import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function headersOf(block: string): Record<string, string> {
  const h: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) h[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return h;
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQp(body);
  return body;
}

/** Just enough MIME for nodemailer's multipart/alternative mails. */
export function parseMail(raw: string, to: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const mail: ReceivedMail = { to, subject: decodeWords(headers.subject ?? ''), text: '', html: '', raw };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => {
          const at = p.search(/\r?\n\r?\n/);
          return {
            headers: headersOf(p.slice(0, at).trim()),
            body: p
              .slice(at)
              .replace(/^\r?\n\r?\n/, '')
              .replace(/\r?\n$/, ''),
          };
        })
    : [{ headers, body }];
  for (const part of parts) {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain')) mail.text = decodeBody(part.headers, part.body);
    if (type.startsWith('text/html')) mail.html = decodeBody(part.headers, part.body);
  }
  return mail;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  /** `port`: listen again where a stopped sink listened (a mail server coming back). */
  static async start(port = 0): Promise<SmtpSink> {
    let sink!: SmtpSink;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          for (const rcpt of session.envelope.rcptTo) sink.mails.push(parseMail(raw, rcpt.address.toLowerCase()));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    sink = new SmtpSink(server, (server.server.address() as AddressInfo).port);
    return sink;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Newest first, like the outbox. */
  async read(to: string): Promise<ReceivedMail[]> {
    return this.mails.filter((m) => m.to === to.toLowerCase()).reverse();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
