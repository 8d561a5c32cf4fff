import {
  LIVE_MESSAGE_MAX_BYTES,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  LiveCloseCodes,
  type LivePeer,
  type LivePresence,
  type LiveServerMessage,
  type ProjectRole,
  type Scene,
  type SceneElement,
} from '@visualnotes/contracts';
import { refreshSession, tokenExpiry } from '../auth/session';
import { readToken } from '../../app/api/tokens';
import type { SceneElements } from './scene-types';

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'closed';

export interface LiveHandlers {
  /** The server's scene (saved changes and those not saved yet) on every (re)connection. */
  welcome(scene: Scene, role: ProjectRole, you: LivePeer): void;
  /** Elements others changed. */
  remote(elements: SceneElement[], files: Scene['files'] | undefined): void;
  presence(peer: LivePeer, presence: LivePresence): void;
  peers(peers: LivePeer[]): void;
  role(role: ProjectRole): void;
  saved(version: number): void;
  status(status: LiveStatus): void;
  error(message: string): void;
}

/** Time between sends of local changes (changes of one element in between go as one). */
const SEND_EVERY_MS = 50;
const PRESENCE_EVERY_MS = 60;
const PING_EVERY_MS = 25_000;
const MAX_BACKOFF_MS = 15_000;
/** A renewed token goes to the open connection this long before the one in use expires. */
const RENEW_BEFORE_MS = 60_000;
/** Bytes of elements per message, under the server's limit with room for the envelope. */
const CHUNK_BYTES = Math.floor(LIVE_MESSAGE_MAX_BYTES * 0.8);

const stamp = (e: { version: number; versionNonce: number }) => `${e.version}:${e.versionNonce}`;

/** The file an image element shows, when it is a picture still on the canvas. */
const imageFile = (e: SceneElement) => (e.type === 'image' && !e.isDeleted && e.fileId) || null;

/**
 * The live channel of one open project: sends the elements changed here (throttled, only those
 * whose version changed), receives the others' with their cursors, and reconnects with a growing
 * pause after a drop. Changes made while disconnected are sent again after the welcome of the next
 * connection (the server keeps, element by element, whichever copy wins).
 *
 * An image element goes with a reference to its uploaded file when there is one. One that went
 * without (its file was still being read or uploaded, or is not known here) is remembered, and sent
 * again with the reference as soon as the upload is known: the server keeps the reference even
 * though it has that copy of the element already.
 */
export class LiveSession {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private presenceTimer: ReturnType<typeof setTimeout> | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private ready = false;
  /** `version:nonce` of each element as the server has it (as far as this editor knows). */
  private readonly known = new Map<string, string>();
  /** Local elements changed since the last send, by id (the newest copy). */
  private readonly outgoing = new Map<string, SceneElement>();
  /** Image elements the server has without a reference to their file: the file id, by element id. */
  private readonly unreferenced = new Map<string, string>();
  private pendingPresence: LivePresence | null = null;
  private peerList = new Map<string, LivePeer>();
  role: ProjectRole = 'viewer';

  constructor(
    private readonly projectId: string,
    private readonly handlers: LiveHandlers,
    private readonly fileRefs: (elements: SceneElement[]) => Scene['files'],
  ) {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    void this.connect();
  }

  get connected() {
    return this.ready;
  }

  /** Update messages sent on this connection that the server has not acknowledged yet. */
  private unacked = 0;
  /** The highest save-sequence number the server gave a change of this editor. */
  private ackedUpto = 0;
  /** The highest save-sequence number a saved batch covered, and that batch's project version. */
  private savedUpto = 0;
  private savedVersion = 0;

  /** Changes made here that are not saved yet: not sent, not acknowledged, or not in a saved batch. */
  get hasUnsaved() {
    return this.outgoing.size > 0 || this.unacked > 0 || this.ackedUpto > this.savedUpto;
  }

  /** Sends what waits for the next send now (the page is being hidden or closed). */
  sendNow() {
    this.flush();
  }

  dispose() {
    this.disposed = true;
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    clearTimeout(this.retry);
    clearTimeout(this.sendTimer);
    clearTimeout(this.presenceTimer);
    clearInterval(this.pinger);
    clearTimeout(this.renewTimer);
    this.ws?.close(1000);
    this.ws = null;
  }

