/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { Project, ProjectRole } from '@visualnotes/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import type { CanvasViewProps } from './CanvasView';
import { EditorPage } from './EditorPage';
import { ApiError, uploadDataUrl } from './http';

// The editor's own chunk (Excalidraw) does not run in jsdom: a stand-in that hands over an API.
const viewport = { scrollX: 0, scrollY: 0, zoom: { value: 1 } };
/** What the canvas reports as changed: the spec draws by calling it. */
let canvasChanged: CanvasViewProps['onChange'];
const canvasModule = {
  default: function FakeCanvas({ onReady, onChange }: CanvasViewProps) {
    useEffect(() => onReady?.(fakeApi as never), [onReady]);
    canvasChanged = onChange;
    return <div data-testid="fake-canvas" />;
  },
  sceneVersion: (elements: readonly { version: number }[]) => elements.reduce((n, e) => n + e.version, 0),
  mergeInto: () => [],
  mergeElements: (local: unknown) => local,
  showCollaborators: () => undefined,
  snapshotSvgText: async () => '<svg/>',
  importLibrary: async () => null,
  viewportOf: jest.fn(() => viewport),
  showDrawingBeside: jest.fn(),
  setViewport: jest.fn(),
};
/** The canvas's elements and files (by Excalidraw file id). */
let sceneElements: Record<string, unknown>[] = [];
let sceneFiles: Record<string, { id: string; dataURL: string; mimeType: string }> = {};
const fakeApi = {
  getSceneElementsIncludingDeleted: () => sceneElements,
  getSceneElements: () => sceneElements,
  getFiles: () => sceneFiles,
  getAppState: () => ({ viewBackgroundColor: '#ffffff', selectedElementIds: {} }),
  addFiles: () => undefined,
};
jest.mock('./useCanvasModule', () => ({
  useCanvasModule: () => ({ mod: canvasModule, error: null }),
  loadCanvasModule: async () => canvasModule,
}));
// IndexedDB, the live channel and the offline cache are browser matters, left out here.
jest.mock('./offline-store', () => ({
  readLocalProject: async () => undefined,
  writeLocalProject: async () => undefined,
  removeLocalProject: async () => undefined,
  readImage: async () => undefined,
  writeImage: async () => undefined,
}));
// jsdom's form data cannot go through Node's fetch: uploads are answered here
jest.mock('./http', () => ({ ...jest.requireActual('./http'), uploadDataUrl: jest.fn() }));
const upload = jest.mocked(uploadDataUrl);
jest.mock('./offline-assets', () => ({ keepLoadedAssetsOffline: async () => undefined }));
jest.mock('./live', () => ({
  LiveSession: class {
    connected = false;
    hasUnsaved = false;
    sendNow() {}
    dispose() {}
  },
}));

const api = apiServerPerTest({});

let narrow = false;
beforeAll(() => {
  // jsdom has neither media queries nor modal dialogs
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as never;
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  narrow = false;
  sceneElements = [];
  sceneFiles = {};
  jest.clearAllMocks();
});

function project(overrides: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    role: 'owner' as ProjectRole,
    title: 'A board with a rather long title for a phone',
    version: 3,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    public_id: 'pub1',
    scene: { type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} } as never,
    ...overrides,
  };
}

function openEditor(p: Project | (() => Promise<Project>)) {
  api().on('GET /projects/p1', async () => ({ status: 200, body: typeof p === 'function' ? await p() : p }));
  api().on('GET /p/pub1/statistics', { status: 200, body: { views: 1, visitors: 1, by_day: [], referrers: [] } });
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  return renderAt('/projects/p1', { '/projects/:id': <EditorPage /> });
}

const toolbarButton = (name: string) => screen.queryByRole('button', { name, hidden: false });

