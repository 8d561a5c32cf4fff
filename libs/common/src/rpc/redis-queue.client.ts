import { randomUUID } from 'node:crypto';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { errorBody, serviceOfPattern, type ServiceName } from '@visualnotes/contracts';
import type Redis from 'ioredis';
import { redisConnection } from '../redis';
import { currentRequestId } from '../logger';
import { currentTraceparent, endSpan, startSpan, tracingOn } from '../tracing';
import { INSTANCE_TTL_MS, rpcKeys, type RpcEnvelope, type RpcReply } from './keys';

export interface RedisQueueClientOptions {
  redisUrl: string;
  /** Key prefix (`REDIS_PREFIX`). */
  prefix?: string;
  /** Default time to wait for an answer; the caller then gets 504. */
  timeoutMs?: number;
}

interface Pending {
  service: ServiceName;
  raw: string;
  deadline: number;
  callback: (packet: WritePacket) => void;
  timer: NodeJS.Timeout;
}

const LIVENESS_CACHE_MS = 1_000;
/** More time to answer for each MB a request carries (see `publish`). */
export const RPC_MS_PER_MB = 2_000;

/**
 * Client side of {@link RedisQueueServer}. Fails fast with 503 when no copy of the target service
 * is alive, gives 504 after the timeout, and takes back (or marks abandoned) requests nobody
 * answered, so they never run after the caller was told they failed.
 */
export class RedisQueueClient extends ClientProxy {
  private readonly clientId = randomUUID();
  private commands?: Redis;
  private subscriber?: Redis;
  private connecting?: Promise<void>;
  private watchdog?: NodeJS.Timeout;
  private readonly pending = new Map<string, Pending>();
  private readonly liveness = new Map<ServiceName, { alive: boolean; at: number }>();

  private readonly prefix: string;

  constructor(private readonly options: RedisQueueClientOptions) {
    super();
    this.prefix = options.prefix ?? 'vn';
  }

  connect(): Promise<void> {
    this.connecting ??= (async () => {
      // Auto-pipelining: the requests sent in one tick leave in one socket write.
      this.commands = redisConnection(this.options.redisUrl, 'rpc');
      this.subscriber = redisConnection(this.options.redisUrl, 'blocking');
      this.subscriber.on('message', (_channel, message) => this.onReply(message));
      await this.subscriber.subscribe(rpcKeys.reply(this.prefix, this.clientId));
      this.watchdog = setInterval(() => void this.failRequestsOfDeadServices(), LIVENESS_CACHE_MS);
      this.watchdog.unref();
    })().catch((err) => {
      this.connecting = undefined;
      throw err;
    });
    return this.connecting;
  }

  private onReply(message: string) {
    let replies: RpcReply | RpcReply[];
    try {
      replies = JSON.parse(message) as RpcReply | RpcReply[];
    } catch {
      return;
    }
    // A copy sends the replies it finished together as one array (see RedisQueueServer).
    if (Array.isArray(replies)) for (const reply of replies) this.settle(reply);
    else this.settle(replies);
  }

  private settle(reply: RpcReply) {
    const pending = this.pending.get(reply?.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.err) pending.callback({ err: reply.err, isDisposed: true });
    else pending.callback({ response: reply.response ?? null, isDisposed: true });
  }

  /** Whether some copy of the service has sent a heartbeat lately (cached for a second). */
  async isAlive(service: ServiceName, fresh = false): Promise<boolean> {
    const cached = this.liveness.get(service);
    if (!fresh && cached && Date.now() - cached.at < LIVENESS_CACHE_MS) return cached.alive;
    await this.connect();
    const count = await this.commands!.zcount(rpcKeys.instances(this.prefix, service), Date.now() - INSTANCE_TTL_MS, '+inf');
    const alive = count > 0;
    this.liveness.set(service, { alive, at: Date.now() });
    return alive;
  }

