import { sceneBytes, type Scene, type SceneElement } from '@visualnotes/contracts';
import { fresh, runApi, untracked } from '../../app/api/api';
import { errorMessage } from '../../app/error/describe-error';
import { canvasApi } from './api';
import { ApiError, isNetworkError, uploadDataUrl } from './http';
import { writeImage, writeLocalProject, type LocalProject } from './offline-store';
import type { SceneElements } from './scene-types';

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

/**
 * How the save state is reported: `picture` is set when the error is a picture of the scene the
 * server refused (`message` then holds the server's words).
 */
export type StatusListener = (status: SaveStatus, message?: string, picture?: boolean) => void;

/** What the sync needs from the (lazily loaded) canvas chunk. */
export interface CanvasOps {
  elements(): SceneElements;
  files(): Record<string, { id: string; dataURL: string; mimeType: string; created?: number }>;
  appState(): Scene['appState'];
  /** Merges remote elements into the canvas and answers the result. */
  merge(remote: SceneElements): SceneElements;
  version(elements: SceneElements): number;
}

const SAVE_DELAY_MS = 600;
/**
 * The device copy is written at most this often while the canvas changes: each write copies the
 * whole scene on the page's thread (IndexedDB clones what it stores), which on a board of 10,000
 * elements would cost every frame of a drag. Leaving the page writes what waits at once.
 */
const DEVICE_COPY_MS = 1_000;
/** How often, at most, the scene's size is measured while it changes (it means writing it out as JSON). */
const SIZE_EVERY_MS = 2_000;
/** Pause before a save the server found too much at once (429) is tried again, when it did not say. */
const BUSY_RETRY_MS = 5_000;
const POLL_MS = 5_000;
/** Pause before images whose upload failed are tried again; it doubles with each failure in a row, up to the maximum. */
const UPLOAD_RETRY_MS = 2_000;
const UPLOAD_RETRY_MAX_MS = 60_000;

/**
 * An answer of the server that refuses an upload for good (too large, not a picture, not allowed):
 * sending the same bytes again cannot succeed. No connection, a 5xx, a 401 (the session is being
 * renewed), a timeout or too many requests are worth another try.
 */
const refusedForGood = (err: unknown) => err instanceof ApiError && err.statusCode >= 400 && err.statusCode < 500 && ![401, 408, 429].includes(err.statusCode);

type CanvasFiles = ReturnType<CanvasOps['files']>;

/**
 * Keeps one open project in step with the server. While the live channel is connected it saves the
 * scene (this class then only keeps the device copy, saves title changes and shows the save state);
 * while it is not, this class does: autosave shortly after each change. When the server's element
 * versions are known, only the elements that changed go (PATCH, merged by element version, never
 * a conflict); otherwise (edits made offline, a new canvas background) the whole scene goes with the
 * version it is based on, and a 409 (saved elsewhere meanwhile) fetches the server's scene, merges
 * it element by element (Excalidraw's reconcile: the higher element version wins) and saves again.
 * Every change is also written to IndexedDB, so edits made offline survive and go up when the
 * connection is back. While idle it looks for edits made in other tabs and merges them in.
 */
export class ProjectSync {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private poller: ReturnType<typeof setInterval> | undefined;
  private saving = false;
  private again = false;
  private savedVersion = -1;
  private titleChanged = false;
  /** The state of the scene's saving, pictures aside (those still to be uploaded are added when it is shown). */
  private status: SaveStatus = 'saved';
  private message: string | undefined;
  /** What was shown last, so that the same state is not reported again. */
  private shown = '';
  /** The live channel is connected and saves the scene: no scene goes through PUT meanwhile. */
  private live = false;
  /** Uploads under way, by Excalidraw file id: an image is uploaded once however often it is asked for. */
  private readonly uploading = new Map<string, Promise<string>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failedUploads = 0;
  /** Images the server refused for good, by Excalidraw file id: the server's words. They are not sent again. */
  private readonly refused = new Map<string, string>();
  /** Whether the live channel still has changes of this editor the server has not saved. */
  private liveUnsaved: () => boolean = () => false;
  private disposed = false;
  private deviceTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly online = () => this.schedule(0);
  /**
   * Element versions the server is known to have (saved from here or read from it): a save sends
   * the elements whose version differs. Empty when nothing is known (edits made offline): then
   * every element goes, and the server keeps the newer of each.
   */
  private readonly known = new Map<string, number>();
  /** The canvas background the server has (a canvas setting, which only a whole save carries). */
  private savedBackground: string | undefined;
  /** The server's words for a picture reference it did not keep in the last save of changes. */
  private pictureRefused: string | undefined;
  private sizeTimer: ReturnType<typeof setTimeout> | undefined;
  /** The scene's size as the server measures it (bytes of its JSON as sent), when it was last measured. */
  private onSize: ((bytes: number) => void) | undefined;

