import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  defaultJobOptions,
  queuePrefix,
  redisOptions,
  rootFailure,
  RpcClient,
  SERVICE_CONFIG,
  ServiceMetrics,
  STORAGE,
  type Storage,
} from '@visualnotes/common';
import {
  DOCUMENT_SUMMARY_LIST_LIMIT,
  DomainError,
  jobFailureMessage,
  Jobs,
  Patterns,
  publicJobId,
  Queues,
  type CreateSummaryReply,
  type DocumentPageView,
  type DocumentSummary,
  type DocumentSummaryItem,
  type DocumentSummaryView,
  type RpcRequest,
  clipText,
} from '@visualnotes/contracts';
import { FlowProducer, type Queue } from 'bullmq';
import type { MediaConfig } from '../config';
import { UploadsService } from '../uploads/uploads.service';
import { UsageService } from '../usage/usage.service';
import type { DocumentRow } from './document.entity';
import { DocumentsRepository } from './documents.repository';
import type { ExtractedDocument, ExtractedPage } from './extract';
import { ExtractionPool } from './extract/pool';

/** BullMQ priorities (lower runs first): Premium summaries overtake free ones waiting in the queue. */
export const PRIORITY = { premium: 1, free: 10 } as const;

const UNITS = { pdf: 'page', pptx: 'slide', docx: 'part', text: 'part' } as const;

/** Consecutive page ranges of at most `maxPages` pages and (past the first page) `maxChars` characters. */
export function planChunks(pages: Pick<ExtractedPage, 'text'>[], maxPages: number, maxChars: number): { from: number; to: number }[] {
  const chunks: { from: number; to: number }[] = [];
  let from = 1;
  let chars = 0;
  pages.forEach((p, i) => {
    const n = i + 1;
    if (n > from && (n - from >= maxPages || chars + p.text.length > maxChars)) {
      chunks.push({ from, to: n - 1 });
      from = n;
      chars = 0;
    }
    chars += p.text.length;
  });
  if (pages.length) chunks.push({ from, to: pages.length });
  return chunks;
}

/**
 * Document summaries: reads the file (kind from its content), checks the plan, keeps the pages and
 * queues the map-reduce flow for the ai service; the ai workers report progress and the result here.
 */
@Injectable()
export class DocumentsService implements OnModuleDestroy {
  private readonly logger = new Logger(DocumentsService.name);
  private readonly flows: FlowProducer;

  constructor(
    private readonly documents: DocumentsRepository,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: UploadsService,
    private readonly usage: UsageService,
    private readonly rpc: RpcClient,
    private readonly extraction: ExtractionPool,
    private readonly metrics: ServiceMetrics,
    @InjectQueue(Queues.aiDocuments) private readonly summaryJobs: Queue,
  ) {
    this.flows = new FlowProducer({ connection: redisOptions(config.REDIS_URL), prefix: queuePrefix(config) });
    // a connection error (Redis gone, or closing at shutdown) is logged, never an unhandled event
    this.flows.on('error', (err) => this.logger.warn(`flow producer: ${err.message}`));
  }

  async onModuleDestroy() {
    await this.flows.close();
  }

