import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { redisConnection, RpcClient } from '@visualnotes/common';
import {
  hasUnicodeEscape,
  jsonBodyProblem,
  LIVE_BYTE_BURST,
  LIVE_BYTES_PER_SECOND,
  LIVE_MESSAGE_BURST,
  LIVE_MESSAGE_MAX_BYTES,
  LIVE_MESSAGES_PER_SECOND,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  LiveCloseCodes,
  liveClientMessageSchema,
  liveColor,
  LiveMessages,
  mergeElementLists,
  Messages,
  Patterns,
  PublishMessages,
  type LivePeer,
  type LiveServerMessage,
  type ProjectRole,
  type Scene,
  type SceneElement,
} from '@visualnotes/contracts';
import type Redis from 'ioredis';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { toAuthUser, type AuthUser } from '../auth/current-user.decorator';
import { RevokedSessions } from '../auth/revoked-sessions';
import { TokenVerifier } from '../auth/token-verifier.service';
import { ByteBudget } from '../common/byte-budget';
import type { SharedRateLimiter } from '../common/rate-limiter';
import { canonicalTarget, pathOf } from '../common/request-target';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { accessChannel, LiveStore, type FileRef, type LiveRefusal } from './live-store';

const LIVE_PATH = /^\/api\/projects\/([0-9a-fA-F-]{36})\/live$/;
/** A connection sending more than this is closed (ws refuses it while reading); below it, a message over the limit gets an error. */
const HARD_MAX_PAYLOAD = 4 * LIVE_MESSAGE_MAX_BYTES;
/** A client this far behind in reading gets no pointer moves; further behind, it is closed (it reconnects and catches up). */
const SLOW_CLIENT_BYTES = 1024 * 1024;
const STUCK_CLIENT_BYTES = 32 * 1024 * 1024;
const PEER_HEARTBEAT_MS = 10_000;
const PEER_STALE_MS = 35_000;
const SWEEP_MS = 1_000;
const LOCK_MS = 20_000;
const REFUSALS: Record<LiveRefusal, { message: string; reason: string }> = {
  connections: { message: Messages.liveTooManyConnections, reason: 'too many connections' },
  people: { message: Messages.liveProjectFull, reason: 'project full' },
};

interface Connection {
  id: string;
  ws: WebSocket;
  user: AuthUser;
  role: ProjectRole;
  room: Room;
  peer: LivePeer;
  /** Token expiry (ms): the connection is closed then, unless the editor sent a renewed token (`auth`) before. */
  expiresAt: number;
  ready: boolean;
  queued: string[];
  tokens: number;
  refilledAt: number;
  lastError: number;
  /** Set while reading from this connection waits for its person's byte budget. */
  resumeTimer?: NodeJS.Timeout;
}

interface Room {
  projectId: string;
  conns: Set<Connection>;
  subscribed: Promise<void>;
  flushing?: Promise<void>;
  seeded: boolean;
}

/**
 * The live channel of projects: `/api/projects/{id}/live`, a WebSocket on the gateway's own HTTP
 * server (the `ws` library, which Node's WebSocket servers and @fastify/websocket are built on; it
 * needs no route of its own in Nest). Each copy keeps only its own connections; changes and
 * presence travel between copies through Redis pub/sub (one channel per open project), and the
 * decision which copy of an element wins is taken in Redis, so every copy and screen agrees.
 * Accepted changes are saved by the publish service in batches, about once per `LIVE_FLUSH_MS`.
 */
