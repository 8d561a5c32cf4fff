import { z } from 'zod';
import type { ProjectRole, Scene, SceneElement } from './publish';
import { sceneElementSchema, sceneFileSchema } from './publish';

/**
 * The live channel of a project (`/api/projects/{id}/live`, a WebSocket): everyone who has the
 * project open sends changed elements and their pointer, and receives the others'. Browser-safe.
 */

/** Subprotocol of the live channel; the access token travels as a second one, `bearer.<token>`. */
export const LIVE_PROTOCOL = 'visualnotes.live';
export const LIVE_TOKEN_PROTOCOL_PREFIX = 'bearer.';

/** Largest message a client may send (a client splits a bigger batch of changes into several). */
export const LIVE_MESSAGE_MAX_BYTES = 512 * 1024;
/** Most elements in one `update` message. */
export const LIVE_MAX_ELEMENTS_PER_MESSAGE = 2_000;
/** Messages a connection may send per second (changes and pointer moves together), with a burst allowance. */
export const LIVE_MESSAGES_PER_SECOND = 50;
export const LIVE_MESSAGE_BURST = 100;
/**
 * Bytes one person's connections to a gateway copy may send per second, with a burst allowance
 * (pasting a large drawing). Someone sending faster is slowed down, not refused: their next
 * messages are read once the budget allows, so nothing they drew is lost, and one person's flood
 * of large changes cannot hold the gateway up for everyone else.
 */
export const LIVE_BYTES_PER_SECOND = 1024 * 1024;
export const LIVE_BYTE_BURST = 4 * LIVE_MESSAGE_MAX_BYTES;

/** Close codes (4000–4999 are the application's). */
export const LiveCloseCodes = {
  /** The session ended or the token expired: sign in (or refresh the token) and connect again. */
  unauthorized: 4401,
  /** The user no longer has access to the project. */
  removed: 4403,
  /** The project was deleted. */
  gone: 4404,
  /** Too many live connections of this person, or too many people in the project: connect again later. */
  limit: 4429,
  /** The gateway is stopping: connect again (another copy answers). */
  restart: 4503,
} as const;

export const LiveMessages = {
  invalid: 'This message could not be read; it was ignored',
  tooLarge: `This change is too large to send at once (the limit is ${LIVE_MESSAGE_MAX_BYTES / 1024} kB); it was ignored`,
  tooFast: 'Too many changes at once; some were not sent. Slow down a little.',
  viewer: 'You can view this project but not change it; ask its owner to make you an editor',
  removed: 'You no longer have access to this project',
  deleted: 'This project was deleted',
  sessionEnded: 'Your session has ended; please log in again',
  notSaved: 'Some changes could not be saved; they were kept in the editor. Please try again.',
} as const;

const pointerSchema = z.object({ x: z.number().finite(), y: z.number().finite(), tool: z.enum(['pointer', 'laser']).optional() });

/** What a client may send. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('update'),
    elements: z.array(sceneElementSchema).min(1).max(LIVE_MAX_ELEMENTS_PER_MESSAGE),
    /** References to uploaded images used by the elements (never their bytes). */
    files: z.record(z.string().max(200), sceneFileSchema).optional(),
  }),
  z.object({
    type: z.literal('presence'),
    pointer: pointerSchema.nullable().optional(),
    button: z.enum(['up', 'down']).optional(),
    selected: z.array(z.string().max(200)).max(500).optional(),
  }),
  z.object({ type: z.literal('ping') }),
  /** A renewed access token for the open connection (sent before the one it connected with expires). */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** Someone who has the project open (one entry per open editor). */
export interface LivePeer {
  /** The connection (one person may have several tabs open). */
  id: string;
  user_id: string;
  name: string;
  /** A colour for the cursor, the same for a person everywhere. */
  color: string;
  role: ProjectRole;
}

export interface LivePresence {
  pointer?: { x: number; y: number; tool?: 'pointer' | 'laser' } | null;
  button?: 'up' | 'down';
  selected?: string[];
}

/** What the server sends. */
export type LiveServerMessage =
  | {
      type: 'welcome';
      you: LivePeer;
      role: ProjectRole;
      /** The scene as saved, with the changes not saved yet merged in. */
      scene: Scene;
      peers: LivePeer[];
    }
  | { type: 'update'; from: string; elements: SceneElement[]; files?: Scene['files'] }
  | { type: 'presence'; peer: LivePeer; presence: LivePresence }
  | { type: 'join'; peer: LivePeer }
  | { type: 'leave'; peer: Pick<LivePeer, 'id' | 'user_id'> }
  | { type: 'role'; role: ProjectRole }
  /** A change of this connection was accepted: `seq` is its number in the save sequence (0: nothing to save). */
  | { type: 'ack'; seq: number }
  /** A batch was saved as project `version`; it holds every change numbered up to `upto`. */
  | { type: 'saved'; version: number; upto: number }
  | { type: 'pong' }
  /** The renewed token was taken: the connection now lasts until `expires_at` (ms since 1970). */
  | { type: 'renewed'; expires_at: number }
  | { type: 'error'; message: string };

/**
 * Excalidraw's rule for two copies of one element: the higher `version` wins; at the same version
 * the lower `versionNonce` wins (so every copy picks the same one). True when `incoming` replaces
 * `current`.
 */
export function elementWins(incoming: { version: number; versionNonce: number }, current: { version: number; versionNonce: number } | undefined): boolean {
  if (!current) return true;
  if (incoming.version !== current.version) return incoming.version > current.version;
  return incoming.versionNonce < current.versionNonce;
}

/**
 * Merges elements into a list element by element with {@link elementWins}. The result keeps the
 * list's order, with new elements at the end, then ordered by Excalidraw's fractional `index` when
 * every element has one (as the editor orders them).
 */
export function mergeElementLists<E extends { id: string; version: number; versionNonce: number; index?: unknown }>(
  base: E[],
  incoming: E[],
): { elements: E[]; changed: number } {
  const at = new Map(base.map((e, i) => [e.id, i]));
  const elements = base.slice();
  let changed = 0;
  for (const e of incoming) {
    const i = at.get(e.id);
    if (i === undefined) {
      at.set(e.id, elements.length);
      elements.push(e);
      changed++;
    } else if (elementWins(e, elements[i])) {
      elements[i] = e;
      changed++;
    }
  }
  if (changed && elements.every((e) => typeof e.index === 'string')) {
    const order = (e: E) => e.index as string;
    elements.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return { elements, changed };
}

/**
 * The colour of a person (from their account id: the same on every screen). It is the colour
 * Excalidraw itself gives a collaborator with this id (its cursors and avatars ignore a colour
 * passed in), so the people list beside the canvas matches the cursors on it.
 */
export function liveColor(userId: string): string {
  let hash = 0;
  for (let i = 0; i < userId.length; i++) hash = (hash << 5) - hash + userId.charCodeAt(i);
  return `hsl(${(Math.abs(hash) % 37) * 10}, 100%, 83%)`;
}
