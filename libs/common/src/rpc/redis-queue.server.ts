import { randomUUID } from 'node:crypto';
import { BaseRpcContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { ServiceName } from '@visualnotes/contracts';
import { errorBody, hasUnicodeEscape, jsonBodyProblem, requestSchemaOf } from '@visualnotes/contracts';
import type Redis from 'ioredis';
import { redisConnection } from '../redis';
import { lastValueFrom } from 'rxjs';
import type { z } from 'zod';
import { requestContext } from '../logger';
import { within } from '../shutdown';
import { endSpan, startSpan, tracingOn } from '../tracing';
import { toErrorBody } from './errors';
import { Heartbeats } from './heartbeats';
import { envelopeId, HEARTBEAT_MS, RECLAIM_AFTER_MS, rpcKeys, type RpcEnvelope, type RpcReply } from './keys';
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
 * After the blocking read moved one request to this copy's `taken` list: that request and up to
 * ARGV[1] more from the queue go into the copy's in-flight hash (id → request), in one step, and
 * are answered. A request is always in exactly one place: the queue, a copy's `taken` list or its
 * in-flight hash. KEYS: taken, in-flight, requests.
 */
const TAKE = `
local out = {}
local function keep(raw)
  redis.call('HSET', KEYS[2], string.match(raw, '^{"id":"([^"]*)"') or raw, raw)
  out[#out + 1] = raw
end
while true do
  local raw = redis.call('RPOP', KEYS[1])
  if not raw then break end
  keep(raw)
end
local more = tonumber(ARGV[1])
if more > 0 then
  local popped = redis.call('LMPOP', 1, KEYS[3], 'RIGHT', 'COUNT', more)
  if popped then for _, raw in ipairs(popped[2]) do keep(raw) end end
end
return out`;

/**
 * Copies whose heartbeat is older than ARGV[2] ms are taken for dead: what they were running goes
 * back to the front of the queue, except requests whose caller has given up (past their deadline,
 * or marked abandoned), and they leave the list of copies. KEYS: instances, requests; ARGV: the
 * service's key base, the age, and a copy to clear out now whatever its age ('' for none).
 * Answers [requests put back, requests dropped].
 */
const RECLAIM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], 0, now - tonumber(ARGV[2]))
if ARGV[3] ~= '' then dead[#dead + 1] = ARGV[3] end
local back, dropped = 0, 0
for _, copy in ipairs(dead) do
  local taken = ARGV[1] .. 'taken:' .. copy
  local inflight = ARGV[1] .. 'in-flight:' .. copy
  local items = redis.call('LRANGE', taken, 0, -1)
  for _, raw in ipairs(redis.call('HVALS', inflight)) do items[#items + 1] = raw end
  for _, raw in ipairs(items) do
    local id = string.match(raw, '^{"id":"([^"]*)"')
    local deadline = tonumber(string.match(raw, '.*"deadline":(%d+)'))
    if (deadline and deadline <= now) or (id and redis.call('EXISTS', ARGV[1] .. 'abandoned:' .. id) == 1) then
      dropped = dropped + 1
    else
      redis.call('RPUSH', KEYS[2], raw)
      back = back + 1
    end
  end
  redis.call('DEL', taken, inflight)
  redis.call('ZREM', KEYS[1], copy)
end
return {back, dropped}`;

type ScriptRedis = Redis & {
  rpcTake(taken: string, inFlight: string, requests: string, more: number): Promise<string[]>;
  rpcReclaim(instances: string, requests: string, base: string, ageMs: number, copy: string): Promise<[number, number]>;
};

function scripted(redis: Redis): ScriptRedis {
  redis.defineCommand('rpcTake', { numberOfKeys: 3, lua: TAKE });
  redis.defineCommand('rpcReclaim', { numberOfKeys: 2, lua: RECLAIM });
  return redis as ScriptRedis;
}

/**
 * `@nestjs/microservices` transport on a Redis list: each request is taken by exactly one running
 * copy of the service (the stock Redis transport is pub/sub and runs it on every copy).
 *
 * A copy keeps the requests it took in Redis until it has answered them. When a copy dies without
 * a goodbye (killed, out of memory, its machine gone), the others notice its silent heartbeat
 * within RECLAIM_AFTER_MS and run its requests again, in time for most callers, instead of letting
 * them time out. A request that was cut short there may so run twice: what it had written before
 * the copy died is kept, as with any crash; handlers that create things should tolerate it.
 */
export class RedisQueueServer extends Server implements CustomTransportStrategy {
  readonly instanceId: string;
  private blocking?: ScriptRedis;
  private commands?: ScriptRedis;
  private heartbeat?: NodeJS.Timeout;
  private beats?: Heartbeats;
  private closing = false;
  private draining?: Promise<void>;
  private closed?: Promise<void>;
  private loopDone?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  /** Ids of requests answered in this turn of the event loop (see forget). */
  private readonly answered: string[] = [];
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
      this.commands = scripted(redisConnection(this.options.redisUrl, 'rpc'));
      this.blocking = scripted(redisConnection(this.options.redisUrl, 'blocking'));
      await this.beat();
      this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS);
      this.heartbeat.unref();
      // the heartbeat also goes from a thread of its own, so a held-up event loop does not silence it
      this.beats = Heartbeats.of(this.options.redisUrl);
      this.beats.add(rpcKeys.instances(this.prefix, this.options.service), this.instanceId);
      this.loopDone = this.loop();
      callback();
    } catch (err) {
      callback(err);
    }
  }

  /** This copy's heartbeat; then the requests of copies gone silent go back to the queue. */
  private async beat() {
    const { service } = this.options;
    const instances = rpcKeys.instances(this.prefix, service);
    await this.commands!.zadd(instances, Date.now(), this.instanceId);
    const [back, dropped] = await this.commands!.rpcReclaim(
      instances,
      rpcKeys.requests(this.prefix, service),
      rpcKeys.base(this.prefix, service),
      RECLAIM_AFTER_MS,
      '',
    );
    if (back || dropped) {
      this.logger.warn(
        `A copy of the ${service} service stopped answering: ${back} of its requests run again here or on another copy, ${dropped} came too late`,
      );
    }
  }

  private keysOfThisCopy() {
    const { service } = this.options;
    return {
      taken: rpcKeys.taken(this.prefix, service, this.instanceId),
      inFlight: rpcKeys.inFlight(this.prefix, service, this.instanceId),
      requests: rpcKeys.requests(this.prefix, service),
    };
  }

  private async loop() {
    const { taken, inFlight, requests } = this.keysOfThisCopy();
    const limit = this.options.concurrency ?? 64;
    while (!this.closing) {
      if (this.inFlight.size >= limit) {
        await Promise.race(this.inFlight);
        continue;
      }
      let first: string | null;
      try {
        // A short block, so that close() is never kept waiting long.
        first = await this.blocking!.blmove(requests, taken, 'RIGHT', 'LEFT', 1);
      } catch (err) {
        if (this.closing) break;
        this.logger.error(`RPC queue read failed: ${(err as Error).message}`);
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (first === null) continue;
      // The request waited for runs at once; meanwhile it goes into the in-flight hash with
      // everything else waiting, up to the free slots, in one step (one more round trip per batch,
      // not per request). What is taken is always handled.
      const took = this.blocking!.rpcTake(taken, inFlight, requests, limit - this.inFlight.size - 1);
      this.run(first, took, taken, inFlight);
      let more: string[];
      try {
        more = await took;
      } catch (err) {
        // Left in the `taken` list, which only this copy reads; handled once all the same.
        if (!this.closing) this.logger.error(`RPC queue read failed: ${(err as Error).message}`);
        continue;
      }
      const own = more.indexOf(first);
      if (own >= 0) more.splice(own, 1);
      for (const raw of more) this.run(raw, took, taken, inFlight);
    }
  }

  private run(raw: string, took: Promise<unknown>, taken: string, inFlight: string) {
    const work = this.handle(raw).finally(() => {
      this.inFlight.delete(work);
      // Answered (or dropped): no other copy may run it again.
      took.then(
        () => this.forget(inFlight, envelopeId(raw)),
        () => void this.commands!.lrem(taken, 1, raw).catch(() => undefined),
      );
    });
    this.inFlight.add(work);
  }

  /** Requests answered in one turn of the event loop leave the in-flight hash in one command. */
  private forget(inFlight: string, id: string) {
    if (this.answered.push(id) === 1) setImmediate(() => this.flushAnswered(inFlight));
  }

  private flushAnswered(inFlight: string) {
    const ids = this.answered.splice(0);
    if (ids.length) void this.commands!.hdel(inFlight, ...ids).catch(() => undefined);
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

  /**
   * Stops taking requests, finishes the ones in hand (see {@link drain}), then leaves. Requests
   * still running at the drain deadline stay recorded: when this copy's heartbeat has been silent
   * for RECLAIM_AFTER_MS, another copy runs the ones that were not answered.
   */
  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.drain();
      if (this.heartbeat) clearInterval(this.heartbeat);
      await this.beats?.remove(rpcKeys.instances(this.prefix, this.options.service), this.instanceId);
      if (this.inFlight.size === 0) {
        const { service } = this.options;
        // sent before the clear-out below (same connection), which would otherwise run them again
        this.flushAnswered(this.keysOfThisCopy().inFlight);
        await this.commands
          ?.rpcReclaim(
            rpcKeys.instances(this.prefix, service),
            rpcKeys.requests(this.prefix, service),
            rpcKeys.base(this.prefix, service),
            RECLAIM_AFTER_MS,
            this.instanceId,
          )
          .catch(() => undefined);
      }
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
