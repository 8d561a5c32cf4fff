import type { SceneElement } from '@visualnotes/contracts';
import { ApiError, uploadDataUrl } from './http';
import type { LocalProject } from './offline-store';
import { ProjectSync, type CanvasOps } from './sync';

jest.mock('./http', () => ({
  ApiError: class ApiError extends Error {
    readonly statusCode: number;
    constructor(statusCode: number, message: string) {
      super(message);
      this.statusCode = statusCode;
    }
  },
  isNetworkError: (err: unknown) => !(err instanceof Error && 'statusCode' in err),
  uploadDataUrl: jest.fn(),
}));
jest.mock('./offline-store', () => ({ writeImage: async () => undefined, writeLocalProject: async () => undefined }));
jest.mock('./api', () => ({
  canvasApi: {
    endpoints: {
      saveProject: { initiate: (arg: unknown) => ({ saveProject: arg }) },
      saveElements: { initiate: (arg: unknown) => ({ saveElements: arg }) },
      project: { initiate: () => undefined },
    },
  },
}));
jest.mock('../../app/api/api', () => ({ fresh: {}, untracked: {}, runApi: jest.fn() }));

const upload = jest.mocked(uploadDataUrl);

const image = (id: string, fileId: string | null): SceneElement => ({
  id,
  type: 'image',
  fileId,
  version: 2,
  versionNonce: 2,
  isDeleted: false,
  x: 0,
  y: 0,
  width: 10,
  height: 10,
});
const rectangle: SceneElement = { ...image('r', null), type: 'rectangle' };

let files: ReturnType<CanvasOps['files']>;
let elements: SceneElement[];
let local: LocalProject;
let sync: ProjectSync;
/** The save state as the header shows it, last report first; and the refusals told to the user. */
let shown: { status: string; message?: string; picture?: boolean }[];
let refusals: string[];
const status = () => shown[0];
const addFile = (id: string) => (files[id] = { id, dataURL: `data:image/png;base64,${id}`, mimeType: 'image/png' });