  constructor(
    private readonly local: LocalProject,
    private readonly ops: CanvasOps,
    private readonly onStatus: StatusListener,
    /** A picture was refused by the server for good: its words, meant for the user. */
    private readonly onRefused?: (message: string) => void,
  ) {
    this.savedVersion = local.dirty ? -1 : ops.version(local.scene.elements);
    if (!local.dirty) {
      this.learn(local.scene.elements);
      this.savedBackground = local.scene.appState?.viewBackgroundColor;
    }
    window.addEventListener('online', this.online);
    this.poller = setInterval(() => void this.poll(), POLL_MS);
    if (local.dirty) this.schedule(0);
  }

  dispose() {
    this.keepOnDeviceNow();
    this.disposed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.timer);
    clearTimeout(this.sizeTimer);
    clearInterval(this.poller);
    window.removeEventListener('online', this.online);
  }

  /**
   * The live channel connected (it saves from now on) or dropped (the autosave takes over and sends
   * the whole scene once, so nothing the channel had not passed on yet is missing).
   */
  setLive(on: boolean) {
    if (this.live === on) return;
    this.live = on;
    if (!on) {
      this.savedVersion = -1;
      // what the channel saved is not known here: the whole scene goes once
      this.known.clear();
      if (this.local.dirty) this.schedule(0);
    }
  }

  /** Reports the scene's size (bytes of its JSON as sent) now and, at most every few seconds, as it changes. */
  watchSize(listener: (bytes: number) => void) {
    this.onSize = listener;
    this.measureSize();
  }

  private measureSize() {
    this.sizeTimer = undefined;
    this.onSize?.(sceneBytes(JSON.stringify(this.local.scene)));
  }

  /** The server has these elements at these versions. */
  private learn(elements: readonly { id: string; version: number }[]) {
    for (const el of elements) this.known.set(el.id, el.version);
  }

  /** How to tell whether the live channel has changes of this editor that are not saved yet. */
  watchLive(unsaved: () => boolean) {
    this.liveUnsaved = unsaved;
  }

  /** The live channel's changes were saved as project `version`. */
  liveSaved(version: number, pending: boolean) {
    this.local.version = Math.max(this.local.version, version);
    if (pending) return;
    this.local.dirty = this.titleChanged;
    void writeLocalProject({ ...this.local, scene: this.snapshot(), saved_at: Date.now() });
    if (!this.saving && !this.titleChanged) this.setStatus('saved');
  }

  get title() {
    return this.local.title;
  }

  private setStatus(status: SaveStatus, message?: string) {
    this.status = status;
    this.message = message;
    this.show();
  }

  /**
   * Reports the save state as the user should read it: never "saved" while a picture of the scene
   * is still being uploaded or waits to be tried again (it is only in this tab until then), nor
   * while the scene holds a picture the server refused.
   */
  private show() {
    let status = this.status;
    let message = this.message;
    let picture = false;
    if (status === 'saved' || status === 'saving') {
      const { pending, refused } = this.pictures();
      if (pending) status = 'saving';
      else if (refused !== undefined && status === 'saved') {
        status = 'error';
        message = refused;
        picture = true;
      }
    }
    const key = JSON.stringify([status, message, picture]);
    if (key === this.shown) return;
    this.shown = key;
    this.onStatus(status, message, picture || undefined);
  }

  /**
   * Whether a picture on the canvas waits for its upload (under way or to be tried again), and the
   * server's words for one it refused.
   */
  private pictures(): { pending: boolean; refused?: string } {
    const files = this.ops.files();
    let refused: string | undefined;
    for (const el of this.ops.elements()) {
      if (!this.notUploaded(el, files)) continue;
      const reason = this.refused.get(el.fileId!);
      if (reason === undefined) return { pending: true };
      refused ??= reason;
    }
    return { pending: false, refused };
  }

  /** A picture on the canvas is being uploaded or waits to be tried again: leaving now would lose it. */
  get picturesPending(): boolean {
    return this.pictures().pending;
  }

  private snapshot(elements = this.ops.elements()): Scene {
    return { type: 'excalidraw', version: 2, elements: elements as SceneElement[], appState: this.ops.appState(), files: this.fileRefs(elements) };
  }

  /** Image references that arrived from others: answers those new here (their pictures are to be fetched). */
  knowFiles(files: Scene['files'] | undefined): NonNullable<Scene['files']>[string][] {
    const fresh = Object.values(files ?? {}).filter((f) => this.local.uploads[f.id] !== f.file_id);
    for (const f of fresh) this.local.uploads[f.id] = f.file_id;
    return fresh;
  }

  /**
   * Hands `elements` to `send` (the live channel, which carries only references to uploads) once
   * the images among them new to the project are uploaded; at once when there are none. When an
   * upload fails, the rest goes at once, the images waiting for an upload are kept back, and the
   * whole scene is tried again after a pause (growing while uploads keep failing). The channel sends
   * the reference of an image that went before its upload (its file was not there yet) once that
   * upload is done, since `send` follows every upload. An image the server refused for good is
   * kept back and not tried again; the save state names it until it is removed from the canvas.
   */
  shareImages(elements: SceneElements, send: (elements: SceneElements) => void): Promise<void> {
    const files = this.ops.files();
    if (!elements.some((el) => this.awaitsUpload(el, files))) {
      this.shared(this.withoutRefused(elements, files), send);
      return Promise.resolve();
    }
    const uploads = this.uploadImages(elements);
    this.show();
    return uploads.then(
      () => {
        this.failedUploads = 0;
        this.shared(this.withoutRefused(elements, this.ops.files()), send);
      },
      () => {
        const now = this.ops.files();
        this.shared(
          elements.filter((el) => !this.notUploaded(el, now)),
          send,
        );
        this.retryUploads(send);
      },
    );
  }

  /**
   * Sends `elements` over the live channel and brings the save state up to date: "saving" until the
   * server has saved what went now, "saved" when nothing went and nothing waits (a change of a
   * picture that is kept back alone, say).
   */
  private shared(elements: SceneElements, send: (elements: SceneElements) => void) {
    send(elements);
    if (!this.live) this.show();
    else if (this.liveUnsaved()) {
      if (this.status === 'saved') this.setStatus('saving');
      else this.show();
    } else if (this.status === 'saving' && !this.saving && !this.titleChanged) this.setStatus('saved');
    else this.show();
  }

  private withoutRefused(elements: SceneElements, files: CanvasFiles): SceneElements {
    if (!this.refused.size) return elements;
    return elements.filter((el) => !this.notUploaded(el, files) || !this.refused.has(el.fileId!));
  }

  private retryUploads(send: (elements: SceneElements) => void) {
    if (this.disposed) return;
    // the pictures that failed were removed meanwhile: nothing to try again
    const files = this.ops.files();
    if (!this.ops.elements().some((el) => this.awaitsUpload(el, files))) return;
    const pause = Math.min(UPLOAD_RETRY_MAX_MS, UPLOAD_RETRY_MS * 2 ** this.failedUploads);
    this.failedUploads = Math.min(this.failedUploads + 1, 10);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.shareImages(this.ops.elements(), send), pause);
  }

  /** An image on the canvas whose file is here but not uploaded yet (nor refused by the server). */
  private awaitsUpload(el: SceneElements[number], files: CanvasFiles): boolean {
    return this.notUploaded(el, files) && !this.refused.has(el.fileId!);
  }

  /** An image on the canvas whose file is here but not on the server: waiting for its upload, or refused. */
  private notUploaded(el: SceneElements[number], files: CanvasFiles): boolean {
    const fileId = el.fileId;
    return el.type === 'image' && !el.isDeleted && !!fileId && !this.local.uploads[fileId] && !!files[fileId]?.dataURL;
  }

  fileRefs(elements: SceneElements): Scene['files'] {
    const files: NonNullable<Scene['files']> = {};
    const all = this.ops.files();
    for (const el of elements) {
      const fileId = el.fileId;
      if (el.type !== 'image' || !fileId || !this.local.uploads[fileId]) continue;
      files[fileId] = { id: fileId, mimeType: all[fileId]?.mimeType ?? 'image/png', file_id: this.local.uploads[fileId], created: all[fileId]?.created };
    }
    return files;
  }

  /** Called on every canvas change. */
  changed(elements: SceneElements) {
    if (this.ops.version(elements) === this.savedVersion && !this.titleChanged) return;
    // the scene in hand at once (references, no copy); only writing it to the device waits
    this.local.scene = this.snapshot(elements);
    this.local.dirty = true;
    this.deviceTimer ??= setTimeout(() => this.keepOnDeviceNow(), DEVICE_COPY_MS);
    if (this.status !== 'offline') this.setStatus('saving');
    if (!this.live) this.schedule(SAVE_DELAY_MS);
    if (this.onSize && this.sizeTimer === undefined) this.sizeTimer = setTimeout(() => this.measureSize(), SIZE_EVERY_MS);
  }

  /** Writes the device copy of the scene now when a change waits for it (the page is being left). */
  keepOnDeviceNow() {
    if (!this.deviceTimer || this.disposed) return;
    clearTimeout(this.deviceTimer);
    this.deviceTimer = undefined;
    this.local.scene = this.snapshot();
    void writeLocalProject({ ...this.local, saved_at: Date.now() });
  }

  rename(title: string) {
    this.local.title = title;
    this.titleChanged = true;
    this.local.dirty = true;
    void writeLocalProject({ ...this.local, saved_at: Date.now() });
    this.schedule(0);
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), ms);
  }

  /**
   * Uploads the images of `elements` not uploaded yet, side by side; fails (once all have ended)
   * when one of them could not be uploaded but may be another time. The others are uploaded and
   * kept all the same; one the server refused for good is remembered (and its words told) instead.
   */
  private async uploadImages(elements: SceneElements) {
    const files = this.ops.files();
    const uploads = elements.filter((el) => this.awaitsUpload(el, files)).map((el) => this.upload(el.fileId!, files[el.fileId!]));
    const failed = (await Promise.allSettled(uploads)).find((r) => r.status === 'rejected' && !refusedForGood(r.reason));
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  private upload(fileId: string, file: CanvasFiles[string]): Promise<string> {
    let pending = this.uploading.get(fileId);
    if (!pending) {
      pending = uploadDataUrl(file.dataURL, `${fileId}.${file.mimeType.split('/')[1] ?? 'png'}`)
        .then((uploadId) => {
          this.local.uploads[fileId] = uploadId;
          void writeImage(uploadId, file.dataURL);
          return uploadId;
        })
        .catch((err: unknown) => {
          if (refusedForGood(err)) {
            const words = errorMessage(err) ?? (err as Error).message;
            this.refused.set(fileId, words);
            this.onRefused?.(words);
          }
          throw err;
        })
        .finally(() => this.uploading.delete(fileId));
      this.uploading.set(fileId, pending);
    }
    return pending;
  }

  async save(): Promise<void> {
    if (this.saving) {
      this.again = true;
      return;
    }
    this.saving = true;
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const elements = this.ops.elements();
        const version = this.ops.version(elements);
        // while the live channel saves the scene, only a new title goes this way
        const sceneChanged = !this.live && version !== this.savedVersion;
        if (!sceneChanged && !this.titleChanged) break;
        this.setStatus('saving');
        await this.uploadImages(elements);
        const background = this.ops.appState()?.viewBackgroundColor;
        // what changed, when the server's element versions are known and the canvas settings are as saved
        const changesOnly = sceneChanged && this.known.size > 0 && background === this.savedBackground;
        try {
          if (changesOnly) {
            await this.saveChanges(elements);
            this.savedVersion = version;
          }
          if (changesOnly && !this.titleChanged) break;
          const body = {
            ...(sceneChanged && !changesOnly ? { scene: this.snapshot(elements) } : {}),
            version: this.local.version,
            ...(this.titleChanged ? { title: this.local.title } : {}),
          };
          const saved = await runApi(canvasApi.endpoints.saveProject.initiate({ id: this.local.id, body }, untracked));
          this.local.version = saved.version;
          if (body.scene) {
            this.savedVersion = version;
            this.learn(elements);
            this.savedBackground = background;
            this.pictureRefused = undefined;
          }
          this.titleChanged = false;
          break;
        } catch (err) {
          if (err instanceof ApiError && err.statusCode === 409) {
            await this.pullAndMerge();
            continue;
          }
          throw err;
        }
      }
      const dirty = this.live ? this.titleChanged : this.ops.version(this.ops.elements()) !== this.savedVersion || this.titleChanged;
      this.local.dirty = dirty;
      this.local.scene = this.snapshot();
      await writeLocalProject({ ...this.local, saved_at: Date.now() });
      if (this.pictureRefused) this.setStatus('error', this.pictureRefused);
      else this.setStatus(dirty ? 'saving' : 'saved');
      if (dirty) this.again = true;
    } catch (err) {
      if (isNetworkError(err)) this.setStatus('offline');
      else if (err instanceof ApiError && err.statusCode === 429) {
        // too much at once for the server: the change stays here and goes again shortly
        this.setStatus('saving');
        this.schedule(BUSY_RETRY_MS);
      } else this.setStatus('error', (err as Error).message);
    } finally {
      this.saving = false;
      if (this.again && this.status !== 'offline' && this.status !== 'error') {
        this.again = false;
        this.schedule(SAVE_DELAY_MS);
      }
    }
  }

  /**
   * Sends the elements whose version the server does not have (PATCH, merged element by element
   * there): a small change to a board of thousands of elements costs a few hundred bytes, not the
   * whole scene. When the project's version moved by more than this save, somebody saved meanwhile,
   * and their changes are brought in, as a 409 does for a whole save.
   */
  private async saveChanges(elements: SceneElements) {
    const changes = elements.filter((el) => this.known.get(el.id) !== el.version);
    if (!changes.length) return;
    const before = this.local.version;
    const saved = await runApi(
      canvasApi.endpoints.saveElements.initiate({ id: this.local.id, body: { elements: changes as SceneElement[], files: this.fileRefs(changes) } }, untracked),
    );
    this.learn(changes);
    // a picture reference the server would not keep (the element itself is saved): its words stay shown until the next save
    this.pictureRefused = saved.refused;
    if (saved.refused) this.onRefused?.(saved.refused);
    if (saved.version > before + 1) await this.pullAndMerge();
    else this.local.version = Math.max(this.local.version, saved.version);
  }

  private async pullAndMerge() {
    const remote = await runApi(canvasApi.endpoints.project.initiate(this.local.id, fresh));
    this.ops.merge(remote.scene.elements);
    this.learn(remote.scene.elements);
    this.savedBackground = remote.scene.appState?.viewBackgroundColor;
    this.local.version = remote.version;
    for (const f of Object.values(remote.scene.files ?? {})) this.local.uploads[f.id] ??= f.file_id;
  }

  /** Brings in edits saved by other tabs or devices while this one is idle. */
  private async poll() {
    if (this.live || this.saving || document.hidden || this.local.dirty || this.status !== 'saved') return;
    try {
      const remote = await runApi(canvasApi.endpoints.project.initiate(this.local.id, fresh));
      if (remote.version <= this.local.version) return;
      const merged = this.ops.merge(remote.scene.elements);
      this.learn(remote.scene.elements);
      this.savedBackground = remote.scene.appState?.viewBackgroundColor;
      this.local.version = remote.version;
      this.savedVersion = this.ops.version(merged);
      this.local.title = remote.title;
      await writeLocalProject({ ...this.local, scene: this.snapshot(merged), saved_at: Date.now() });
    } catch {
      // offline or not answering: the next poll tries again
    }
  }
}
