import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG, STORAGE, ThreadPoolError, type Storage } from '@visualnotes/common';
import {
  DomainError,
  EXPORT_CONTENT_TYPES,
  ExportMessages,
  Jobs,
  OutlineMessages,
  Queues,
  type ExportCreated,
  type ExportFile,
  type ExportRequest,
  type ExportState,
  type JobPayloads,
  type Outline,
  type Scene,
} from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import { isUuid } from '../common/ids';
import type { PublishConfig } from '../config';
import { ProjectsService } from '../projects/projects.service';
import { PublishingService } from '../publishing/publishing.service';
import { sceneFileIds } from '../projects/scene';
import type { ExportRecord } from './export.entity';
import { ExportPool } from './export-pool';
import { ExportsRepository } from './exports.repository';
import type { RenderFile } from './render/excalidraw';

const notFound = () => new DomainError('NOT_FOUND', ExportMessages.exportNotFound);
const EXT = { pdf: 'pdf', pptx: 'pptx', zip: 'zip' } as const;
/** Pictures larger than this are left out of an export (their frame shows without them). */
const MAX_IMAGE_BYTES = 25_000_000;
/** A published page's export that failed is answered as it is for this long before visitors may ask again. */
const FAILED_PUBLISHED_KEPT_MS = 10 * 60_000;
/** Expired exports removed per step of a sweep. */
const SWEEP_BATCH = 200;

/** A file name for the download: the board's title without characters file systems refuse. */
export function exportFileName(title: string, format: ExportRecord['format']): string {
  const base =
    title
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'Board';
  return `${base}.${EXT[format]}`;
}

