import { randomUUID } from 'node:crypto';
import { BaseRpcContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { ServiceName } from '@visualnotes/contracts';
import { errorBody, hasUnicodeEscape, jsonBodyProblem, requestSchemaOf } from '@visualnotes/contracts';
import Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import type { z } from 'zod';
import { requestContext } from '../logger';
import { within } from '../shutdown';
import { endSpan, startSpan, tracingOn } from '../tracing';
import { toErrorBody } from './errors';
import { HEARTBEAT_MS, INSTANCE_TTL_MS, rpcKeys, type RpcEnvelope, type RpcReply } from './keys';
import { parseRequest } from './validation';

export class RpcContext extends BaseRpcContext<[pattern: string, requestId: string | undefined]> {
  getPattern() {
    return this.args[0];
  }
  getRequestId() {
    return this.args[1];
  }
}

export interface RedisQueueServerOptions {
  service: ServiceName;
  redisUrl: string;
  /** Key prefix (`REDIS_PREFIX`). */
  prefix?: string;
  /** Requests handled at once by this copy. */
  concurrency?: number;
  instanceId?: string;
  /**
   * The schema each request of a pattern is parsed with before its handler runs (default: the
   * contracts' schema of the pattern). A pattern without one reaches its handler as sent.
   */
  requestSchemas?: (pattern: string) => z.ZodType | undefined;
}

type Handler = NonNullable<ReturnType<Server['getHandlerByPattern']>>;

/**
 * `@nestjs/microservices` transport on a Redis list: each request is popped by exactly one
 * running copy of the service (the stock Redis transport is pub/sub and runs it on every copy).
 */
export class RedisQueueServer extends Server implements CustomTransportStrategy {
  readonly instanceId: string;
  private blocking?: Redis;
  private commands?: Redis;
  private heartbeat?: NodeJS.Timeout;
  private closing = false;
  private draining?: Promise<void>;
  private closed?: Promise<void>;
  private loopDone?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly replies = new Map<string, { items: RpcReply[]; sent: Promise<unknown> }>();
  private readonly handlers = new Map<string, { handler: Handler; schema: z.ZodType | undefined }>();
  /** How many requests this copy has answered; read by tests and metrics. */
  handled = 0;
  private readonly prefix: string;

  constructor(private readonly options: RedisQueueServerOptions) {
    super();
    this.prefix = options.prefix ?? 'vn';
    this.instanceId = options.instanceId ?? `${options.service}-${process.pid}-${randomUUID().slice(0, 8)}`;
  }

  async listen(callback: (err?: unknown) => void) {
    try {
      // Auto-pipelining: the replies of a batch leave in one socket write instead of one each.
      this.commands = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
      this.blocking = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
      await this.beat();
      this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS);
      this.heartbeat.unref();
      this.loopDone = this.loop();
      callback();
    } catch (err) {
      callback(err);
    }
  }

  private async beat() {
    const key = rpcKeys.instances(this.prefix, this.options.service);
    const now = Date.now();
    await this.commands!.multi()
      .zadd(key, now, this.instanceId)
      .zremrangebyscore(key, 0, now - INSTANCE_TTL_MS * 10)
      .exec();
  }

  private async loop() {
    const queue = rpcKeys.requests(this.prefix, this.options.service);
    const limit = this.options.concurrency ?? 64;
    while (!this.closing) {
      if (this.inFlight.size >= limit) {
        await Promise.race(this.inFlight);
        continue;
      }
      let popped: [key: string, items: string[]] | null;
      try {
        // Everything waiting, up to the free slots, in one atomic pop (one round trip per batch
        // rather than per request). A short block so that close() is never kept waiting long; a
        // popped item is always handled.
        popped = await this.blocking!.blmpop(1, 1, queue, 'RIGHT', 'COUNT', limit - this.inFlight.size);
      } catch (err) {
        if (this.closing) break;
        this.logger.error(`RPC queue read failed: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (!popped) continue;
      for (const raw of popped[1]) {
        const work = this.handle(raw).finally(() => this.inFlight.delete(work));
        this.inFlight.add(work);
      }
    }
  }

  /**
   * Replies finished in the same turn of the event loop go to each caller as one message (a JSON
   * array when there are several): one PUBLISH and one delivery per batch instead of per call.
   */
  private sendReply(replyTo: string, reply: RpcReply): Promise<unknown> {
    let batch = this.replies.get(replyTo);
    if (!batch) {
      let done!: (value: Promise<unknown>) => void;
      batch = { items: [], sent: new Promise((resolve) => (done = resolve)) };
      const items = batch.items;
      this.replies.set(replyTo, batch);
      setImmediate(() => {
        this.replies.delete(replyTo);
        const message = JSON.stringify(items.length === 1 ? items[0] : items);
        // Without Redis the callers time out (504); one warning per lost batch, not per reply.
        done(
          this.commands!.publish(rpcKeys.reply(this.prefix, replyTo), message).catch((err: Error) => this.logger.warn(`RPC replies not sent: ${err.message}`)),
        );
      });
    }
    batch.items.push(reply);
    return batch.sent;
  }

  /** Nest's lookup parses the pattern on every call; handlers (and schemas) never change once listening. */
  private handlerOf(pattern: string) {
    let found = this.handlers.get(pattern);
    if (found === undefined) {
      const handler = this.getHandlerByPattern(pattern);
      if (!handler) return undefined;
      found = { handler, schema: (this.options.requestSchemas ?? requestSchemaOf)(pattern) };
      this.handlers.set(pattern, found);
    }
    return found;
  }

  private async handle(raw: string) {
    let envelope: RpcEnvelope;
    try {
      envelope = JSON.parse(raw) as RpcEnvelope;
    } catch {
      this.logger.warn('Dropped an RPC request that is not JSON');
      return;
    }
    if (Date.now() > envelope.deadline) return; // the caller has already answered its user with 504
    const reply = async (body: Omit<RpcReply, 'id'>) => {
      if (!envelope.replyTo) return; // an event: nobody waits for an answer
      await this.sendReply(envelope.replyTo, { id: envelope.id, ...body });
    };
    const found = this.handlerOf(envelope.pattern);
    if (!found) {
      await reply({ err: errorBody('NOT_FOUND', `No handler for ${envelope.pattern}`) });
      return;
    }
    const { handler, schema } = found;
    // With tracing on, the handler runs in a span that continues the caller's trace.
    const span = tracingOn()
      ? startSpan(`rpc ${envelope.pattern}`, 'server', { 'rpc.system': 'visualnotes', 'rpc.method': envelope.pattern }, envelope.trace)
      : undefined;
    await requestContext.run(span ? { requestId: envelope.requestId, span } : { requestId: envelope.requestId }, async () => {
      try {
        // No handler sees text PostgreSQL cannot store (NUL, half a surrogate pair), whichever way it
        // came in (a file's content or name, a live channel message): JSON carries it only escaped.
        const problem = hasUnicodeEscape(raw) ? jsonBodyProblem(envelope.data, true, Infinity) : null;
        if (problem) throw problem;
        // Checked once here: a handler only ever sees a request of its pattern's type.
        const data = schema ? parseRequest(schema, envelope.data) : envelope.data;
        const context = new RpcContext([envelope.pattern, envelope.requestId]);
        const result = await lastValueFrom(this.transformToObservable(await handler(data, context)), {
          defaultValue: null,
        });
        this.handled++;
        this.logger.debug?.(`rpc handled ${envelope.pattern}`);
        endSpan(span);
        await reply({ response: result });
      } catch (err) {
        this.handled++;
        this.logger.debug?.(`rpc handled ${envelope.pattern} (error)`);
        endSpan(span, err);
        await reply({ err: toErrorBody(err) });
      }
    });
  }

  /**
   * Stops taking requests and waits for the ones in hand to be answered (at most `timeoutMs`).
   * The heartbeat goes on meanwhile: this copy is still answering, and callers must not give up
   * on its requests as if it were gone. Requests still in the list are left to the other copies.
   */
  drain(timeoutMs = Infinity): Promise<void> {
    this.draining ??= (async () => {
      this.closing = true;
      const deadline = Date.now() + timeoutMs;
      // The loop notices within one short block; a request popped meanwhile is still handled.
      await within(this.loopDone ?? Promise.resolve(), deadline - Date.now());
      await within(Promise.allSettled([...this.inFlight]), deadline - Date.now());
      if (this.inFlight.size) this.logger.warn(`${this.inFlight.size} RPC requests still running at the stop deadline`);
    })();
    return this.draining;
  }

  /** Stops taking requests, finishes the ones in hand (see {@link drain}), then leaves. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.drain();
      if (this.heartbeat) clearInterval(this.heartbeat);
      await this.commands?.zrem(rpcKeys.instances(this.prefix, this.options.service), this.instanceId).catch(() => undefined);
      this.blocking?.disconnect();
      await this.commands?.quit().catch(() => undefined);
    })();
    return this.closed;
  }

  on() {
    throw new Error('RedisQueueServer does not emit transport events');
  }

  unwrap<T>(): T {
    return this.commands as T;
  }
}
