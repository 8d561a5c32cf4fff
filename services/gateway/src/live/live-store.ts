import type { Scene, SceneElement, SceneFile } from '@visualnotes/contracts';
import type Redis from 'ioredis';

/**
 * What every gateway copy shares about a project being edited live, in Redis:
 *
 * - `meta`: the winning `version:versionNonce` of each element seen, so that every copy accepts or
 *   ignores a change the same way (one Lua script decides and publishes, so the order of decisions
 *   is the order of the messages everyone receives);
 * - `pending`: accepted elements not saved yet, `inflight`: those being saved right now (both are
 *   merged into what a newcomer receives, so nothing accepted is ever missing from it);
 * - `files`: image references not saved yet, each with who added it;
 * - `peers`: who has the project open, with the time each copy last vouched for them;
 * - `slots`: every connection to the project (`<connection> <user>`), scored with the time its copy
 *   last vouched for it: what the connection limits count, taken before a connection joins;
 * - `lock`: the copy saving the batch (one at a time per project);
 * - `seq`: a counter raised by every accepted change to save; a batch records the value it was
 *   taken at, so an editor learns which of its changes (acknowledged with their number) are saved.
 *
 * Accepted changes wait here at most about one flush interval before the publish service saves
 * them, and every editor that sent them keeps them too (it sends them again after a reconnect).
 */
export const liveKeys = (prefix: string, projectId: string) => {
  const base = `${prefix}:live:{${projectId}}`;
  return {
    meta: `${base}:meta`,
    pending: `${base}:pending`,
    inflight: `${base}:inflight`,
    files: `${base}:files`,
    inflightFiles: `${base}:inflight-files`,
    author: `${base}:author`,
    authors: `${base}:authors`,
    peers: `${base}:peers`,
    slots: `${base}:slots`,
    lock: `${base}:lock`,
    seq: `${base}:seq`,
    channel: `${base}:room`,
  };
};
export const accessChannel = (prefix: string) => `${prefix}:live:access`;

/** Seconds the version table of a project is kept after its last change. */
const META_TTL_S = 24 * 3600;

/**
 * Lua: whether element `id` at version `v` with nonce `n` wins over the `version:nonce` kept for it
 * in hash `key` (Excalidraw's rule: the higher version, then the lower nonce; unknown elements win).
 */
const WINS = `
local function wins(key, id, v, n)
  local cur = redis.call('HGET', key, id)
  if not cur then return true end
  local sep = string.find(cur, ':', 1, true)
  local cv, cn = tonumber(string.sub(cur, 1, sep - 1)), tonumber(string.sub(cur, sep + 1))
  if v ~= cv then return v > cv end
  return n < cn
end
`;

/**
 * Accepts the elements that win over what was seen before, records them (and, with `persist`, adds
 * them to the batch to save), then publishes one `update` message to the room: `from\n{json}`.
 * Answers the change's number in the project's save sequence (0 when there is nothing to save).
 * KEYS: meta, pending, files, author, channel, seq, authors (everyone whose changes wait).
 * ARGV: from, author, persist (0/1), files JSON ('' for none), then id, version, nonce, json per element.
 */
const MERGE = `${WINS}
local meta, pending, files_key, author_key, channel, seq_key = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local from, author, persist, files = ARGV[1], ARGV[2], ARGV[3] == '1', ARGV[4]
local acc = {}
for i = 5, #ARGV, 4 do
  local id, v, n = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if wins(meta, id, v, n) then
    redis.call('HSET', meta, id, ARGV[i + 1] .. ':' .. ARGV[i + 2])
    if persist then redis.call('HSET', pending, id, ARGV[i + 3]) end
    acc[#acc + 1] = ARGV[i + 3]
  end
end
redis.call('EXPIRE', meta, ${META_TTL_S})
local seq = 0
if persist and (#acc > 0 or files ~= '') then
  redis.call('SET', author_key, author)
  redis.call('SADD', KEYS[7], author)
  redis.call('EXPIRE', KEYS[7], ${META_TTL_S})
  seq = redis.call('INCR', seq_key)
  redis.call('EXPIRE', seq_key, ${META_TTL_S})
end
if #acc == 0 and files == '' then return seq end
local msg = '{"type":"update","from":"' .. from .. '","elements":[' .. table.concat(acc, ',') .. ']'
if files ~= '' then msg = msg .. ',"files":' .. files end
redis.call('PUBLISH', channel, from .. '\\n' .. msg .. '}')
return seq
`;

