import { parentPort, workerData } from 'node:worker_threads';
import { redisConnection } from '../redis';
import { HEARTBEAT_MS } from './keys';

/**
 * The thread that sends the heartbeats of a process's RPC server copies (see `heartbeats.ts`). It
 * has its own event loop and Redis connection, so a copy's heartbeat goes on while the copy's own
 * loop is held up.
 */
export type HeartbeatMessage = { add: { key: string; member: string } } | { remove: { key: string; member: string } };

const redis = redisConnection((workerData as { redisUrl: string }).redisUrl, 'rpc');
redis.on('error', () => undefined); // a beat that fails is sent again within a second
/** The copies this thread beats for: member → sorted set of its service's copies. */
const copies = new Map<string, string>();
let beating: Promise<unknown> = Promise.resolve();

function beat() {
  const now = Date.now();
  beating = Promise.all([...copies].map(([member, key]) => redis.zadd(key, now, member))).catch(() => undefined);
}

setInterval(beat, HEARTBEAT_MS);
parentPort!.on('message', (message: HeartbeatMessage) => {
  if ('add' in message) {
    copies.set(message.add.member, message.add.key);
    beat();
    return;
  }
  copies.delete(message.remove.member);
  // answered once no beat for it can still arrive, so its goodbye is never undone by a late beat
  void beating.then(() => parentPort!.postMessage({ removed: message.remove.member }));
});