@Injectable()
export class LiveHub implements OnModuleDestroy {
  private readonly logger = new Logger(LiveHub.name);
  private readonly redis: Redis;
  private readonly sub: Redis;
  private readonly store: LiveStore;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: HARD_MAX_PAYLOAD, handleProtocols: () => LIVE_PROTOCOL });
  private readonly rooms = new Map<string, Room>();
  /** Each person's byte budget on this copy (LIVE_BYTES_PER_SECOND), shared by their connections. */
  private readonly budgets = new ByteBudget(LIVE_BYTES_PER_SECOND, LIVE_BYTE_BURST);
  private readonly byChannel = new Map<string, Room>();
  private readonly accessKey: string;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly lockToken = randomBytes(9).toString('base64url');
  private readonly limits: { perUser: number; people: number; staleMs: number };
  private readonly trustProxy: boolean;
  private limiter?: SharedRateLimiter;
  private stopping = false;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly rpc: RpcClient,
    private readonly verifier: TokenVerifier,
    private readonly revoked: RevokedSessions,
  ) {
    this.redis = redisConnection(config.REDIS_URL, 'state');
    this.sub = redisConnection(config.REDIS_URL, 'blocking');
    for (const r of [this.redis, this.sub]) r.on('error', (err) => this.logger.warn(`live channel Redis: ${err.message}`));
    this.store = new LiveStore(this.redis, config.REDIS_PREFIX);
    this.accessKey = accessChannel(config.REDIS_PREFIX);
    this.limits = { perUser: config.LIVE_MAX_CONNECTIONS_PER_USER, people: config.LIVE_MAX_PEOPLE_PER_PROJECT, staleMs: PEER_STALE_MS };
    this.trustProxy = config.TRUST_PROXY;
    this.sub.on('message', (channel: string, message: string) => this.onRedisMessage(channel, message));
    void this.sub.subscribe(this.accessKey).catch((err: Error) => this.logger.warn(`live channel: ${err.message}`));
    this.timers.push(
      setInterval(() => this.sweep(), SWEEP_MS),
      setInterval(() => this.flushAll(), config.LIVE_FLUSH_MS),
      setInterval(() => void this.heartbeat(), PEER_HEARTBEAT_MS),
    );
    for (const t of this.timers) t.unref();
  }

  /**
   * Takes WebSocket upgrades of `/api/projects/{id}/live` on the gateway's HTTP server. Each upgrade
   * to /api counts against `limiter`, the rate limit of every API request (Fastify never sees an
   * upgrade, so its request hook cannot count them).
   */
  attach(server: Server, limiter: SharedRateLimiter) {
    this.limiter = limiter;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.upgrade(req, socket, head).catch((err: Error) => {
        this.logger.warn(`live channel upgrade failed: ${err.message}`);
        refuse(socket, 500, 'Internal Server Error');
      });
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => undefined);
    const path = pathOf(canonicalTarget(req.url ?? '/'));
    if (path.startsWith('/api/') && this.limiter) {
      const r = this.limiter.hit(clientAddress(req, this.trustProxy));
      if (!r.allowed) return refuse(socket, 429, 'Too Many Requests', { 'Retry-After': String(Math.ceil(r.resetMs / 1000)) });
    }
    const match = LIVE_PATH.exec(path);
    if (!match || this.stopping) return refuse(socket, this.stopping ? 503 : 404, this.stopping ? 'Service Unavailable' : 'Not Found');
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim());
    const token = offered.find((p) => p.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX))?.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length);
    if (!offered.includes(LIVE_PROTOCOL) || !token) return refuse(socket, 401, 'Unauthorized');
    const claims = await this.verifier.verify(token);
    if (!claims) return refuse(socket, 401, 'Unauthorized');
    const user = toAuthUser(claims);
    this.wss.handleUpgrade(req, socket, head, (ws) => void this.open(ws, user, match[1].toLowerCase(), expiryOf(claims)));
  }

  /** A new connection: joins the room (so it hears every change from now on), then gets the scene. */
  private async open(ws: WebSocket, user: AuthUser, projectId: string, expiresAt: number) {
    const id = randomBytes(9).toString('base64url');
    ws.on('error', () => undefined);
    // The limits are counted in Redis, across every copy: a copy alone sees only the connections
    // the load balancer gave it, while the room (and what each join costs) spans every copy. A
    // connection over a limit costs one Redis call: it never joins, reads the project or is announced.
    let refusal: LiveRefusal | null;
    try {
      refusal = await this.store.admit(projectId, id, user.id, this.limits);
    } catch (err) {
      this.logger.warn(`live channel could not count the connections of project ${projectId}: ${(err as Error).message}`);
      return ws.close(LiveCloseCodes.restart, 'try again');
    }
    if (refusal) {
      const { message, reason } = REFUSALS[refusal];
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'error', message } satisfies LiveServerMessage));
      return ws.close(LiveCloseCodes.limit, reason);
    }
    if (ws.readyState !== WebSocket.OPEN || this.stopping) {
      // gone while its place was being taken, or this copy began stopping meanwhile
      await this.store.release(projectId, id, user.id).catch(() => undefined);
      if (this.stopping) ws.close(LiveCloseCodes.restart, 'restart');
      return;
    }
    const room = this.room(projectId);
    const conn: Connection = {
      id,
      ws,
      user,
      role: 'viewer',
      room,
      peer: { id, user_id: user.id, name: user.name || user.email, color: liveColor(user.id), role: 'viewer' },
      expiresAt,
      ready: false,
      queued: [],
      tokens: LIVE_MESSAGE_BURST,
      refilledAt: Date.now(),
      lastError: 0,
    };
    room.conns.add(conn);
    ws.on('message', (data, isBinary) => void this.onMessage(conn, data, isBinary));
    // A message over HARD_MAX_PAYLOAD is never read past it: ws stops and closes the connection. What
    // it read is charged all the same, so reconnecting to go on costs the same person's budget.
    ws.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') this.spend(conn, HARD_MAX_PAYLOAD, Date.now());
    });
    ws.on('close', () => void this.close(conn));
    try {
      await room.subscribed;
      const project = await this.rpc.send(Patterns.publish.projectsGet, { user_id: user.id, scope: user.scope, id: projectId });
      if (!room.seeded) {
        room.seeded = true;
        if ((await this.store.listeners(projectId)) > 1) {
          // other copies have the project open: what the saved scene holds that their editors have
          // not seen (an ordinary save whose announcement has not run yet) goes to them now, as
          // the announcement would find it known once the version table is seeded
          const elements = project.scene.elements;
          await this.store.merge(
            projectId,
            id,
            user.id,
            elements,
            elements.map((e) => JSON.stringify(e)),
            { persist: false },
          );
        } else {
          await this.store.seed(projectId, project.scene.elements);
        }
      }
      const unsaved = await this.store.unsaved(projectId);
      const scene: Scene = {
        ...project.scene,
        elements: mergeElementLists(project.scene.elements, unsaved.elements).elements,
        files: { ...project.scene.files, ...unsaved.files },
      };
      conn.role = project.role;
      conn.peer.role = project.role;
      const peers = await this.peers(projectId, id);
      if (ws.readyState !== WebSocket.OPEN) return;
      this.send(conn, { type: 'welcome', you: conn.peer, role: conn.role, scene, peers });
      conn.ready = true;
      for (const m of conn.queued.splice(0)) this.sendText(conn, m);
      await this.redis.hset(this.store.keys(projectId).peers, id, JSON.stringify({ peer: conn.peer, at: Date.now() }));
      await this.store.publish(projectId, id, { type: 'join', peer: conn.peer } satisfies LiveServerMessage);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 403) {
        this.send(conn, { type: 'error', message: status === 404 ? PublishMessages.projectNotFound : LiveMessages.removed }, true);
        ws.close(status === 404 ? LiveCloseCodes.gone : LiveCloseCodes.removed, 'no access');
      } else {
        this.logger.warn(`live channel could not open project ${projectId}: ${(err as Error).message}`);
        ws.close(LiveCloseCodes.restart, 'try again');
      }
    }
  }

  private room(projectId: string): Room {
    let room = this.rooms.get(projectId);
    if (!room) {
      const channel = this.store.keys(projectId).channel;
      room = { projectId, conns: new Set(), subscribed: this.sub.subscribe(channel).then(() => undefined), seeded: false };
      this.rooms.set(projectId, room);
      this.byChannel.set(channel, room);
    }
    return room;
  }

  private async close(conn: Connection) {
    clearTimeout(conn.resumeTimer);
    const room = conn.room;
    if (!room.conns.delete(conn)) return;
    const k = this.store.keys(room.projectId);
    await this.store.release(room.projectId, conn.id, conn.user.id).catch(() => undefined);
    if (conn.ready) {
      await this.redis.hdel(k.peers, conn.id).catch(() => undefined);
      await this.store.publish(room.projectId, conn.id, { type: 'leave', peer: { id: conn.id, user_id: conn.user.id } }).catch(() => undefined);
    }
    if (room.conns.size === 0) {
      // the last one here: what waits is saved now, then this copy stops listening to the project
      await this.flush(room).catch(() => undefined);
      if (room.conns.size > 0 || this.rooms.get(room.projectId) !== room) return;
      this.rooms.delete(room.projectId);
      this.byChannel.delete(k.channel);
      await this.sub.unsubscribe(k.channel).catch(() => undefined);
    }
  }

  private async onMessage(conn: Connection, data: RawData, isBinary: boolean) {
    const now = Date.now();
    // Every byte read is charged to its person's budget before anything else, whatever becomes of
    // the message: a flood of refused messages (too large, too fast, too early) is slowed down as
    // any other, and the connection is read no further until the budget allows.
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as ArrayBuffer | Buffer).byteLength;
    this.spend(conn, size, now);
    if (!conn.ready) return this.fail(conn, LiveMessages.invalid);
    // a token bucket per connection: LIVE_MESSAGES_PER_SECOND, bursts up to LIVE_MESSAGE_BURST
    conn.tokens = Math.min(LIVE_MESSAGE_BURST, conn.tokens + ((now - conn.refilledAt) / 1000) * LIVE_MESSAGES_PER_SECOND);
    conn.refilledAt = now;
    if (conn.tokens < 1) return this.fail(conn, LiveMessages.tooFast);
    conn.tokens -= 1;
    if (size > LIVE_MESSAGE_MAX_BYTES) return this.fail(conn, LiveMessages.tooLarge);
    if (isBinary) return this.fail(conn, LiveMessages.invalid);
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.fail(conn, LiveMessages.invalid);
    }
    // What a request body may not hold (NUL, half a surrogate pair, deep nesting), a message may not
    // either: it would reach everyone in the room and then fail every save of the project.
    const problem = jsonBodyProblem(parsed, hasUnicodeEscape(text));
    if (problem) return this.fail(conn, problem.message);
    const result = liveClientMessageSchema.safeParse(parsed);
    if (!result.success) return this.fail(conn, LiveMessages.invalid);
    const message = result.data;
    const projectId = conn.room.projectId;
    try {
      if (message.type === 'ping') return this.send(conn, { type: 'pong' });
      if (message.type === 'auth') return await this.renew(conn, message.token);
      if (message.type === 'presence') {
        const { type: _type, ...presence } = message;
        return await this.store.publish(projectId, conn.id, { type: 'presence', peer: conn.peer, presence } satisfies LiveServerMessage);
      }
      if (conn.role === 'viewer') return this.fail(conn, LiveMessages.viewer, true);
      const elements = message.elements as SceneElement[];
      const files: Record<string, FileRef> = {};
      for (const [key, ref] of Object.entries(message.files ?? {})) files[key] = { ...ref, by: conn.user.id };
      const seq = await this.store.merge(
        projectId,
        conn.id,
        conn.user.id,
        elements,
        elements.map((e) => JSON.stringify(e)),
        { persist: true, files },
      );
      // the sender learns the change's number: it is saved once a `saved` message covers it
      this.send(conn, { type: 'ack', seq });
    } catch (err) {
      this.logger.warn(`live channel message of project ${projectId} not handled: ${(err as Error).message}`);
      this.fail(conn, LiveMessages.notSaved, true);
    }
  }

  /**
   * A renewed access token on an open connection: it must be the same person's and valid, and
   * their access to the project is checked again (someone removed meanwhile is disconnected).
   */
  private async renew(conn: Connection, token: string) {
    const claims = await this.verifier.verify(token);
    const user = claims ? toAuthUser(claims) : null;
    if (!claims || !user || user.id !== conn.user.id) {
      this.send(conn, { type: 'error', message: LiveMessages.sessionEnded }, true);
      return conn.ws.close(LiveCloseCodes.unauthorized, 'session ended');
    }
    let role: ProjectRole;
    try {
      role = (await this.rpc.send(Patterns.publish.projectsGet, { user_id: user.id, scope: user.scope, id: conn.room.projectId })).role;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 403) throw err;
      this.send(conn, { type: 'error', message: status === 404 ? PublishMessages.projectNotFound : LiveMessages.removed }, true);
      return conn.ws.close(status === 404 ? LiveCloseCodes.gone : LiveCloseCodes.removed, 'no access');
    }
    conn.user = user;
    conn.expiresAt = expiryOf(claims);
    if (role !== conn.role) {
      conn.role = role;
      conn.peer.role = role;
      this.send(conn, { type: 'role', role });
    }
    this.send(conn, { type: 'renewed', expires_at: conn.expiresAt });
  }

  /** An error for this connection only (at most one a second unless `always`); the connection stays open. */
  private fail(conn: Connection, message: string, always = false) {
    const now = Date.now();
    if (!always && now - conn.lastError < 1_000) return;
    conn.lastError = now;
    this.send(conn, { type: 'error', message }, true);
  }

  private send(conn: Connection, message: LiveServerMessage, evenIfNotReady = false) {
    const text = JSON.stringify(message);
    if (!conn.ready && !evenIfNotReady && message.type !== 'welcome') conn.queued.push(text);
    else this.sendText(conn, text);
  }

  private sendText(conn: Connection, text: string) {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > STUCK_CLIENT_BYTES) {
      conn.ws.terminate();
      return;
    }
    conn.ws.send(text);
  }

  /** A message of a room from Redis (`from\njson`), or an access change. */
  private onRedisMessage(channel: string, raw: string) {
    if (channel === this.accessKey) return this.onAccess(raw);
    const room = this.byChannel.get(channel);
    if (!room) return;
    const cut = raw.indexOf('\n');
    const from = raw.slice(0, cut);
    const text = raw.slice(cut + 1);
    const presence = text.startsWith('{"type":"presence"');
    for (const conn of room.conns) {
      if (conn.id === from) continue;
      if (!conn.ready) {
        if (!presence) conn.queued.push(text);
        continue;
      }
      if (presence && conn.ws.bufferedAmount > SLOW_CLIENT_BYTES) continue;
      this.sendText(conn, text);
    }
  }

  /** A role changed or access ended (a collaborator changed or removed, the project deleted). */
  private onAccess(raw: string) {
    let event: { project_id: string; user_id?: string; role?: ProjectRole | null; deleted?: boolean };
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    const room = this.rooms.get(event.project_id);
    if (!room) return;
    for (const conn of room.conns) {
      if (event.deleted) {
        this.send(conn, { type: 'error', message: LiveMessages.deleted }, true);
        conn.ws.close(LiveCloseCodes.gone, 'deleted');
      } else if (event.user_id === conn.user.id) {
        if (!event.role) {
          this.send(conn, { type: 'error', message: LiveMessages.removed }, true);
          conn.ws.close(LiveCloseCodes.removed, 'removed');
        } else {
          conn.role = event.role;
          conn.peer.role = event.role;
          this.send(conn, { type: 'role', role: event.role });
        }
      }
    }
  }

  /** Tells every copy that someone's access to a project changed (`role: null`: removed). */
  async announceAccess(event: { project_id: string; user_id?: string; role?: ProjectRole | null; deleted?: boolean }) {
    await this.redis.publish(this.accessKey, JSON.stringify(event)).catch((err: Error) => this.logger.warn(`live channel: ${err.message}`));
  }

  /**
   * Elements saved outside the live channel (a restore, an ordinary save): everyone who has the
   * project open receives the ones newer than theirs. Costs nothing when nobody has it open.
   */
  async announceSaved(projectId: string, by: string, elements: SceneElement[], files?: Scene['files']) {
    try {
      if (!(await this.store.listened(projectId))) return;
      const refs: Record<string, FileRef> = {};
      for (const [key, ref] of Object.entries(files ?? {})) refs[key] = { ...ref, by };
      await this.store.merge(
        projectId,
        'server',
        by,
        elements,
        elements.map((e) => JSON.stringify(e)),
        { persist: false, files: refs },
      );
    } catch (err) {
      this.logger.warn(`live channel: ${(err as Error).message}`);
    }
  }

  /**
   * Runs `work` (a restore) while no copy saves live changes of the project: waits until a save in
   * progress on any copy has ended, saves what waits, and holds the save lock until `work` is done.
   * So the restore sees every change accepted before it, and no batch accepted before it is saved
   * over the restored scene afterwards.
   */
  async exclusively<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const token = `restore.${randomBytes(9).toString('base64url')}`;
    const giveUpAt = Date.now() + 2 * LOCK_MS;
    // a holder that stopped without releasing it loses the lock after LOCK_MS
    while (!(await this.store.lock(projectId, token, LOCK_MS)) && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 25));
    try {
      await this.saveBatch(projectId, token, true).catch(() => undefined);
      return await work();
    } finally {
      await this.store.unlock(projectId, token).catch(() => undefined);
    }
  }

  private flushAll() {
    for (const room of this.rooms.values()) void this.flush(room).catch(() => undefined);
  }

  /** One batch of a room on this copy at a time. */
  private flush(room: Room): Promise<void> {
    room.flushing ??= this.saveBatch(room.projectId, this.lockToken, false).finally(() => (room.flushing = undefined));
    return room.flushing;
  }

  /** One batch: taken from Redis under the lock `token`, merged and saved by the publish service. */
  private async saveBatch(projectId: string, token: string, keepLock: boolean): Promise<void> {
    const batch = await this.store.take(projectId, token, LOCK_MS);
    if (!batch) return;
    let ok = false;
    try {
      const saved = await this.rpc.send(Patterns.publish.liveSave, {
        id: projectId,
        user_id: batch.author,
        editor_ids: batch.authors,
        elements: batch.elements,
        files: batch.files,
      });
      ok = true;
      await this.store.publish(projectId, 'server', { type: 'saved', version: saved.version, upto: batch.upto } satisfies LiveServerMessage);
      // pictures left out (not the adder's upload, not a picture): the rest of the batch is saved
      if (saved.refused) await this.store.publish(projectId, 'server', { type: 'error', message: saved.refused } satisfies LiveServerMessage);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (status === 400 || status === 413 || status === 404) {
        // never savable as it is (too large, invalid, project gone): dropped, and everyone told why
        ok = true;
        await this.store.publish(projectId, 'server', { type: 'error', message: (err as Error).message } satisfies LiveServerMessage);
      } else {
        this.logger.warn(`live changes of project ${projectId} not saved yet: ${(err as Error).message}`);
      }
    } finally {
      await this.store.finish(projectId, token, ok, keepLock);
    }
  }

  private async peers(projectId: string, except: string): Promise<LivePeer[]> {
    const all = await this.redis.hgetall(this.store.keys(projectId).peers);
    const now = Date.now();
    const peers: LivePeer[] = [];
    const stale: string[] = [];
    for (const [id, text] of Object.entries(all)) {
      const { peer, at } = JSON.parse(text) as { peer: LivePeer; at: number };
      if (now - at > PEER_STALE_MS) stale.push(id);
      else if (id !== except) peers.push(peer);
    }
    if (stale.length) await this.redis.hdel(this.store.keys(projectId).peers, ...stale);
    return peers;
  }

  /**
   * Vouches for this copy's connections in the rooms' peer lists and in the places the limits count
   * (a copy that stops stops vouching, and its places are free again after PEER_STALE_MS).
   */
  private async heartbeat() {
    const now = Date.now();
    for (const room of this.rooms.values()) {
      const fields: string[] = [];
      for (const c of room.conns) if (c.ready) fields.push(c.id, JSON.stringify({ peer: c.peer, at: now }));
      if (fields.length) await this.redis.hset(this.store.keys(room.projectId).peers, ...fields).catch(() => undefined);
      const places = [...room.conns].map((c): [string, string] => [c.id, c.user.id]);
      await this.store.vouch(room.projectId, places, this.limits.staleMs, now).catch(() => undefined);
    }
  }

  /** Ended sessions and expired tokens: their connections are closed within about a second. */
  /**
   * Takes a message's bytes from its person's budget. Past the budget, this connection is read
   * no further until the budget has refilled (the messages wait in the socket; none is lost).
   */
  private spend(conn: Connection, size: number, now: number) {
    const waitMs = this.budgets.spend(conn.user.id, size, now);
    if (waitMs === 0) return;
    conn.ws.pause();
    clearTimeout(conn.resumeTimer);
    conn.resumeTimer = setTimeout(() => {
      conn.resumeTimer = undefined;
      if (conn.ws.readyState === WebSocket.OPEN) conn.ws.resume();
    }, waitMs);
  }

  private sweep() {
    const now = Date.now();
    this.budgets.sweep(now);
    for (const room of this.rooms.values()) {
      for (const conn of room.conns) {
        if (this.revoked.isRevoked(conn.user.sessionId) || conn.expiresAt <= now) {
          this.send(conn, { type: 'error', message: LiveMessages.sessionEnded }, true);
          conn.ws.close(LiveCloseCodes.unauthorized, 'session ended');
        }
      }
    }
  }

  /** Connections open on this copy (for tests and metrics). */
  get connections(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.conns.size;
    return n;
  }

  /** Stops taking connections, saves what waits and tells editors to reconnect (to another copy). */
  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    for (const t of this.timers) clearInterval(t);
    const rooms = [...this.rooms.values()];
    await Promise.all(rooms.map((r) => this.flush(r).catch(() => undefined)));
    for (const room of rooms) for (const conn of room.conns) conn.ws.close(LiveCloseCodes.restart, 'restart');
    await Promise.all(rooms.map((r) => Promise.all([...r.conns].map((c) => this.close(c)))));
  }

  async onModuleDestroy() {
    await this.stop();
    this.wss.close();
    this.redis.disconnect();
    this.sub.disconnect();
  }
}

/** When an access token expires (ms since 1970). */
function expiryOf(claims: object): number {
  const exp = (claims as { exp?: number }).exp;
  return typeof exp === 'number' ? exp * 1000 : Date.now() + 15 * 60_000;
}

function refuse(socket: Duplex, status: number, text: string, headers: Record<string, string> = {}) {
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\n${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The client address the rate limit counts, as Fastify's `request.ip` gives it for an ordinary
 * request: the socket's peer, or with TRUST_PROXY (every proxy trusted) the first address of
 * `X-Forwarded-For`. So a client's upgrades and requests share one count.
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  if (!trustProxy || typeof forwarded !== 'string') return peer;
  return (
    forwarded
      .split(',')
      .map((a) => a.trim())
      .find((a) => a.length > 0) ?? peer
  );
}