/**
 * Records the saved scene's element versions where they win over what is known (the table may be
 * older than saves made while nobody had the project open). ARGV: id, version, nonce per element.
 */
const SEED = `${WINS}
for i = 1, #ARGV, 3 do
  local id, v, n = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  if wins(KEYS[1], id, v, n) then redis.call('HSET', KEYS[1], id, ARGV[i + 1] .. ':' .. ARGV[i + 2]) end
end
redis.call('EXPIRE', KEYS[1], ${META_TTL_S})
return 1
`;

/**
 * Takes the batch to save when no other holder has the lock (or the caller holds it already):
 * moves pending elements and files to their in-flight keys and sets the lock. Answers nil (locked
 * or nothing to save) or {author, seq, authors (comma-separated), elements..., '', files...}, where
 * seq is the number of the last change in the batch; the authors are taken with it.
 * KEYS: pending, inflight, files, inflight-files, author, lock, seq, authors.
 * ARGV: lock token, lock ms.
 */
const TAKE = `
local holder = redis.call('GET', KEYS[6])
if holder and holder ~= ARGV[1] then return nil end
if redis.call('EXISTS', KEYS[1]) == 0 and redis.call('EXISTS', KEYS[3]) == 0 and redis.call('EXISTS', KEYS[2]) == 0 and redis.call('EXISTS', KEYS[4]) == 0 then return nil end
redis.call('SET', KEYS[6], ARGV[1], 'PX', ARGV[2])
-- a batch left in flight (a failed save, a copy that stopped) is saved again with this one; what
-- is pending was accepted later, so it replaces the same element in flight
for _, pair in ipairs({{KEYS[1], KEYS[2]}, {KEYS[3], KEYS[4]}}) do
  local vals = redis.call('HGETALL', pair[1])
  for i = 1, #vals, 2 do redis.call('HSET', pair[2], vals[i], vals[i + 1]) end
  redis.call('DEL', pair[1])
end
local out = { redis.call('GET', KEYS[5]) or '', redis.call('GET', KEYS[7]) or '0', table.concat(redis.call('SMEMBERS', KEYS[8]), ',') }
redis.call('DEL', KEYS[8])
for _, v in ipairs(redis.call('HVALS', KEYS[2])) do out[#out + 1] = v end
out[#out + 1] = ''
for _, v in ipairs(redis.call('HVALS', KEYS[4])) do out[#out + 1] = v end
return out
`;

/**
 * Ends a save: on success the in-flight batch is dropped; on failure it stays in flight and the
 * next batch takes it along (newer pending changes of the same elements win, as they were
 * accepted later). The lock is released only by its holder, unless `keep` (a restore keeps it
 * until the restored scene is saved and announced).
 * KEYS: inflight, inflight-files, lock. ARGV: lock token, ok (0/1), keep (0/1).
 */
const FINISH = `
if ARGV[2] == '1' then redis.call('DEL', KEYS[1], KEYS[2]) end
if ARGV[3] ~= '1' and redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
return 1
`;

/** Takes the lock when nobody holds it. KEYS: lock. ARGV: token, lock ms. */
const LOCK = `return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0`;

/** Releases the lock if the caller holds it. KEYS: lock. ARGV: token. */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

/**
 * Takes a place for connection `conn` of `user` unless that would exceed a limit: answers 0 (taken),
 * 1 (the person has as many connections to the project as allowed) or 2 (as many people have it
 * open as allowed; someone already in counts once, however many tabs). Places not vouched for
 * within the stale time (a copy that stopped) are dropped first. One script, so connections arriving
 * at once on several copies are counted one after the other.
 * KEYS: slots. ARGV: conn, user, now ms, stale ms, connections per person, people.
 */