export function exportView(row: ExportRecord): ExportState {
  return {
    export_id: row.id,
    project_id: row.projectId,
    format: row.format,
    status: row.status,
    progress: row.progress,
    ...(row.error ? { error: row.error } : {}),
    ...(row.pages != null ? { pages: row.pages } : {}),
    ...(row.fileName ? { file_name: row.fileName } : {}),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Exports of boards to files. Asking is quick (a row and a job); the `export.render` job loads the
 * board as it is then and renders it in the export pool's threads. Whoever may see the project
 * (owner, editors, viewers) may export it and follow or download its exports; anyone else is told
 * the export does not exist.
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger(ExportsService.name);

  constructor(
    private readonly exports: ExportsRepository,
    private readonly projects: ProjectsService,
    private readonly publishing: PublishingService,
    private readonly pool: ExportPool,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(SERVICE_CONFIG) private readonly config: PublishConfig,
    @InjectQueue(Queues.publishExports) private readonly queue: Pick<Queue<JobPayloads['export.render']>, 'add'>,
  ) {}

  async create(userId: string, projectId: string, input: ExportRequest, requestId?: string): Promise<ExportCreated> {
    const project = await this.projects.get(userId, projectId, 'viewer');
    if (input.frames) {
      const frames = new Set(project.scene.elements.filter((e) => !e.isDeleted && (e.type === 'frame' || e.type === 'magicframe')).map((e) => e.id));
      if (input.frames.some((id) => !frames.has(id))) throw new DomainError('VALIDATION_FAILED', ExportMessages.frameNotFound);
    }
    const row = await this.exports.create({
      projectId: project.id,
      requestedBy: userId,
      format: input.format,
      options: { frames: input.frames, scale: input.scale, background: input.background, dark: input.dark },
    });
    // one try: an export that failed would fail the same way again; the user asks again
    await this.queue.add(Jobs.exportRender, { exportId: row.id, ...(requestId ? { requestId } : {}) }, { jobId: row.id, attempts: 1 });
    return { export_id: row.id };
  }

  /** The export when the caller may see its project (404 otherwise, as for one that does not exist). */
  private async visible(userId: string, exportId: string): Promise<ExportRecord> {
    const row = isUuid(exportId) ? await this.exports.find(exportId) : null;
    if (!row) throw notFound();
    await this.projects.access(userId, row.projectId, 'viewer').catch(() => {
      throw notFound();
    });
    return row;
  }

  /**
   * A PDF of a published board for its visitors, when its owner offers one: made once per
   * publication and shared by everyone who asks (publishing again makes a new one). One that failed
   * is answered as it is for a while, so visitors cannot make the same board fail over and over.
   */
  async createPublished(publicId: string, requestId?: string): Promise<ExportCreated> {
    const pub = await this.publishing.downloadable(publicId);
    const { row, created } = await this.exports.sharedPublished(
      { projectId: pub.projectId, requestedBy: pub.ownerId, format: 'pdf', options: {}, publicId: pub.publicId },
      pub.publishedAt,
      (made) => made.status !== 'failed' || Date.now() - made.createdAt.getTime() < FAILED_PUBLISHED_KEPT_MS,
    );
    if (created) await this.queue.add(Jobs.exportRender, { exportId: row.id, ...(requestId ? { requestId } : {}) }, { jobId: row.id, attempts: 1 });
    return { export_id: row.id };
  }

  /** A visitors' export of a page still offered as a download (404 otherwise, as for one that does not exist). */
  private async visibleToVisitors(publicId: string, exportId: string): Promise<ExportRecord> {
    const row = isUuid(exportId) ? await this.exports.find(exportId) : null;
    if (!row || row.publicId !== publicId) throw notFound();
    await this.publishing.downloadable(publicId);
    return row;
  }

  async getPublished(publicId: string, exportId: string): Promise<Omit<ExportState, 'project_id'>> {
    const { project_id: _project, ...state } = exportView(await this.visibleToVisitors(publicId, exportId));
    return state;
  }

  async filePublished(publicId: string, exportId: string): Promise<ExportFile> {
    return this.fileOf(await this.visibleToVisitors(publicId, exportId));
  }

  async get(userId: string, exportId: string): Promise<ExportState> {
    return exportView(await this.visible(userId, exportId));
  }

  async file(userId: string, exportId: string): Promise<ExportFile> {
    return this.fileOf(await this.visible(userId, exportId));
  }

  private fileOf(row: ExportRecord): ExportFile {
    if (row.status !== 'completed' || !row.storageKey) throw new DomainError('CONFLICT', ExportMessages.notReady);
    return { storage_key: row.storageKey, content_type: EXPORT_CONTENT_TYPES[row.format], file_name: row.fileName ?? exportFileName('Board', row.format) };
  }

  /** The board's pictures as the exporter takes them (data URLs); one that cannot be read is left out. */
  private async images(projectId: string, ownerId: string, scene: Scene): Promise<Record<string, RenderFile>> {
    const files: Record<string, RenderFile> = {};
    const wanted = sceneFileIds(scene);
    for (const [key, ref] of Object.entries(scene.files ?? {})) {
      if (!wanted.has(ref.file_id)) continue;
      try {
        const file = await this.projects.fileOf(projectId, ownerId, scene, ref.file_id);
        const bytes = await this.storage.getBuffer(file.storage_key);
        if (bytes.length > MAX_IMAGE_BYTES) continue;
        files[key] = { id: key, mimeType: file.content_type, dataURL: `data:${file.content_type};base64,${bytes.toString('base64')}`, created: ref.created };
      } catch (err) {
        this.logger.warn(`export of ${projectId}: picture ${ref.file_id} left out (${(err as Error).message})`);
      }
    }
    return files;
  }

  /**
   * Removes exports that ended more than `EXPORT_KEEP_HOURS` ago, their files first (the `export.sweep`
   * job): answers how many. Asked for later, such an export does not exist or has expired.
   */
  async sweep(): Promise<number> {
    const before = new Date(Date.now() - this.config.EXPORT_KEEP_HOURS * 3_600_000);
    let removed = 0;
    for (;;) {
      const rows = await this.exports.endedBefore(before, SWEEP_BATCH);
      for (const row of rows) if (row.storageKey) await this.storage.delete(row.storageKey).catch(() => undefined);
      await this.exports.removeAll(rows.map((r) => r.id));
      removed += rows.length;
      if (rows.length < SWEEP_BATCH) return removed;
    }
  }

  private fontDirs(): string[] {
    return this.config.EXPORT_FONT_DIRS.split(',')
      .map((d) => d.trim())
      .filter(Boolean);
  }

  /**
   * A summary's outline as a PDF (base64), set in a thread of the export pool while the reader
   * waits: busy threads answer 503 in words, one past the thread's limits as too long.
   */
  async outlinePdf(outline: Outline): Promise<{ data: string; pages: number }> {
    try {
      const out = await this.pool.outline({ outline, fontDirs: this.fontDirs() });
      return { data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength).toString('base64'), pages: out.pages };
    } catch (err) {
      if (err instanceof ThreadPoolError) {
        throw err.reason === 'busy'
          ? new DomainError('SERVICE_UNAVAILABLE', OutlineMessages.busy)
          : new DomainError('PAYLOAD_TOO_LARGE', OutlineMessages.tooLong);
      }
      this.logger.warn(`a summary's PDF failed: ${(err as Error).message}`);
      throw new DomainError('INTERNAL', OutlineMessages.failed);
    }
  }

  /** What an export draws: the project as it is now, or for a published page's visitors the board as published. */
  private async board(row: ExportRecord): Promise<{ title: string; scene: Scene; ownerId: string } | null> {
    if (row.publicId) {
      const pub = await this.publishing.downloadable(row.publicId).catch(() => null);
      return pub && { title: pub.title, scene: pub.scene, ownerId: pub.ownerId };
    }
    const project = await this.projects.raw(row.projectId);
    return project && { title: project.title, scene: project.scene, ownerId: project.owner_id };
  }

  /** Runs an export (the `export.render` job): safe to run again; a finished one is left as it is. */
  async render(exportId: string): Promise<void> {
    const row = await this.exports.find(exportId);
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const board = await this.board(row);
    if (!board) {
      await this.exports.update(row.id, { status: 'failed', error: ExportMessages.failed, finishedAt: new Date() });
      return;
    }
    await this.exports.update(row.id, { status: 'running', progress: 5 });
    let last = 5;
    // progress is written one update after another, and the end waits for them: a late one never
    // lands after the export is completed (as 91% of a finished export)
    let written: Promise<unknown> = Promise.resolve();
    const onProgress = (share: number) => {
      const progress = Math.min(95, Math.max(last, Math.round(10 + share * 85)));
      if (progress - last < 5) return;
      last = progress;
      written = written.then(() => this.exports.progress(row.id, progress)).catch(() => undefined);
    };
    try {
      const files = await this.images(row.projectId, board.ownerId, board.scene);
      const out = await this.pool.render(
        {
          format: row.format,
          sceneText: JSON.stringify(board.scene),
          files,
          frames: row.options.frames,
          scale: row.options.scale ?? (row.format === 'zip' ? 2 : 1),
          background: row.options.background ?? true,
          dark: row.options.dark ?? false,
          title: board.title,
          fontDirs: this.fontDirs(),
        },
        onProgress,
      );
      await written;
      const key = `exports/${row.id}.${EXT[row.format]}`;
      await this.storage.put(key, Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength), { contentType: EXPORT_CONTENT_TYPES[row.format] });
      await this.exports.update(row.id, {
        status: 'completed',
        progress: 100,
        pages: out.pages,
        storageKey: key,
        fileName: exportFileName(board.title, row.format),
        finishedAt: new Date(),
      });
    } catch (err) {
      const tooBig = err instanceof ThreadPoolError;
      this.logger.warn(`export ${row.id} of ${row.projectId} failed: ${(err as Error).message}`);
      await written;
      await this.exports.update(row.id, { status: 'failed', error: tooBig ? ExportMessages.tooComplex : ExportMessages.failed, finishedAt: new Date() });
    }
  }
}