/** Settles the uploads' promises (the fake timers leave microtasks alone). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

beforeAll(() => {
  // a hidden page: the sync does not look for edits made elsewhere meanwhile
  Object.assign(globalThis, { window: { addEventListener: () => undefined, removeEventListener: () => undefined }, document: { hidden: true } });
});
beforeEach(() => {
  jest.useFakeTimers();
  upload.mockReset();
  files = {};
  elements = [];
  shown = [];
  refusals = [];
  local = {
    id: 'p1',
    title: 'P',
    scene: { type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} },
    version: 1,
    dirty: false,
    uploads: {},
    saved_at: 0,
  };
  sync = new ProjectSync(
    local,
    {
      elements: () => elements,
      files: () => files,
      appState: () => ({}),
      merge: (remote) => remote,
      version: (els) => els.reduce((n, e) => n + e.version, 0),
    },
    (s, message, picture) => shown.unshift({ status: s, ...(message ? { message } : {}), ...(picture ? { picture } : {}) }),
    (message) => refusals.push(message),
  );
});
afterEach(() => {
  sync.dispose();
  jest.useRealTimers();
});

describe('ProjectSync.shareImages', () => {
  it('hands the elements over at once when no image waits for an upload', () => {
    local.uploads.f1 = 'up-1';
    addFile('f1');
    elements = [image('a', 'f1'), image('b', null), rectangle];
    const send = jest.fn();
    void sync.shareImages(elements, send);
    expect(send).toHaveBeenCalledWith(elements);
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads several new images side by side, each once however often asked, then hands them over with their references', async () => {
    const ends: ((id: string) => void)[] = [];
    upload.mockImplementation(() => new Promise((resolve) => ends.push(resolve)));
    for (const f of ['f1', 'f2', 'f3']) addFile(f);
    elements = [image('a', 'f1'), image('b', 'f2'), image('c', 'f3'), image('d', 'f1')];
    const send = jest.fn();
    const first = sync.shareImages(elements, send);
    const second = sync.shareImages(elements, send);
    expect(upload).toHaveBeenCalledTimes(3);
    expect(send).not.toHaveBeenCalled();
    ends.forEach((end, i) => end(`up-${i + 1}`));
    await Promise.all([first, second]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(local.uploads).toEqual({ f1: 'up-1', f2: 'up-2', f3: 'up-3' });
    expect(Object.keys(sync.fileRefs(elements) ?? {}).sort()).toEqual(['f1', 'f2', 'f3']);
  });

  it('waits for an upload already under way before handing an image over', async () => {
    let end: (id: string) => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (end = resolve)));
    addFile('f1');
    elements = [image('a', 'f1')];
    const send = jest.fn();
    void sync.shareImages(elements, send);
    const later = sync.shareImages(elements, send);
    expect(send).not.toHaveBeenCalled();
    end('up-1');
    await later;
    expect(send).toHaveBeenCalledTimes(2);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('keeps back an image whose upload failed, sends the rest, and tries again until it is uploaded', async () => {
    for (const f of ['f1', 'f2']) addFile(f);
    elements = [image('a', 'f1'), image('b', 'f2'), rectangle];
    let fails = 2;
    upload.mockImplementation(async (dataUrl) => {
      if (dataUrl.endsWith('f2') && fails-- > 0) throw new TypeError('Failed to fetch');
      return `up-${dataUrl.slice(-2)}`;
    });
    const send = jest.fn();
    await sync.shareImages(elements, send);
    expect(send).toHaveBeenLastCalledWith([image('a', 'f1'), rectangle]);
    expect(local.uploads).toEqual({ f1: 'up-f1' });

    // tried again after a pause, with the scene as it is then; failing again, later still
    jest.advanceTimersByTime(2_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(3_999);
    await settle();
    expect(upload).toHaveBeenCalledTimes(3);
    jest.advanceTimersByTime(1);
    await settle();
    expect(upload).toHaveBeenCalledTimes(4);
    expect(local.uploads).toEqual({ f1: 'up-f1', f2: 'up-f2' });
    expect(send).toHaveBeenLastCalledWith(elements);

    // nothing waits any more: no further attempts
    jest.advanceTimersByTime(120_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(4);
  });

  it('uploads an image whose file reached the editor after its element', async () => {
    upload.mockResolvedValue('up-1');
    elements = [image('a', 'f1')];
    const send = jest.fn();
    void sync.shareImages(elements, send);
    expect(send).toHaveBeenCalledWith(elements);
    expect(sync.fileRefs(elements)).toEqual({});
    addFile('f1');
    await sync.shareImages(elements, send);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(sync.fileRefs(elements)).toEqual({ f1: { id: 'f1', mimeType: 'image/png', file_id: 'up-1', created: undefined } });
  });

  it('stops trying again once the project is closed', async () => {
    upload.mockRejectedValue(new TypeError('Failed to fetch'));
    addFile('f1');
    elements = [image('a', 'f1')];
    await sync.shareImages(elements, jest.fn());
    sync.dispose();
    jest.advanceTimersByTime(120_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(1);
  });
});

/** The project as the live channel saves it: `send` hands elements to a channel the spec answers for. */
function goLive() {
  const outgoing: SceneElement[][] = [];
  const known = new Set<string>();
  let unsaved = false;
  sync.setLive(true);
  sync.watchLive(() => unsaved);
  return {
    outgoing,
    /** Sends the elements the server does not have in that version yet (an image goes again once its upload is known). */
    send: (els: readonly SceneElement[]) => {
      const stamp = (e: SceneElement) => `${e.id}:${e.version}:${local.uploads[e.fileId ?? ''] ?? ''}`;
      if (els.every((e) => known.has(stamp(e)))) return;
      for (const e of els) known.add(stamp(e));
      outgoing.push([...els]);
      unsaved = true;
    },
    /** The server saved everything sent so far. */
    saved() {
      unsaved = false;
      sync.liveSaved(2, false);
    },
  };
}