const ADMIT = `
local key, conn, user, now, stale = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - stale)
local mine, people, seen = 0, 0, {}
for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
  local u = string.sub(m, string.find(m, ' ', 1, true) + 1)
  if u == user then mine = mine + 1 end
  if not seen[u] then
    seen[u] = true
    people = people + 1
  end
end
if mine >= tonumber(ARGV[5]) then return 1 end
if mine == 0 and people >= tonumber(ARGV[6]) then return 2 end
redis.call('ZADD', key, now, conn .. ' ' .. user)
redis.call('PEXPIRE', key, stale)
return 0
`;

/** Why a connection was not let in (see {@link LiveStore.admit}). */
export type LiveRefusal = 'connections' | 'people';

type ScriptRedis = Redis & {
  liveAdmit(...args: (string | number)[]): Promise<number>;
  liveMerge(...args: (string | number)[]): Promise<number>;
  liveSeed(...args: (string | number)[]): Promise<number>;
  liveTake(...args: (string | number)[]): Promise<string[] | null>;
  liveFinish(...args: (string | number)[]): Promise<number>;
  liveLock(...args: (string | number)[]): Promise<number>;
  liveUnlock(...args: (string | number)[]): Promise<number>;
};

export type FileRef = SceneFile & { by: string };

/** The Redis side of the live hub (one instance per gateway copy). */
export class LiveStore {
  private readonly redis: ScriptRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('liveMerge', { numberOfKeys: 7, lua: MERGE });
    redis.defineCommand('liveSeed', { numberOfKeys: 1, lua: SEED });
    redis.defineCommand('liveTake', { numberOfKeys: 8, lua: TAKE });
    redis.defineCommand('liveFinish', { numberOfKeys: 3, lua: FINISH });
    redis.defineCommand('liveLock', { numberOfKeys: 1, lua: LOCK });
    redis.defineCommand('liveUnlock', { numberOfKeys: 1, lua: UNLOCK });
    redis.defineCommand('liveAdmit', { numberOfKeys: 1, lua: ADMIT });
    this.redis = redis as ScriptRedis;
  }

  keys(projectId: string) {
    return liveKeys(this.prefix, projectId);
  }

  /**
   * Accepts and publishes elements; answers the change's number in the project's save sequence
   * (0 when nothing is to be saved: no element won, or `persist` is off). `texts` are the elements as JSON (sent on
   * as they came, never parsed twice).
   */
  async merge(
    projectId: string,
    from: string,
    author: string,
    elements: SceneElement[],
    texts: string[],
    options: { persist: boolean; files?: Record<string, FileRef> },
  ): Promise<number> {
    const k = this.keys(projectId);
    const args: (string | number)[] = [];
    elements.forEach((e, i) => args.push(e.id, e.version, e.versionNonce, texts[i]));
    const files = options.files && Object.keys(options.files).length ? options.files : null;
    if (files && options.persist) {
      const fields: string[] = [];
      for (const [key, ref] of Object.entries(files)) fields.push(key, JSON.stringify(ref));
      await this.redis.hset(k.files, ...fields);
    }
    const publicFiles = files ? JSON.stringify(Object.fromEntries(Object.entries(files).map(([key, { by: _by, ...ref }]) => [key, ref]))) : '';
    return this.redis.liveMerge(
      k.meta,
      k.pending,
      k.files,
      k.author,
      k.channel,
      k.seq,
      k.authors,
      from,
      author,
      options.persist ? '1' : '0',
      publicFiles,
      ...args,
    );
  }

  async seed(projectId: string, elements: SceneElement[]): Promise<void> {
    const args: string[] = [];
    for (const e of elements) args.push(e.id, String(e.version), String(e.versionNonce));
    await this.redis.liveSeed(this.keys(projectId).meta, ...args);
  }

  /** Accepted elements and image references not saved yet (pending and in flight). */
  async unsaved(projectId: string): Promise<{ elements: SceneElement[]; files: Scene['files'] }> {
    const k = this.keys(projectId);
    const [[, pending], [, inflight], [, files], [, inflightFiles]] = (await this.redis
      .multi()
      .hvals(k.pending)
      .hvals(k.inflight)
      .hvals(k.files)
      .hvals(k.inflightFiles)
      .exec()) as [unknown, string[]][];
    const elements = [...inflight, ...pending].map((t) => JSON.parse(t) as SceneElement);
    const refs: NonNullable<Scene['files']> = {};
    for (const t of [...inflightFiles, ...files]) {
      const { by: _by, ...ref } = JSON.parse(t) as FileRef;
      refs[ref.id] = ref;
    }
    return { elements, files: refs };
  }

  /**
   * The batch to save, or null when another copy is saving one or nothing waits. `upto` is the
   * number of the last change it holds.
   */
  async take(
    projectId: string,
    token: string,
    lockMs: number,
  ): Promise<{ author: string; authors: string[]; upto: number; elements: SceneElement[]; files: Record<string, FileRef> } | null> {
    const k = this.keys(projectId);
    const out = await this.redis.liveTake(k.pending, k.inflight, k.files, k.inflightFiles, k.author, k.lock, k.seq, k.authors, token, lockMs);
    if (!out) return null;
    const split = out.indexOf('', 3);
    const elements = out.slice(3, split).map((t) => JSON.parse(t) as SceneElement);
    const files: Record<string, FileRef> = {};
    for (const t of out.slice(split + 1)) {
      const ref = JSON.parse(t) as FileRef;
      files[ref.id] = ref;
    }
    return { author: out[0], authors: out[2] ? out[2].split(',') : [], upto: Number(out[1]), elements, files };
  }

  async finish(projectId: string, token: string, ok: boolean, keepLock = false): Promise<void> {
    const k = this.keys(projectId);
    await this.redis.liveFinish(k.inflight, k.inflightFiles, k.lock, token, ok ? '1' : '0', keepLock ? '1' : '0');
  }

  /** Takes the save lock of a project when nobody holds it; answers whether it did. */
  async lock(projectId: string, token: string, lockMs: number): Promise<boolean> {
    return (await this.redis.liveLock(this.keys(projectId).lock, token, lockMs)) === 1;
  }

  async unlock(projectId: string, token: string): Promise<void> {
    await this.redis.liveUnlock(this.keys(projectId).lock, token);
  }

  /**
   * Takes a place in the project for a new connection, counted across every copy: null when taken,
   * else the limit it would exceed. `staleMs`: how long a place lasts without {@link vouch}.
   */
  async admit(
    projectId: string,
    conn: string,
    userId: string,
    limits: { perUser: number; people: number; staleMs: number },
    now = Date.now(),
  ): Promise<LiveRefusal | null> {
    const verdict = await this.redis.liveAdmit(this.keys(projectId).slots, conn, userId, now, limits.staleMs, limits.perUser, limits.people);
    return verdict === 1 ? 'connections' : verdict === 2 ? 'people' : null;
  }

  /**
   * Keeps the places of open connections (`[conn, userId]`) for another stale period. Only places
   * still there are renewed: one given back meanwhile (a connection that just closed) is not taken again.
   */
  async vouch(projectId: string, conns: [string, string][], staleMs: number, now = Date.now()): Promise<void> {
    if (!conns.length) return;
    const key = this.keys(projectId).slots;
    const args: (string | number)[] = [];
    for (const [conn, userId] of conns) args.push(now, `${conn} ${userId}`);
    await this.redis
      .multi()
      .zadd(key, 'XX', ...args)
      .pexpire(key, staleMs)
      .exec();
  }

  /** Gives a connection's place back. */
  async release(projectId: string, conn: string, userId: string): Promise<void> {
    await this.redis.zrem(this.keys(projectId).slots, `${conn} ${userId}`);
  }

  /** Publishes a message to everyone in the room (every copy), except the connection `from`. */
  async publish(projectId: string, from: string, message: object): Promise<void> {
    await this.redis.publish(this.keys(projectId).channel, `${from}\n${JSON.stringify(message)}`);
  }

  /** Whether any copy has the room open. */
  async listened(projectId: string): Promise<boolean> {
    return (await this.listeners(projectId)) > 0;
  }

  /** How many copies have the room open (this one included once it has subscribed). */
  async listeners(projectId: string): Promise<number> {
    const [, count] = (await this.redis.pubsub('NUMSUB', this.keys(projectId).channel)) as [string, number];
    return Number(count);
  }
}