  /**
   * The browser lost the network: a socket can look open for a long while after that, so it is
   * given up at once and the editor's own saving (on this device) takes over until it is back.
   */
  private readonly onOffline = () => {
    const ws = this.ws;
    if (!ws || this.disposed) return;
    ws.onclose?.(new CloseEvent('close', { code: 1006 }));
    ws.close();
  };

  private readonly onOnline = () => {
    if (this.ws || this.disposed) return;
    clearTimeout(this.retry);
    this.attempt = 0;
    void this.connect();
  };

  private async connect() {
    if (this.disposed) return;
    this.handlers.status('connecting');
    let token = readToken();
    const exp = token ? tokenExpiry(token) : null;
    if (!token || (exp && exp * 1000 < Date.now() + 5_000)) {
      await refreshSession().catch(() => false);
      token = readToken();
    }
    if (!token || this.disposed) return this.scheduleReconnect();
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/projects/${this.projectId}/live`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, [LIVE_PROTOCOL, `${LIVE_TOKEN_PROTOCOL_PREFIX}${token}`]);
    } catch {
      return this.scheduleReconnect();
    }
    this.ws = ws;
    ws.onmessage = (event) => this.onMessage(String(event.data));
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.ready = false;
      clearInterval(this.pinger);
      clearTimeout(this.renewTimer);
      this.peerList.clear();
      this.handlers.peers([]);
      if (this.disposed) return;
      if (event.code === LiveCloseCodes.removed || event.code === LiveCloseCodes.gone) {
        this.handlers.status('closed');
        return;
      }
      if (event.code === LiveCloseCodes.unauthorized) void refreshSession().catch(() => false);
      this.handlers.status('offline');
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (this.disposed) return;
    const pause = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt = Math.min(this.attempt + 1, 10);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), pause);
  }

  private onMessage(text: string) {
    let m: LiveServerMessage;
    try {
      m = JSON.parse(text) as LiveServerMessage;
    } catch {
      return;
    }
    switch (m.type) {
      case 'welcome': {
        this.attempt = 0;
        this.role = m.role;
        this.known.clear();
        for (const e of m.scene.elements) this.known.set(e.id, stamp(e));
        // image elements the server has without their file (a reference lost with the last
        // connection, or one whoever added the image has not sent yet)
        this.unreferenced.clear();
        for (const e of m.scene.elements) {
          const file = imageFile(e);
          if (file && !m.scene.files?.[file]) this.unreferenced.set(e.id, file);
        }
        this.peerList = new Map(m.peers.map((p) => [p.id, p]));
        this.ready = true;
        // messages lost with the last connection are sent again (their elements differ from the
        // welcome's); changes accepted before it are in the welcome's scene, saved or about to be
        // (a `saved` message sent while this editor was away is not sent again)
        this.unacked = 0;
        this.savedUpto = Math.max(this.savedUpto, this.ackedUpto);
        this.handlers.welcome(m.scene, m.role, m.you);
        this.handlers.peers([...this.peerList.values()]);
        this.handlers.status('live');
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.raw({ type: 'ping' }), PING_EVERY_MS);
        this.scheduleRenewal(readToken());
        this.flush();
        break;
      }
      case 'renewed':
        this.scheduleRenewal(readToken());
        break;
      case 'update':
        for (const e of m.elements) this.known.set(e.id, stamp(e));
        if (m.files) for (const [id, file] of this.unreferenced) if (m.files[file]) this.unreferenced.delete(id);
        this.handlers.remote(m.elements, m.files);
        break;
      case 'presence':
        if (!this.peerList.has(m.peer.id)) {
          this.peerList.set(m.peer.id, m.peer);
          this.handlers.peers([...this.peerList.values()]);
        }
        this.handlers.presence(m.peer, m.presence);
        break;
      case 'join':
        this.peerList.set(m.peer.id, m.peer);
        this.handlers.peers([...this.peerList.values()]);
        break;
      case 'leave':
        this.peerList.delete(m.peer.id);
        this.handlers.peers([...this.peerList.values()]);
        break;
      case 'role':
        this.role = m.role;
        this.handlers.role(m.role);
        break;
      case 'ack':
        this.unacked = Math.max(0, this.unacked - 1);
        this.ackedUpto = Math.max(this.ackedUpto, m.seq);
        // the batch holding this change may have been announced before the acknowledgement came
        if (m.seq > 0 && m.seq <= this.savedUpto && !this.hasUnsaved) this.handlers.saved(this.savedVersion);
        break;
      case 'saved':
        this.savedUpto = Math.max(this.savedUpto, m.upto);
        this.savedVersion = Math.max(this.savedVersion, m.version);
        this.handlers.saved(m.version);
        break;
      case 'error':
        this.handlers.error(m.message);
        break;
    }
  }

  /**
   * The canvas changed, or an image was uploaded: every element whose version is not the one the
   * server has goes out with the next send, and so does every image element the server has without
   * its file once that file's reference is known. Called with the whole scene (deleted elements
   * included); cheap when nothing changed (one or two map lookups per element).
   */
  changed(elements: SceneElements) {
    if (this.role === 'viewer') return;
    let any = false;
    for (const e of elements as unknown as SceneElement[]) {
      const s = stamp(e);
      if (this.known.get(e.id) === s && !this.referenceReady(e)) continue;
      this.outgoing.set(e.id, e);
      any = true;
    }
    if (any && !this.sendTimer) this.sendTimer = setTimeout(() => this.flush(), SEND_EVERY_MS);
  }

  /** Elements merged in from the server now hold these versions: nothing to send for them. */
  accepted(elements: SceneElements) {
    for (const e of elements as unknown as SceneElement[]) {
      const s = stamp(e);
      this.known.set(e.id, s);
      const out = this.outgoing.get(e.id);
      if (out && stamp(out) === s) this.outgoing.delete(e.id);
    }
  }

  /** Whether `e` is an image the server has without its file, and the file's reference is known now. */
  private referenceReady(e: SceneElement): boolean {
    const file = this.unreferenced.get(e.id);
    return !!file && file === imageFile(e) && !!this.fileRefs([e])?.[file];
  }

  /** Changes made while disconnected (or not yet sent): the elements that differ from the server's. */
  resend(elements: SceneElements) {
    this.changed(elements);
  }

  presence(presence: LivePresence) {
    this.pendingPresence = { ...this.pendingPresence, ...presence };
    if (this.presenceTimer || !this.ready) return;
    this.presenceTimer = setTimeout(() => {
      this.presenceTimer = undefined;
      if (this.pendingPresence && this.ready) this.raw({ type: 'presence', ...this.pendingPresence });
      this.pendingPresence = null;
    }, PRESENCE_EVERY_MS);
  }

  private flush() {
    clearTimeout(this.sendTimer);
    this.sendTimer = undefined;
    if (!this.ready || !this.outgoing.size || this.role === 'viewer') return;
    const elements = [...this.outgoing.values()];
    this.outgoing.clear();
    const files = this.fileRefs(elements) ?? {};
    for (const e of elements) {
      const file = imageFile(e);
      if (file && !files[file]) this.unreferenced.set(e.id, file);
      else this.unreferenced.delete(e.id);
    }
    let batch: SceneElement[] = [];
    let bytes = 0;
    const sendBatch = () => {
      if (!batch.length) return;
      const refs = Object.fromEntries(Object.entries(files).filter(([key]) => batch.some((e) => e.fileId === key)));
      if (this.raw({ type: 'update', elements: batch, ...(Object.keys(refs).length ? { files: refs } : {}) })) this.unacked++;
      batch = [];
      bytes = 0;
    };
    for (const e of elements) {
      const size = JSON.stringify(e).length;
      if (bytes + size > CHUNK_BYTES || batch.length >= 1_000) sendBatch();
      batch.push(e);
      bytes += size;
      this.known.set(e.id, stamp(e));
    }
    sendBatch();
  }

  /**
   * The connection lasts as long as its token: shortly before that one expires, a renewed token
   * is sent on the open connection (the server checks it and the access again), so it stays open.
   */
  private scheduleRenewal(token: string | null) {
    clearTimeout(this.renewTimer);
    const exp = token ? tokenExpiry(token) : null;
    if (!exp) return;
    this.renewTimer = setTimeout(
      () => {
        void (async () => {
          let next = readToken();
          const nextExp = next ? tokenExpiry(next) : null;
          if (!next || !nextExp || nextExp <= exp) {
            await refreshSession().catch(() => false);
            next = readToken();
          }
          if (next && next !== token) this.raw({ type: 'auth', token: next });
        })();
      },
      Math.max(0, exp * 1000 - Date.now() - RENEW_BEFORE_MS),
    );
  }

  /** Sends a message when the connection is open; answers whether it went out. */
  private raw(message: object): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }
}