  private async failRequestsOfDeadServices() {
    const services = new Set([...this.pending.values()].map((p) => p.service));
    for (const service of services) {
      const alive = await this.isAlive(service, true).catch(() => true);
      if (alive) continue;
      for (const [id, p] of this.pending) {
        if (p.service !== service) continue;
        this.pending.delete(id);
        clearTimeout(p.timer);
        const waiting = await this.commands!.lrem(rpcKeys.requests(this.prefix, service), 1, p.raw).catch(() => 0);
        // Not in the queue: a copy that died had taken it. Marked, so that the copy that takes
        // its work back does not run what the user was told failed.
        const left = p.deadline - Date.now();
        if (!waiting && left > 0) await this.commands!.set(rpcKeys.abandoned(this.prefix, service, id), '1', 'PX', left).catch(() => undefined);
        p.callback({ err: unavailable(service), isDisposed: true });
      }
    }
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const id = randomUUID();
    let trace: string | undefined;
    if (tracingOn()) {
      const span = startSpan(`rpc ${String(packet.pattern)}`, 'client', { 'rpc.system': 'visualnotes', 'rpc.method': String(packet.pattern) });
      trace = currentTraceparent(span);
      const answer = callback;
      callback = (p) => {
        endSpan(span, p.err ? new Error((p.err as { message?: string }).message ?? 'RPC error') : undefined);
        answer(p);
      };
    }
    let service: ServiceName;
    try {
      service = serviceOfPattern(String(packet.pattern));
    } catch (err) {
      callback({ err: errorBody('INTERNAL', (err as Error).message), isDisposed: true });
      return () => undefined;
    }
    const envelope: Omit<RpcEnvelope, 'deadline'> = {
      id,
      pattern: String(packet.pattern),
      data: packet.data,
      replyTo: this.clientId,
      requestId: currentRequestId(),
    };
    if (trace) envelope.trace = trace;
    // The time to answer grows with what there is to read: a request of several MB (a whole scene)
    // gets its timeout plus RPC_MS_PER_MB for each full MB, so a save that is being done is not
    // answered "did not answer in time" (and then done anyway) on a busy machine.
    const body = JSON.stringify(envelope);
    const timeoutMs = (this.options.timeoutMs ?? 10_000) + Math.floor(body.length / 1_000_000) * RPC_MS_PER_MB;
    const deadline = Date.now() + timeoutMs;
    // The id stays first and the deadline last: the server's recovery script reads them there.
    const raw = `${body.slice(0, -1)},"deadline":${deadline}}`;
    void (async () => {
      if (!(await this.isAlive(service))) {
        callback({ err: unavailable(service), isDisposed: true });
        return;
      }
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        void this.commands!.lrem(rpcKeys.requests(this.prefix, service), 1, raw).catch(() => 0);
        callback({ err: errorBody('SERVICE_TIMEOUT', `The ${service} service did not answer in time; please try again`), isDisposed: true });
      }, timeoutMs);
      this.pending.set(id, { service, raw, deadline, callback, timer });
      await this.commands!.lpush(rpcKeys.requests(this.prefix, service), raw);
    })().catch(() => {
      const p = this.pending.get(id);
      if (p) clearTimeout(p.timer);
      this.pending.delete(id);
      callback({ err: unavailable(service), isDisposed: true });
    });
    return () => {
      const p = this.pending.get(id);
      if (p) clearTimeout(p.timer);
      this.pending.delete(id);
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    await this.connect();
    const service = serviceOfPattern(String(packet.pattern));
    const envelope: RpcEnvelope = {
      id: randomUUID(),
      pattern: String(packet.pattern),
      data: packet.data,
      replyTo: '',
      deadline: Date.now() + (this.options.timeoutMs ?? 10_000),
      requestId: currentRequestId(),
    };
    await this.commands!.lpush(rpcKeys.requests(this.prefix, service), JSON.stringify(envelope));
    return undefined as T;
  }

  async close() {
    if (this.watchdog) clearInterval(this.watchdog);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    await this.subscriber?.quit().catch(() => undefined);
    await this.commands?.quit().catch(() => undefined);
    this.connecting = undefined;
  }

  on() {
    throw new Error('RedisQueueClient does not emit transport events');
  }

  unwrap<T>(): T {
    return this.commands as T;
  }
}

function unavailable(service: ServiceName) {
  return errorBody('SERVICE_UNAVAILABLE', `The ${service} service is unavailable right now; please try again shortly`);
}