  async create(req: RpcRequest<'media.documents.create'>): Promise<CreateSummaryReply> {
    const doc = await this.read(req);
    this.metrics.documentPages.inc({ kind: doc.kind }, doc.pages.length);
    const chars = doc.pages.reduce((n, p) => n + p.text.length, 0);
    const entitlements = await this.usage.entitlements({ owner_id: req.owner_id, scope: req.scope });
    const premium = Boolean(entitlements?.premium);
    if (!premium && (doc.pages.length > this.config.DOCUMENT_FREE_MAX_PAGES || chars > this.config.DOCUMENT_FREE_MAX_CHARS)) {
      throw new DomainError('DOCUMENT_TOO_LONG');
    }
    await this.consume(req.owner_id);

    const id = randomUUID();
    const chunks = planChunks(doc.pages, this.config.DOCUMENT_CHUNK_PAGES, this.config.DOCUMENT_CHUNK_CHARS);
    const title = clipText(doc.title ?? stripExtension(req.name) ?? doc.pages.find((p) => p.title)?.title ?? firstWords(doc.pages), 200, true);
    await this.documents.insert({
      id,
      ownerId: req.owner_id,
      title,
      kind: doc.kind,
      pageCount: doc.pages.length,
      charCount: chars,
      pages: doc.pages,
      textlessPages: textlessPages(doc),
      premium,
      status: 'queued',
      progress: 0,
      chunks: chunks.length,
      chunksDone: [],
      jobId: null,
    });
    try {
      const priority = premium ? PRIORITY.premium : PRIORITY.free;
      const { removeOnComplete, removeOnFail, attempts, backoff } = defaultJobOptions;
      const opts = { priority, removeOnComplete, removeOnFail, attempts, backoff };
      const flow = await this.flows.add({
        name: Jobs.documentReduce,
        queueName: Queues.aiDocuments,
        data: { documentId: id, chunks: chunks.length, ownerId: req.owner_id },
        opts: { ...opts, jobId: id },
        children: chunks.map((c, index) => ({
          name: Jobs.documentMap,
          queueName: Queues.aiDocuments,
          data: { documentId: id, index, chunks: chunks.length, from: c.from, to: c.to },
          opts: { ...opts, jobId: `${id}-${index}`, failParentOnFailure: true },
        })),
      });
      const jobId = publicJobId(Queues.aiDocuments, flow.job.id!);
      await this.documents.setJobId(id, jobId);
      return { summary_id: id, job_id: jobId };
    } catch (err) {
      await this.documents.delete(id);
      throw err;
    }
  }

  /** The document's pages; a file written by the gateway for this request is deleted once read. */
  private async read(req: RpcRequest<'media.documents.create'>): Promise<ExtractedDocument> {
    if (req.text !== undefined) return this.extraction.text(req.text);
    const ownKey = req.storage_key;
    try {
      let key = ownKey;
      let name = req.name;
      if (!key) {
        if (!req.file_id) throw new DomainError('VALIDATION_FAILED', 'Send a file or some text to summarize');
        const upload = await this.uploads.get(req.file_id, req.owner_id);
        key = upload.storage_key;
        name ??= upload.name;
      }
      const data = await this.storage.getBuffer(key);
      return await this.extraction.extract(data, { name, declaredType: req.declared_type });
    } finally {
      if (ownKey) await this.storage.delete(ownKey).catch(() => undefined);
    }
  }

  private async consume(ownerId: string) {
    const res = await this.rpc.send(Patterns.license.usageConsume, { subject: ownerId, kind: 'document_summary' });
    if (!res.allowed) throw new DomainError('MONTHLY_SUMMARIES_USED');
  }

  private async find(ownerId: string, id: string): Promise<DocumentRow> {
    const row = await this.documents.ownedBy(id, ownerId);
    if (!row) throw new DomainError('NOT_FOUND', 'Summary not found');
    return row;
  }

  async get(ownerId: string, id: string): Promise<DocumentSummaryView> {
    const row = await this.find(ownerId, id);
    await this.reconcile(row);
    return toView(row);
  }

  async list(ownerId: string): Promise<{ items: DocumentSummaryItem[] }> {
    const rows = await this.documents.recent(ownerId, DOCUMENT_SUMMARY_LIST_LIMIT);
    await Promise.all(rows.map((row) => this.reconcile(row)));
    return { items: rows.map(toItem) };
  }

