import { randomUUID } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  defaultJobOptions,
  bullConnection,
  closeBull,
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
import { DocumentsRepository, type NewDocument } from './documents.repository';
import { readScannedPages, type ExtractedDocument, type ExtractedPage, type ReadStep } from './extract';
import { ExtractionPool } from './extract/pool';
import { planChunks, planMapJobs, planReadSteps, readProgress } from './plan';

/** BullMQ priorities (lower runs first): Premium summaries overtake free ones waiting in the queue. */
export const PRIORITY = { premium: 1, free: 10 } as const;

const UNITS = { pdf: 'page', pptx: 'slide', docx: 'part', text: 'part' } as const;

/** What a `document.read` job returns: its step's pages, and the document's progress after it. */
export type ReadStepResult = ReadStep & { index: number; progress: number };

const charCount = (doc: ExtractedDocument) => doc.pages.reduce((n, p) => n + p.text.length, 0);

/** Options of every job of a document's flows: its plan's priority, our retries and retention. */
function flowOptions(premium: boolean) {
  const { removeOnComplete, removeOnFail, attempts, backoff } = defaultJobOptions;
  return { priority: premium ? PRIORITY.premium : PRIORITY.free, removeOnComplete, removeOnFail, attempts, backoff };
}

/** A row for a new document; reading, or the summary, fills in the rest. */
function newRow(id: string, ownerId: string, premium: boolean): NewDocument {
  return {
    id,
    ownerId,
    title: 'Document',
    kind: 'text',
    pageCount: 0,
    charCount: 0,
    pages: [],
    textlessPages: [],
    ocrPages: [],
    sourceKey: null,
    fileName: null,
    readSteps: 0,
    readDone: [],
    premium,
    status: 'queued',
    progress: 0,
    chunks: 0,
    chunksDone: [],
    jobId: null,
  };
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
    @InjectQueue(Queues.mediaDocuments) private readonly readJobs: Queue,
  ) {
    this.flows = new FlowProducer(bullConnection(config));
    // a connection error (Redis gone, or closing at shutdown) is logged, never an unhandled event
    this.flows.on('error', (err) => this.logger.warn(`flow producer: ${err.message}`));
  }

  async onModuleDestroy() {
    await closeBull(this.flows);
  }

  /**
   * Accepts a document: pasted text is read at once; a file gets a first look (its kind, checked
   * against its claim; a PDF's page count), the plan's checks, then is read in steps by the
   * `media-documents` workers (any copy), which queue its summary once every page is read.
   */
  async create(req: RpcRequest<'media.documents.create'>): Promise<CreateSummaryReply> {
    if (req.text !== undefined) {
      const doc = await this.extraction.text(req.text);
      const premium = await this.checkPlan(req, { pages: doc.pages.length, chars: charCount(doc) });
      await this.consume(req.owner_id);
      return this.acceptRead(req.owner_id, premium, req.name, doc);
    }
    const { data, name, declaredType } = await this.file(req);
    const probe = await this.extraction.probe(data, { name, declaredType });
    // A Word, PowerPoint or text file is usually read in a moment: then at once, and the sender
    // hears of a file with nothing to read before a summary of the month is used.
    const doc = probe.kind === 'pdf' ? null : await this.extraction.quickRead(data, { name, declaredType });
    const premium = await this.checkPlan(req, doc ? { pages: doc.pages.length, chars: charCount(doc) } : { pages: probe.pages ?? 0, chars: 0 });
    await this.consume(req.owner_id);
    if (doc) return this.acceptRead(req.owner_id, premium, name, doc);
    const id = randomUUID();
    const sourceKey = `documents/${id}-source`;
    // what the steps read: an encrypted PDF decrypted once, here
    await this.storage.put(sourceKey, probe.decrypted ? Buffer.from(probe.decrypted) : data);
    const steps = planReadSteps(probe.pages, this.config.DOCUMENT_READ_STEP_PAGES);
    await this.documents.insert({
      ...newRow(id, req.owner_id, premium),
      title: clipText(probe.title ?? stripExtension(name) ?? 'Document', 200, true),
      kind: probe.kind,
      pageCount: probe.pages ?? 0,
      status: 'reading',
      sourceKey,
      fileName: name ?? null,
      readSteps: steps.length,
    });
    try {
      const opts = flowOptions(premium);
      const flow = await this.flows.add({
        name: Jobs.documentAssemble,
        queueName: Queues.mediaDocuments,
        data: { documentId: id, steps: steps.length, ownerId: req.owner_id },
        opts: { ...opts, jobId: id },
        children: steps.map((range, index) => ({
          name: Jobs.documentRead,
          queueName: Queues.mediaDocuments,
          data: { documentId: id, index, steps: steps.length, from: range.from, to: range.to, careful: probe.careful },
          opts: { ...opts, jobId: `${id}-read-${index}`, failParentOnFailure: true },
        })),
      });
      const jobId = publicJobId(Queues.mediaDocuments, flow.job.id!);
      await this.documents.setJobId(id, jobId);
      return { summary_id: id, job_id: jobId };
    } catch (err) {
      await this.documents.delete(id);
      await this.storage.delete(sourceKey).catch(() => undefined);
      await this.refund(req.owner_id, new Date());
      throw err;
    }
  }

  /** A document read while its sender waited: kept, and its summary queued. */
  private async acceptRead(ownerId: string, premium: boolean, name: string | undefined, doc: ExtractedDocument): Promise<CreateSummaryReply> {
    const id = randomUUID();
    const title = documentTitle(doc, name);
    await this.documents.insert({ ...newRow(id, ownerId, premium), title, kind: doc.kind, status: 'queued' });
    try {
      return { summary_id: id, job_id: await this.queueSummary(id, ownerId, premium, title, doc) };
    } catch (err) {
      await this.documents.delete(id);
      await this.refund(ownerId, new Date());
      throw err;
    }
  }

  /** Whether the owner has Premium; refuses a document longer than the free plan allows (what is known of it so far). */
  private async checkPlan(req: Pick<RpcRequest<'media.documents.create'>, 'owner_id' | 'scope'>, size: { pages: number; chars: number }): Promise<boolean> {
    const entitlements = await this.usage.entitlements({ owner_id: req.owner_id, scope: req.scope });
    const premium = Boolean(entitlements?.premium);
    if (!premium && this.overFreePlan(size)) throw new DomainError('DOCUMENT_TOO_LONG');
    return premium;
  }

  private overFreePlan(size: { pages: number; chars: number }): boolean {
    return size.pages > this.config.DOCUMENT_FREE_MAX_PAGES || size.chars > this.config.DOCUMENT_FREE_MAX_CHARS;
  }

  /** Keeps a read document's pages and queues its map-reduce summary (the ai workers take it); answers its public job id. */
  private async queueSummary(id: string, ownerId: string, premium: boolean, title: string, doc: ExtractedDocument): Promise<string> {
    const jobs = planMapJobs(planChunks(doc.pages, this.config.DOCUMENT_CHUNK_PAGES, this.config.DOCUMENT_CHUNK_CHARS), this.config.DOCUMENT_MAP_JOBS);
    await this.documents.setRead(id, {
      title,
      kind: doc.kind,
      pageCount: doc.pages.length,
      charCount: charCount(doc),
      pages: doc.pages,
      textlessPages: textlessPages(doc),
      ocrPages: doc.pages.filter((p) => p.ocr).map((p) => p.page),
      chunks: jobs.length,
    });
    this.metrics.documentPages.inc({ kind: doc.kind }, doc.pages.length);
    const opts = flowOptions(premium);
    const flow = await this.flows.add({
      name: Jobs.documentReduce,
      queueName: Queues.aiDocuments,
      data: { documentId: id, chunks: jobs.length, ownerId },
      opts: { ...opts, jobId: id },
      children: jobs.map((c, index) => ({
        name: Jobs.documentMap,
        queueName: Queues.aiDocuments,
        data: { documentId: id, index, chunks: jobs.length, from: c.from, to: c.to, parts: c.parts },
        opts: { ...opts, jobId: `${id}-${index}`, failParentOnFailure: true },
      })),
    });
    const jobId = publicJobId(Queues.aiDocuments, flow.job.id!);
    await this.documents.setJobId(id, jobId);
    return jobId;
  }

  /** The uploaded file's bytes; a file written by the gateway for this request is deleted once read. */
  private async file(req: RpcRequest<'media.documents.create'>): Promise<{ data: Buffer; name?: string; declaredType?: string }> {
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
      return { data: await this.storage.getBuffer(key), name, declaredType: req.declared_type };
    } finally {
      if (ownKey) await this.storage.delete(ownKey).catch(() => undefined);
    }
  }

  /**
   * One reading step of a document (a `document.read` job): its pages, with the step counted once
   * in the document's progress (pages read). Null when the document is gone or no longer reading.
   */
  async readStep(job: { documentId: string; index: number; from: number; to: number; careful?: boolean }): Promise<ReadStepResult | null> {
    const row = await this.documents.byId(job.documentId);
    if (!row || row.status !== 'reading' || !row.sourceKey) return null;
    const data = await this.storage.getBuffer(row.sourceKey);
    // A step's pages count in the progress as they are read: its pages with text first, then its scans (a second or more a page).
    const before = readProgress(row.pageCount, row.readSteps, row.readDone ?? []);
    const onPage = (pages: number) => {
      if (row.pageCount) void this.documents.setReadProgress(row.id, Math.min(99, before + (100 * pages) / row.pageCount)).catch(() => undefined);
    };
    const read = await this.extraction.read(data, row.kind, { from: job.from, to: job.to, careful: job.careful }, onPage);
    // Pages without a letter (scans) are read by OCR: child processes with their own time and
    // memory limits per page, so a scanned book is never refused for the time its pages take.
    const step =
      row.kind === 'pdf'
        ? { ...read, pages: (await readScannedPages({ kind: 'pdf', title: null, pages: read.pages }, data, this.extraction.options.limits.ocr, onPage)).pages }
        : read;
    const done = await this.documents.readStepDone(row.id, job.index);
    const progress = readProgress(row.pageCount, row.readSteps, done);
    await this.documents.setReadProgress(row.id, progress);
    return { index: job.index, progress, ...step };
  }

  /**
   * Puts a document's read steps together (the `document.assemble` job): cleaned pages, the plan's
   * length check, then its summary is queued and the file deleted. Null when there is nothing to do.
   */
  async assemble(documentId: string, results: ReadStepResult[]): Promise<string | null> {
    const row = await this.documents.byId(documentId);
    if (!row || !beingRead(row)) return null;
    const data = await this.storage.getBuffer(row.sourceKey);
    const steps = [...results].sort((a, b) => a.index - b.index);
    const doc = await this.extraction.finish(data, row.kind, steps);
    if (!row.premium && this.overFreePlan({ pages: doc.pages.length, chars: charCount(doc) })) throw new DomainError('DOCUMENT_TOO_LONG');
    const jobId = await this.queueSummary(row.id, row.ownerId, row.premium, documentTitle(doc, row.fileName ?? undefined), doc);
    await this.storage.delete(row.sourceKey).catch(() => undefined);
    await this.documents.clearSource(row.id);
    return jobId;
  }

  /**
   * Reading failed for good: the user reads why (a refusal's own words, which are written for
   * users; otherwise the catalogue's), and the file is deleted.
   */
  async readingFailed(documentId: string, error: string, refusal = false): Promise<void> {
    const row = await this.documents.byId(documentId);
    if (!row || !beingRead(row)) return;
    if (!(await this.documents.failReading(row.id, refusal ? error : jobFailureMessage(error, 'DOCUMENT_SUMMARY_FAILED')))) return;
    if (row.sourceKey) await this.storage.delete(row.sourceKey).catch(() => undefined);
    // nothing came of it: the summary of the month it used is given back
    await this.refund(row.ownerId, row.createdAt);
  }

  private async consume(ownerId: string) {
    const res = await this.rpc.send(Patterns.license.usageConsume, { subject: ownerId, kind: 'document_summary' });
    if (!res.allowed) throw new DomainError('MONTHLY_SUMMARIES_USED');
  }

  /** Gives back a use counted at `usedAt`; a failure to is logged (the use stays counted), never the caller's error. */
  private async refund(ownerId: string, usedAt: Date) {
    await this.rpc
      .send(Patterns.license.usageRefund, { subject: ownerId, kind: 'document_summary', used_at: usedAt.toISOString() })
      .catch((err: Error) => this.logger.warn(`document summary use of ${ownerId} not given back: ${err.message}`));
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
    // Reading steps run in media's queue, the summary in ai's; both flows' parents have the document's id.
    const queue = row.status === 'reading' ? this.readJobs : this.summaryJobs;
    // The job is read after its state: read before, a job failing in between has no reason yet.
    const state = await queue.getJobState(row.id).catch(() => null);
    if (state !== 'failed' && state !== 'unknown') return;
    const job = state === 'failed' ? await queue.getJob(row.id) : undefined;
    row.status = 'failed';
    row.error = jobFailureMessage(job ? await rootFailure(queue, job.failedReason, job) : null, 'DOCUMENT_SUMMARY_FAILED');
    await this.documents.fail(row.id, row.error);
    if (row.sourceKey) await this.storage.delete(row.sourceKey).catch(() => undefined);
  }

  async page(ownerId: string, id: string, page: number): Promise<DocumentPageView> {
    const row = await this.find(ownerId, id);
    if (!Number.isInteger(page) || page < 1 || page > row.pageCount) throw new DomainError('NOT_FOUND', 'Page not found');
    const [found] = await this.pageRange(id, page, page);
    return found;
  }

  /** Pages of a document for a map job; `started` marks its summary started (the first job to start sets the time). */
  async pages(documentId: string, from: number, to: number, started = false) {
    if (started) await this.documents.markStarted(documentId);
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
    const files = await this.documents.sourceKeysOf(ownerId);
    await this.documents.deleteOwnedBy(ownerId);
    await Promise.all(files.map((key) => this.storage.delete(key).catch(() => undefined)));
  }
}

/**
 * A document whose reading steps are still its business: being read, or read with its summary not
 * yet queued (a run that kept the pages but could not queue the summary is taken up again).
 */
function beingRead(row: DocumentRow): row is DocumentRow & { sourceKey: string } {
  return !!row.sourceKey && (row.status === 'reading' || (row.status === 'queued' && !row.jobId));
}

/** A document's title: its own, else its file's name, else its first heading or words. */
function documentTitle(doc: ExtractedDocument, fileName: string | undefined): string {
  return clipText(doc.title ?? stripExtension(fileName) ?? doc.pages.find((p) => p.title)?.title ?? firstWords(doc.pages), 200, true);
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
    ocr_pages: row.ocrPages ?? [],
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
