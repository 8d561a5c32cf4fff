import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import type { Span } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export interface RequestContext {
  requestId?: string;
  /** The span of this request or job, when tracing is on (`tracing.ts`). */
  span?: Span;
}

/** Carries the request (or job) id through async work so every log line and RPC hop has it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** ISO time, formatted once per millisecond however many lines share it. */
let lastMs = 0;
let lastTime = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

/**
 * JSON lines on stdout. Written asynchronously and in blocks of at least 4 KiB, and at the latest
 * every 100 ms: one write per access-log line cost more than the rest of a small API request
 * (pino flushes what is left when the process exits).
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: isoTime,
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }),
  );
}

/** Nest's logger interface on top of pino: JSON lines, with the request id when there is one. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    if (message instanceof Error) this.logger.error({ context, err: message }, message.message);
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}