  /**
   * A summary whose job failed without its worker reporting it (it stalled more often than allowed,
   * or its parent was failed by a child) or whose job is gone gets its failure on the row, with the
   * reason when it is one for users.
   */
  private async reconcile(row: DocumentRow): Promise<void> {
    if (row.status === 'completed' || row.status === 'failed' || !row.jobId) return;
    // The job is read after its state: read before, a job failing in between has no reason yet.
    const state = await this.summaryJobs.getJobState(row.id).catch(() => null);
    if (state !== 'failed' && state !== 'unknown') return;
    const job = state === 'failed' ? await this.summaryJobs.getJob(row.id) : undefined;
    row.status = 'failed';
    row.error = jobFailureMessage(job ? await rootFailure(this.summaryJobs, job.failedReason, job) : null, 'DOCUMENT_SUMMARY_FAILED');
    await this.documents.fail(row.id, row.error);
  }

  async page(ownerId: string, id: string, page: number): Promise<DocumentPageView> {
    const row = await this.find(ownerId, id);
    if (!Number.isInteger(page) || page < 1 || page > row.pageCount) throw new DomainError('NOT_FOUND', 'Page not found');
    const [found] = await this.pageRange(id, page, page);
    return found;
  }

  async pages(documentId: string, from: number, to: number) {
    const row = await this.documents.byId(documentId);
    if (!row) throw new DomainError('NOT_FOUND', 'Document not found');
    // Whether the document has headings of its own anywhere: then a range without any goes on with the one before.
    const structured = await this.documents.structured(documentId);
    return { title: row.title, kind: row.kind, pages: await this.pageRange(documentId, from, to), structured };
  }

  private async pageRange(id: string, from: number, to: number): Promise<DocumentPageView[]> {
    return (await this.documents.pages(id, from, to)).map((page) => ({
      page: page.page,
      title: page.title,
      text: page.text,
      ...(page.headings?.length ? { headings: page.headings } : {}),
      ...(page.references ? { references: true } : {}),
    }));
  }

  async progress(req: RpcRequest<'media.documents.progress'>): Promise<{ progress: number }> {
    if (!req.done) {
      await this.documents.markStarted(req.document_id);
      const row = await this.documents.byId(req.document_id);
      return { progress: row?.progress ?? 0 };
    }
    // The set of finished chunks (not a counter): a map job that runs twice counts once.
    return { progress: (await this.documents.chunkDone(req.document_id, req.index)) ?? 100 };
  }

  async complete(documentId: string, summary: DocumentSummary) {
    await this.documents.complete(documentId, summary);
    return { ok: true as const };
  }

  async fail(documentId: string, error: string) {
    await this.documents.fail(documentId, jobFailureMessage(error, 'DOCUMENT_SUMMARY_FAILED'));
    return { ok: true as const };
  }

  /** Account deleted: its documents and summaries go (idempotent). */
  async deleteOwnedBy(ownerId: string) {
    await this.documents.deleteOwnedBy(ownerId);
  }
}

function stripExtension(name?: string): string | null {
  const base = (name ?? '')
    .replace(/^.*[\\/]/, '')
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .trim();
  return base || null;
}

function firstWords(pages: ExtractedPage[]): string {
  const text = pages.find((p) => p.text)?.text ?? 'Document';
  const words = text.split(/\s+/).slice(0, 8).join(' ');
  return words.length < text.length ? `${words}…` : words;
}

/**
 * The pages a summary cannot read: in a PDF a page without a letter is a scanned image (or a
 * picture), in a deck a slide of pictures alone. Word and text documents have no such pages.
 */
export function textlessPages(doc: ExtractedDocument): number[] {
  if (doc.kind !== 'pdf' && doc.kind !== 'pptx') return [];
  return doc.pages.filter((p) => !/\p{L}/u.test(p.text)).map((p) => p.page);
}

/** What the list of a user's summaries shows of one. */
function toItem(row: DocumentRow): DocumentSummaryItem {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    kind: row.kind,
    pages: row.pageCount,
    unit: UNITS[row.kind],
    created_at: row.createdAt.toISOString(),
  };
}

function toView(row: DocumentRow): DocumentSummaryView {
  return {
    ...toItem(row),
    progress: row.progress,
    job_id: row.jobId,
    error: row.error,
    summary: row.summary,
    textless_pages: row.textlessPages,
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
