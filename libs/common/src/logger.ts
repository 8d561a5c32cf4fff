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

/** One short coloured line per entry: for a person reading a terminal during development. */
export function prettyLogs(env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): boolean {
  return isTTY && env.NODE_ENV !== 'production';
}

/**
 * JSON lines on stdout. Written asynchronously and in blocks of at least 4 KiB, and at the latest
 * every 100 ms: one write per access-log line cost more than the rest of a small API request
 * (pino flushes what is left when the process exits).
 * On a terminal outside production, pino-pretty prints them as short coloured lines instead.
 */
export function createLogger(service: string, level: string): Logger {
  const options = {
    level,
    base: { service },
    timestamp: isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  if (prettyLogs()) {
    return pino(
      options,
      pino.transport({
        target: 'pino-pretty',
        options: {
          colorize: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname,service,context,requestId',
          messageFormat: `${service} {msg}`,
          singleLine: true,
        },
      }),
    );
  }
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }));
}

/** Nest's start-up chatter (modules loaded, every route mapped): kept at debug level, so a start is a few lines. */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestMicroservice', 'NestApplication']);

/** Nest's logger interface on top of pino: JSON lines, with the request id when there is one. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    if (context && STARTUP_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