describe('the editor header', () => {
  it('keeps sharing and statistics as buttons on a wide screen', async () => {
    const u = openEditor(project());
    await screen.findByTestId('fake-canvas');
    expect(toolbarButton('Share')).not.toBeNull();
    expect(toolbarButton('Statistics')).not.toBeNull();
    await u.click(screen.getByTestId('more-menu'));
    const items = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).not.toContain('Share');
    expect(items).not.toContain('Statistics');
  });

  it('on a phone puts sharing and statistics of a published canvas in "More", leaving the title and Published in the bar', async () => {
    narrow = true;
    const u = openEditor(project());
    await screen.findByTestId('fake-canvas');
    expect(toolbarButton('Share')).toBeNull();
    expect(toolbarButton('Statistics')).toBeNull();
    expect(screen.getByTestId('publish-button').textContent).toBe('Published');
    expect(screen.getByLabelText('Project title')).toBeTruthy();

    await u.click(screen.getByTestId('more-menu'));
    const items = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items.slice(0, 2)).toEqual(['Share', 'Statistics']);
    await u.click(screen.getByRole('menuitem', { name: 'Statistics' }));
    expect((await screen.findByTestId('statistic-modal')).textContent).toContain('Statistics');
    // the focus goes back to "More" when the dialog closes
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('more-menu')));

    await u.click(screen.getByTestId('more-menu'));
    await u.click(screen.getByRole('menuitem', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share' })).toBeTruthy();
  });

  it('on a phone offers no statistics for an unpublished canvas', async () => {
    narrow = true;
    const u = openEditor(project({ public_id: null }));
    await screen.findByTestId('fake-canvas');
    expect(screen.getByTestId('publish-button').textContent).toBe('Publish');
    await u.click(screen.getByTestId('more-menu'));
    const items = within(screen.getByRole('menu'))
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(items).toContain('Share');
    expect(items).not.toContain('Statistics');
  });

  it("shows a collaborator's role in short on a phone, the whole sentence as its tooltip", async () => {
    narrow = true;
    openEditor(project({ role: 'editor' }));
    const role = await screen.findByTestId('my-role');
    expect(role.textContent).toBe('Can edit');
    expect(role.getAttribute('title')).toBe('Shared with you: can edit');
    expect(toolbarButton('Share')).toBeNull();
  });

  it('says nothing about saving before the scene is loaded', async () => {
    let answer: (p: Project) => void = () => undefined;
    openEditor(() => new Promise<Project>((resolve) => (answer = resolve)));
    try {
      await waitFor(() => expect(api().received.some((r) => r.path === '/projects/p1')).toBe(true));
      expect(screen.getByTestId('save-status').textContent).toBe('');
      expect(screen.getByTestId('editor').getAttribute('data-save-status')).toBe('loading');
    } finally {
      act(() => answer(project()));
    }
    await screen.findByTestId('fake-canvas');
    expect(screen.getByTestId('save-status').textContent).toBe('Saved');
    expect(screen.getByTestId('editor').getAttribute('data-save-status')).toBe('saved');
  });
});

describe('the drawing behind the editor dialogs', () => {
  it('is moved beside an open dialog, and the view put back when it closes', async () => {
    const u = openEditor(project());
    await screen.findByTestId('fake-canvas');
    await u.click(screen.getByRole('button', { name: 'Statistics' }));
    const dialog = await screen.findByTestId('statistic-modal');
    expect(canvasModule.showDrawingBeside).toHaveBeenCalledWith(fakeApi, dialog.getBoundingClientRect(), viewport);
    expect(canvasModule.setViewport).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(canvasModule.setViewport).toHaveBeenCalledWith(fakeApi, viewport));
  });
});

describe('the save status of a dropped picture', () => {
  const picture = { id: 'img', type: 'image', fileId: 'f1', version: 2, versionNonce: 2, isDeleted: false, x: 0, y: 0, width: 10, height: 10 };

  /** Drops a picture on the canvas of an open editor. */
  function dropPicture() {
    sceneElements = [picture];
    sceneFiles = { f1: { id: 'f1', dataURL: 'data:image/png;base64,iVBORw0KGgo=', mimeType: 'image/png' } };
    act(() => canvasChanged?.(sceneElements as never, sceneFiles));
  }

  const leave = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('says "Saving…" while the picture is uploaded, and the browser asks before the page is left', async () => {
    let answer: () => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (answer = () => resolve('up-1'))));
    api().on('PUT /projects/p1', { status: 200, body: project({ version: 4 }) });
    openEditor(project());
    await screen.findByTestId('fake-canvas');
    expect(leave()).toBe(false);
    dropPicture();
    try {
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
      expect(screen.getByTestId('save-status').textContent).toBe('Saving…');
      expect(leave()).toBe(true);
    } finally {
      answer();
    }
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Saved'));
    expect(leave()).toBe(false);
    const saved = api().received.find((r) => r.method === 'PUT')?.body as { scene: Project['scene'] };
    expect(saved.scene.files).toEqual({ f1: expect.objectContaining({ file_id: 'up-1' }) });
  });

  it("names the picture the server refuses, with the server's words, and does not ask before the page is left", async () => {
    const words = 'The file is larger than the limit of 25 MB';
    upload.mockRejectedValue(new ApiError(413, words, 'PAYLOAD_TOO_LARGE'));
    api().on('PUT /projects/p1', { status: 200, body: project({ version: 4 }) });
    openEditor(project());
    await screen.findByTestId('fake-canvas');
    dropPicture();
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe('Picture not saved'));
    expect(screen.getByTestId('save-status').getAttribute('title')).toBe(words);
    expect(screen.getByTestId('editor').getAttribute('data-save-status')).toBe('error');
    expect(screen.getByRole('status').textContent).toBe(words);
    expect(leave()).toBe(false);
    expect(upload).toHaveBeenCalledTimes(1);
    // the rest of the scene was saved all the same
    expect(api().received.some((r) => r.method === 'PUT')).toBe(true);
  });
});
