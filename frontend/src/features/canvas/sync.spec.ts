import type { SceneElement } from '@visualnotes/contracts';
import { uploadDataUrl } from './http';
import type { LocalProject } from './offline-store';
import { ProjectSync, type CanvasOps } from './sync';

jest.mock('./http', () => ({ ApiError: class ApiError extends Error {}, isNetworkError: () => true, uploadDataUrl: jest.fn() }));
jest.mock('./offline-store', () => ({ writeImage: async () => undefined, writeLocalProject: async () => undefined }));
jest.mock('./api', () => ({ canvasApi: { endpoints: {} } }));
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
const addFile = (id: string) => (files[id] = { id, dataURL: `data:image/png;base64,${id}`, mimeType: 'image/png' });

/** Settles the uploads' promises (the fake timers leave microtasks alone). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
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
    () => undefined,
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
