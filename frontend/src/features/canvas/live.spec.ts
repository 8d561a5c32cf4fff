import type { Scene, SceneElement } from '@visualnotes/contracts';
import { LiveSession, type LiveHandlers } from './live';

jest.mock('../auth/session', () => ({ refreshSession: async () => true, tokenExpiry: () => null }));
jest.mock('../../app/api/tokens', () => ({ readToken: () => 'token' }));

/** A WebSocket that records what the session sends; the spec plays the server. */
class FakeSocket {
  static readonly OPEN = 1;
  static last: FakeSocket;
  readyState = FakeSocket.OPEN;
  readonly sent: { type: string; elements?: SceneElement[]; files?: Scene['files'] }[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {}
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The `update` messages sent since the last call. */
  updates() {
    return this.sent.splice(0).filter((m) => m.type === 'update');
  }
}

const element = (id: string, extra: Partial<SceneElement> = {}): SceneElement => ({
  id,
  type: 'rectangle',
  version: 1,
  versionNonce: 1,
  isDeleted: false,
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  ...extra,
});
const image = (id: string, fileId: string, version = 2) => element(id, { type: 'image', fileId, version, versionNonce: version });

const handlers: LiveHandlers = {
  welcome: () => undefined,
  remote: () => undefined,
  presence: () => undefined,
  peers: () => undefined,
  role: () => undefined,
  saved: () => undefined,
  status: () => undefined,
  error: () => undefined,
};
const peer = { id: 'me', user_id: 'u1', name: 'Me', color: '#000', role: 'editor' as const };

/** Uploads known to the editor, by Excalidraw file id: what the session may reference. */
let uploads: Record<string, string>;
let session: LiveSession;
let socket: FakeSocket;

function open(scene: Pick<Scene, 'elements' | 'files'> = { elements: [], files: {} }) {
  session = new LiveSession('p1', handlers, (elements) => {
    const refs: NonNullable<Scene['files']> = {};
    for (const e of elements)
      if (e.type === 'image' && e.fileId && uploads[e.fileId]) refs[e.fileId] = { id: e.fileId, mimeType: 'image/png', file_id: uploads[e.fileId] };
    return refs;
  });
  socket = FakeSocket.last;
  socket.receive({ type: 'welcome', role: 'editor', you: peer, peers: [], scene: { type: 'excalidraw', version: 2, appState: {}, ...scene } });
  socket.sent.splice(0);
}

/** Lets the throttled send go out. */
const tick = () => jest.advanceTimersByTime(100);

beforeAll(() => {
  Object.assign(globalThis, {
    window: { addEventListener: () => undefined, removeEventListener: () => undefined },
    location: { protocol: 'http:', host: 'localhost' },
    WebSocket: FakeSocket,
  });
});
beforeEach(() => {
  jest.useFakeTimers();
  uploads = {};
});
afterEach(() => {
  session.dispose();
  jest.useRealTimers();
});

describe('LiveSession image references', () => {
  it('sends an image element with the reference to its upload when that is known', () => {
    open();
    uploads.f1 = 'up-1';
    session.changed([image('a', 'f1')]);
    tick();
    expect(socket.updates()).toEqual([{ type: 'update', elements: [image('a', 'f1')], files: { f1: { id: 'f1', mimeType: 'image/png', file_id: 'up-1' } } }]);
  });

  it('sends the reference of an image that went before its upload once the upload is there, and only once', () => {
    open();
    const pictures = [image('a', 'f1'), image('b', 'f2'), image('c', 'f3'), element('r')];
    session.changed(pictures);
    tick();
    const [first] = socket.updates();
    expect(first.elements).toHaveLength(4);
    expect(first.files).toBeUndefined();

    // nothing changed and nothing uploaded: nothing to send
    session.changed(pictures);
    tick();
    expect(socket.updates()).toEqual([]);

    // two of the three uploads end: the same copies of those two go again, with their references
    uploads.f1 = 'up-1';
    uploads.f3 = 'up-3';
    session.changed(pictures);
    tick();
    const [second] = socket.updates();
    expect(second.elements!.map((e) => [e.id, e.version])).toEqual([
      ['a', 2],
      ['c', 2],
    ]);
    expect(Object.keys(second.files ?? {}).sort()).toEqual(['f1', 'f3']);

    session.changed(pictures);
    tick();
    expect(socket.updates()).toEqual([]);

    uploads.f2 = 'up-2';
    session.changed(pictures);
    tick();
    expect(socket.updates()).toEqual([{ type: 'update', elements: [image('b', 'f2')], files: { f2: { id: 'f2', mimeType: 'image/png', file_id: 'up-2' } } }]);
    session.changed(pictures);
    tick();
    expect(socket.updates()).toEqual([]);
  });

  it('sends the reference when the element changed in place before the send (a file read while it waited)', () => {
    open();
    const picture = element('a', { type: 'image', fileId: null });
    session.changed([picture]);
    // the editor gives the waiting element its file id (and size) in place
    Object.assign(picture, { fileId: 'f1', version: 3, versionNonce: 3 });
    tick();
    expect(socket.updates()[0].files).toBeUndefined();
    uploads.f1 = 'up-1';
    session.changed([picture]);
    tick();
    expect(socket.updates()).toEqual([{ type: 'update', elements: [picture], files: { f1: { id: 'f1', mimeType: 'image/png', file_id: 'up-1' } } }]);
  });

  it('after a reconnection, sends the references the server lacks that this editor has', () => {
    uploads.f1 = 'up-1';
    open({ elements: [image('a', 'f1'), image('b', 'f2'), image('c', 'f3')], files: { f3: { id: 'f3', mimeType: 'image/png', file_id: 'up-3' } } });
    session.resend([image('a', 'f1'), image('b', 'f2'), image('c', 'f3')]);
    tick();
    expect(socket.updates()).toEqual([{ type: 'update', elements: [image('a', 'f1')], files: { f1: { id: 'f1', mimeType: 'image/png', file_id: 'up-1' } } }]);
  });

  it('leaves alone the references others sent meanwhile and images deleted since', () => {
    open({ elements: [image('a', 'f1'), image('b', 'f2')], files: {} });
    // another editor sends the reference of its image
    socket.receive({ type: 'update', elements: [], files: { f1: { id: 'f1', mimeType: 'image/png', file_id: 'theirs' } } });
    uploads.f1 = 'theirs';
    uploads.f2 = 'up-2';
    const deleted = { ...image('b', 'f2', 3), isDeleted: true };
    session.changed([image('a', 'f1'), deleted]);
    tick();
    // only the deletion goes: the other editor's image has its reference on the server already
    expect(socket.updates().map((m) => m.elements)).toEqual([[deleted]]);
    session.changed([image('a', 'f1'), deleted]);
    tick();
    expect(socket.updates()).toEqual([]);
  });
});