describe('the save state while pictures are uploaded (live channel)', () => {
  it('says "saving" while a picture is uploaded, even once everything sent is saved, and "saved" once its reference is saved', async () => {
    const live = goLive();
    let end: (id: string) => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (end = resolve)));
    elements = [rectangle];
    sync.changed(elements);
    void sync.shareImages(elements, live.send);
    live.saved();
    expect(status()).toEqual({ status: 'saved' });

    // a picture dropped: its element went before its file was read, and was saved without it;
    // then the file is there and its upload starts
    elements = [rectangle, image('a', 'f1')];
    sync.changed(elements);
    void sync.shareImages(elements, live.send);
    live.saved();
    addFile('f1');
    const sharing = sync.shareImages(elements, live.send);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(sync.picturesPending).toBe(true);
    live.saved();
    expect(status()).toEqual({ status: 'saving' });

    // uploaded: its reference goes, and only its save makes the project saved
    end('up-1');
    await sharing;
    expect(live.outgoing.at(-1)).toEqual(elements);
    expect(sync.picturesPending).toBe(false);
    expect(status()).toEqual({ status: 'saving' });
    live.saved();
    expect(status()).toEqual({ status: 'saved' });
  });

  it('says "saving" while a failed upload waits to be tried again, and "saved" once it got through', async () => {
    const live = goLive();
    let fails = 2;
    upload.mockImplementation(async () => {
      if (fails-- > 0) throw new ApiError(503, 'The service is not available');
      return 'up-1';
    });
    addFile('f1');
    elements = [rectangle, image('a', 'f1')];
    sync.changed(elements);
    await sync.shareImages(elements, live.send);
    // the rest went and was saved; the picture waits for another try
    expect(live.outgoing).toEqual([[rectangle]]);
    live.saved();
    expect(status()).toEqual({ status: 'saving' });
    expect(sync.picturesPending).toBe(true);

    jest.advanceTimersByTime(2_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(status()).toEqual({ status: 'saving' });
    jest.advanceTimersByTime(4_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(3);
    expect(live.outgoing.at(-1)).toEqual(elements);
    expect(status()).toEqual({ status: 'saving' });
    live.saved();
    expect(status()).toEqual({ status: 'saved' });
    expect(refusals).toEqual([]);
    expect(shown.some((s) => s.status === 'error')).toBe(false);
  });

  it("tells the server's words for a picture it refuses, keeps it back, never tries it again, and is saved once it is removed", async () => {
    const live = goLive();
    upload.mockImplementation(async (dataUrl) => {
      if (dataUrl.endsWith('f2')) throw new ApiError(413, 'The file is larger than the limit of 25 MB');
      return `up-${dataUrl.slice(-2)}`;
    });
    for (const f of ['f1', 'f2']) addFile(f);
    elements = [rectangle, image('a', 'f1'), image('b', 'f2')];
    sync.changed(elements);
    await sync.shareImages(elements, live.send);
    expect(refusals).toEqual(['The file is larger than the limit of 25 MB']);
    // the other picture and the rest go; the refused one is kept back
    expect(live.outgoing).toEqual([[rectangle, image('a', 'f1')]]);
    expect(status()).toEqual({ status: 'saving' });
    live.saved();
    expect(status()).toEqual({ status: 'error', message: 'The file is larger than the limit of 25 MB', picture: true });
    // nothing left that another try could change: no wait, no upload, no leave-page question
    expect(sync.picturesPending).toBe(false);
    jest.advanceTimersByTime(600_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(2);

    // moved: still kept back (and the state comes back without anything to save)
    const moved = { ...image('b', 'f2'), version: 3, x: 50 };
    elements = [rectangle, image('a', 'f1'), moved];
    sync.changed(elements);
    await sync.shareImages(elements, live.send);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(live.outgoing).toHaveLength(1);
    expect(status()).toEqual({ status: 'error', message: 'The file is larger than the limit of 25 MB', picture: true });
    expect(refusals).toHaveLength(1);

    // removed from the canvas: the deletion is saved, and so is the project
    const removed = { ...moved, version: 4, isDeleted: true };
    elements = [rectangle, image('a', 'f1'), removed];
    sync.changed(elements);
    await sync.shareImages(elements, live.send);
    expect(live.outgoing.at(-1)).toEqual(elements);
    live.saved();
    expect(status()).toEqual({ status: 'saved' });
  });

  it('tries again after an answer that may change (too many requests, the session renewed)', async () => {
    goLive();
    upload.mockRejectedValueOnce(new ApiError(429, 'Too many requests; please wait a moment and try again')).mockResolvedValueOnce('up-1');
    addFile('f1');
    elements = [image('a', 'f1')];
    await sync.shareImages(elements, jest.fn());
    expect(refusals).toEqual([]);
    jest.advanceTimersByTime(2_000);
    await settle();
    expect(upload).toHaveBeenCalledTimes(2);
    expect(local.uploads).toEqual({ f1: 'up-1' });
  });
});

describe('the save state while pictures are uploaded (autosave)', () => {
  it('saves the rest of the scene when a picture is refused, and names the picture instead of "saved"', async () => {
    const api = jest.requireMock<{ runApi: jest.Mock }>('../../app/api/api');
    api.runApi.mockResolvedValue({ version: 2 });
    upload.mockRejectedValue(new ApiError(415, 'This kind of file is not supported'));
    addFile('f1');
    elements = [rectangle, image('a', 'f1')];
    sync.changed(elements);
    jest.advanceTimersByTime(600);
    await settle();
    expect(api.runApi).toHaveBeenCalledTimes(1);
    expect(refusals).toEqual(['This kind of file is not supported']);
    expect(status()).toEqual({ status: 'error', message: 'This kind of file is not supported', picture: true });

    // another change is saved without asking for the refused picture again
    elements = [{ ...rectangle, version: 5 }, image('a', 'f1')];
    sync.changed(elements);
    jest.advanceTimersByTime(600);
    await settle();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(api.runApi).toHaveBeenCalledTimes(2);
    expect(status()).toEqual({ status: 'error', message: 'This kind of file is not supported', picture: true });
  });
});

describe('saving what changed (autosave without the live channel)', () => {
  const big = (i: number, version = 1): SceneElement => ({ ...rectangle, id: `e${i}`, version });

  const api = () => jest.requireMock<{ runApi: jest.Mock }>('../../app/api/api').runApi;
  /** What each save sent: `PUT` with its body, or `PATCH` with its elements' ids. */
  const sent = () =>
    api().mock.calls.map(
      ([call]: [{ saveProject?: { body: { scene?: { elements: SceneElement[] } } }; saveElements?: { body: { elements: SceneElement[] } } }]) =>
        call.saveElements ? { PATCH: call.saveElements.body.elements.map((e) => e.id) } : { PUT: call.saveProject!.body.scene?.elements.length ?? 'no scene' },
    );
  const edit = async (next: SceneElement[]) => {
    elements = next;
    sync.changed(elements);
    jest.advanceTimersByTime(600);
    await settle();
  };
  beforeEach(() => api().mockReset());

  it("sends the whole scene while the server's element versions are unknown, then only the elements that changed", async () => {
    api().mockResolvedValueOnce({ version: 2 }).mockResolvedValueOnce({ version: 3, changed: 1 }).mockResolvedValueOnce({ version: 4, changed: 2 });
    await edit(Array.from({ length: 1_000 }, (_, i) => big(i)));
    await edit([...elements.slice(0, 999), big(999, 2)]);
    // a new element and a deleted one are changes too
    await edit([{ ...big(0, 2), isDeleted: true }, ...elements.slice(1), big(1_000)]);
    expect(sent()).toEqual([{ PUT: 1_000 }, { PATCH: ['e999'] }, { PATCH: ['e0', 'e1000'] }]);
    expect(local.version).toBe(4);
    expect(status()).toEqual({ status: 'saved' });
  });

  it('brings in what somebody else saved meanwhile, when the version moved by more than this save', async () => {
    api()
      .mockResolvedValueOnce({ version: 2 })
      // another tab saved version 3 meanwhile
      .mockResolvedValueOnce({ version: 4, changed: 1 })
      .mockResolvedValueOnce({
        version: 4,
        title: 'P',
        scene: { type: 'excalidraw', version: 2, elements: [big(1, 3), big(2), big(7)], appState: {}, files: {} },
      });
    const merged: SceneElement[][] = [];
    (sync as unknown as { ops: CanvasOps }).ops.merge = (remote) => (merged.push(remote as SceneElement[]), remote);
    await edit([big(1), big(2)]);
    await edit([big(1, 3), big(2)]);
    expect(merged).toEqual([[big(1, 3), big(2), big(7)]]);
    expect(local.version).toBe(4);
  });

  it('sends the whole scene again once the live channel dropped, and when the canvas background changed', async () => {
    api().mockResolvedValueOnce({ version: 2 }).mockResolvedValueOnce({ version: 3 }).mockResolvedValueOnce({ version: 4 });
    await edit([big(1), big(2)]);
    sync.setLive(true);
    sync.setLive(false);
    await edit([big(1, 2), big(2)]);
    const ops = (sync as unknown as { ops: CanvasOps }).ops;
    ops.appState = () => ({ viewBackgroundColor: '#000000' });
    await edit([big(1, 3), big(2)]);
    expect(sent()).toEqual([{ PUT: 2 }, { PUT: 2 }, { PUT: 2 }]);
  });

  it("tells the server's words for a picture reference it did not keep, with the rest saved", async () => {
    api().mockResolvedValueOnce({ version: 2 }).mockResolvedValueOnce({ version: 3, changed: 1, refused: 'This picture could not be kept' });
    await edit([big(1)]);
    await edit([big(1, 2)]);
    expect(refusals).toEqual(['This picture could not be kept']);
    expect(status()).toEqual({ status: 'error', message: 'This picture could not be kept' });
  });

  it("reports the scene's size as the server measures it", async () => {
    const sizes: number[] = [];
    elements = [big(1)];
    sync.changed(elements);
    sync.watchSize((bytes) => sizes.push(bytes));
    expect(sizes).toEqual([JSON.stringify(local.scene).length]);
    elements = [big(1), { ...big(2), text: '中文' } as SceneElement];
    sync.changed(elements);
    jest.advanceTimersByTime(2_000);
    expect(sizes[1]).toBe(JSON.stringify(local.scene).length + 4);
  });
});
