import { z } from 'zod';
import type { ServiceName } from './services';
import { SUMMARY_LENGTHS, type SummaryLength } from './dto/videos';

/**
 * BullMQ queues, their jobs and payloads. Never rename a live queue or job: jobs already in Redis
 * would find no worker. Payloads carry ids, not documents.
 */
export const Queues = {
  /** Domain events that must reach a service even when it is down, one queue per receiver. */
  licenseEvents: 'license-events',
  mediaEvents: 'media-events',
  publishEvents: 'publish-events',
  aiEvents: 'ai-events',
  /** Media: one `video.import` job per video, the parent of its transcription flow and summary job. */
  mediaJobs: 'media-jobs',
  /**
   * Media: the `video.import` jobs of batch items, a lane of their own with its own workers, so a
   * large batch never holds the slots a single video someone waits for needs (see
   * {@link videoImportQueue}).
   */
  mediaJobsBatch: 'media-jobs-batch',
  /**
   * Media: batches. `batch.advance` hands a user's next pending batch items to the import path (a
   * few at a time per user); `batch.sweep` runs every few seconds and advances every running batch
   * (after a restart, or when a video's end was missed).
   */
  mediaBatches: 'media-batches',
  /** AI: one job per audio chunk, and the merge job (parent of the chunks, BullMQ flow). */
  aiTranscription: 'ai-transcription',
  /** AI: video summaries; a long transcript is mapped in parallel child jobs under its summary job (BullMQ flow). */
  aiSummaries: 'ai-summaries',
  /** AI: document summaries; one map job per chunk of pages, their parent reduces (BullMQ flow). */
  aiDocuments: 'ai-documents',
  /**
   * Media: reading documents to summarize. A file is read in `document.read` steps (a range of a
   * PDF's pages, or a whole smaller file) on any media copy; their parent `document.assemble` puts
   * the pages together, cleans them and hands the document to `ai-documents`.
   */
  mediaDocuments: 'media-documents',
  /** Media: `ask.embed` gives the passages questions are answered from their vectors (embeddings endpoint configured). */
  mediaAsk: 'media-ask',
  /** Auth: outgoing e-mail, retried until the mail server takes it. */
  authMail: 'auth-mail',
  /**
   * Publish: `version.keep` keeps a version of a project's history once its saves pause (one
   * delayed job per project, pushed back by every save meanwhile).
   */
  publishVersions: 'publish-versions',
  /**
   * Publish: `export.render` renders a board to PDF, PowerPoint or ZIP in an export worker thread;
   * `export.sweep` (every `EXPORT_SWEEP_MS`) removes exports older than `EXPORT_KEEP_HOURS` with their files.
   */
  publishExports: 'publish-exports',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export const Jobs = {
  accountDeleted: 'account.deleted',
  videoImport: 'video.import',
  batchAdvance: 'batch.advance',
  batchSweep: 'batch.sweep',
  askEmbed: 'ask.embed',
  transcriptionChunk: 'transcription.chunk',
  transcriptionMerge: 'transcription.merge',
  transcriptionDiscard: 'transcription.discard',
  summaryVideo: 'summary.video',
  summaryMap: 'summary.map',
  documentMap: 'document.map',
  documentReduce: 'document.reduce',
  documentRead: 'document.read',
  documentAssemble: 'document.assemble',
  mailSend: 'mail.send',
  versionKeep: 'version.keep',
  exportRender: 'export.render',
  exportSweep: 'export.sweep',
} as const;
export type JobName = (typeof Jobs)[keyof typeof Jobs];

/**
 * Who may follow a job at `/api/jobs/:id`: a signed-in user (`ownerId`) or a visitor
 * (`visitorKey`, as in `VideoCaller`). A job without either is shown to no one.
 */
export interface JobOwner {
  ownerId?: string | null;
  visitorKey?: string | null;
}

/**
 * How audio chunks travel to the speech-to-text endpoint: the file name's extension and content
 * type an OpenAI-compatible `/audio/transcriptions` endpoint recognizes them by.
 */
export const AsrAudioFormats = {
  opus: { ext: 'ogg', contentType: 'audio/ogg' },
  flac: { ext: 'flac', contentType: 'audio/flac' },
  wav: { ext: 'wav', contentType: 'audio/wav' },
} as const;
export type AsrAudioFormat = keyof typeof AsrAudioFormats;

/**
 * BullMQ priorities (lower runs first): Premium work is taken before free work, and a video of a
 * batch just after a single video of the same plan, so a large batch never holds up someone's
 * single video (batches are also handed to the queues only a few videos per user at a time).
 */
export const JobPriority = { premium: 1, free: 10 } as const;
export function jobPriority(premium: boolean | undefined, batch?: boolean): number {
  return (premium ? JobPriority.premium : JobPriority.free) + (batch ? 1 : 0);
}

/** Job ids of batch items' `video.import` jobs start with this: their queue is `media-jobs-batch`. */
const BATCH_IMPORT_PREFIX = 'batch-';
/** A new `video.import` job id; a batch item's names its lane. */
export function videoImportJobId(uuid: string, batch?: boolean): string {
  return batch ? `${BATCH_IMPORT_PREFIX}${uuid}` : uuid;
}
/** The queue of a video's `video.import` job, from its id (ids made before batch lanes existed name `media-jobs`). */
export function videoImportQueue(jobId: string): typeof Queues.mediaJobs | typeof Queues.mediaJobsBatch {
  return jobId.startsWith(BATCH_IMPORT_PREFIX) ? Queues.mediaJobsBatch : Queues.mediaJobs;
}

/** One chunk of a document's pages a `document.map` job summarizes: chunk `index` of the document, pages `from`..`to`. */
export interface DocumentMapPart {
  index: number;
  from: number;
  to: number;
}

export interface JobPayloads {
  'account.deleted': { userId: string; requestId?: string };
  /** Processes one video step by step (transcribe if needed, then summarize); `step` is internal. */
  'video.import': {
    videoId: string;
    step?: 'start' | 'transcribed' | 'summarized';
    chunks?: number;
    /** Encoding of the stored audio chunks (absent: wav). */
    chunkFormat?: AsrAudioFormat;
    /** The owner had Premium when importing: its transcription and summary jobs go first. */
    premium?: boolean;
    /** Part of a batch: its jobs go just after single videos of the same plan. */
    batch?: boolean;
    /** The summary's length (absent: standard); a regenerated summary sets it. */
    length?: SummaryLength;
    requestId?: string;
  } & JobOwner;
  /** Transcribes one audio chunk (storage key) whose first sample is at `offset` seconds of the video. */
  'transcription.chunk': {
    videoId: string;
    index: number;
    chunks: number;
    storageKey: string;
    offset: number;
    duration: number;
    language?: string;
    ownerId?: string | null;
    /** Encoding of the chunk file (absent: wav). */
    format?: AsrAudioFormat;
  };
  /** Hands the owner's next pending batch items to the import path, up to the per-user limit. */
  'batch.advance': { ownerId: string; requestId?: string };
  /** Advances every running batch (repeated by a BullMQ job scheduler). */
  'batch.sweep': Record<string, never>;
  /** Embeds passages that have no vector yet, a few hundred at a time (repeated by a BullMQ job scheduler). */
  'ask.embed': Record<string, never>;
  /** Merges the chunks of a video in order; returns `TranscriptSegment[]`. */
  'transcription.merge': { videoId: string; chunks: number };
  /** Removes the chunk texts kept for a video (the video was deleted). */
  'transcription.discard': { videoId: string };
  /**
   * Summarizes a video's transcript (read from the media service); returns `Summary`. A long
   * transcript is mapped in `summary.map` children first; `step` and `parts` are internal.
   */
  'summary.video': { videoId: string; language?: string; length?: SummaryLength; step?: 'reduce'; parts?: number };
  /** Maps transcript lines `from`..`to` (0-based, `to` excluded) of a video; returns `VideoPartSummary` (ai). */
  'summary.map': { videoId: string; index: number; parts: number; from: number; to: number; language?: string; length?: SummaryLength };
  /**
   * Summarizes pages `from`..`to` (1-based, inclusive) of a document, job `index` of `chunks`. With
   * `parts`, the job summarizes those chunks (ranges within `from`..`to`, in order) one after
   * another and returns `{ index, parts: DocumentChunkSummary[] }`; without, the range is one chunk
   * and it returns a `DocumentChunkSummary`.
   */
  'document.map': { documentId: string; index: number; chunks: number; from: number; to: number; parts?: DocumentMapPart[]; requestId?: string };
  /** Combines the chunk summaries (children values) of `chunks` map jobs into the document's summary and stores it. */
  'document.reduce': { documentId: string; chunks: number; requestId?: string } & JobOwner;
  /**
   * Reads step `index` of `steps` of a document's file: PDF pages `from`..`to` (1-based, inclusive),
   * or the whole file when the kind is read in one step; returns the pages (media). `careful`: the
   * first look found the PDF needs pdf.js on every page (absent: the step looks itself).
   */
  'document.read': { documentId: string; index: number; steps: number; from: number; to: number; careful?: boolean; requestId?: string };
  /** Puts the read steps (children values) together into the document's pages and queues its summary. */
  'document.assemble': { documentId: string; steps: number; requestId?: string } & JobOwner;
  /**
   * Sends one rendered e-mail. The one exception to "ids, not documents": the message is rendered
   * when its token is issued, so it carries the link or code; the job is deleted once sent.
   * `linkOrCode` is printed to the log when no mail server is configured.
   */
  'mail.send': { to: string; subject: string; text: string; html: string; linkOrCode?: string; requestId?: string };
  /**
   * Keeps the project's scene as it is when the job runs (its saves have paused), if a version is
   * due. `since`: when the saves without a pause began (epoch ms), carried from job to job.
   */
  'version.keep': { projectId: string; authorId: string; since: number };
  /** Renders export `exportId` (a row of the publish service holding the project, format and options). */
  'export.render': { exportId: string; requestId?: string };
  /** Removes exports that ended more than `EXPORT_KEEP_HOURS` ago, and their files. */
  'export.sweep': Record<string, never>;
}

// Payloads as they are checked when a worker takes a job (ai workers run on other machines and
// across rolling deploys). Loose objects: a field a newer producer added passes through an older
// worker. Ids are strings, not UUIDs only: a check here must never refuse a job the handler can run.
const id = z.string().min(1).max(200);
const count = z.number().int().min(0);
const requestId = z.string().optional();
const owner = { ownerId: z.string().nullish(), visitorKey: z.string().nullish() };
const summaryLength = z.enum(SUMMARY_LENGTHS).optional();
const asrFormat = z.enum(Object.keys(AsrAudioFormats) as [AsrAudioFormat, ...AsrAudioFormat[]]).optional();

/**
 * The payload schema of every job, one line each; the compiler asks for a line for every job in
 * `Jobs` and checks it against `JobPayloads`. `JobProcessor` checks each job against it before
 * its handler runs: a malformed job fails at once with the reason, without retries.
 */
export const JobPayloadSchemas: { [K in JobName]: z.ZodType<JobPayloads[K]> } = {
  'account.deleted': z.looseObject({ userId: id, requestId }),
  'video.import': z.looseObject({
    videoId: id,
    step: z.enum(['start', 'transcribed', 'summarized']).optional(),
    chunks: count.optional(),
    chunkFormat: asrFormat,
    premium: z.boolean().optional(),
    batch: z.boolean().optional(),
    length: summaryLength,
    requestId,
    ...owner,
  }),
  'transcription.chunk': z.looseObject({
    videoId: id,
    index: count,
    chunks: count,
    storageKey: z.string().min(1),
    offset: z.number().min(0),
    duration: z.number().min(0),
    language: z.string().optional(),
    ownerId: z.string().nullish(),
    format: asrFormat,
  }),
  'batch.advance': z.looseObject({ ownerId: id, requestId }),
  'batch.sweep': z.object({}),
  'ask.embed': z.object({}),
  'transcription.merge': z.looseObject({ videoId: id, chunks: count }),
  'transcription.discard': z.looseObject({ videoId: id }),
  'summary.video': z.looseObject({
    videoId: id,
    language: z.string().optional(),
    length: summaryLength,
    step: z.literal('reduce').optional(),
    parts: count.optional(),
  }),
  'summary.map': z.looseObject({ videoId: id, index: count, parts: count, from: count, to: count, language: z.string().optional(), length: summaryLength }),
  'document.map': z.looseObject({
    documentId: id,
    index: count,
    chunks: count,
    from: count,
    to: count,
    parts: z
      .array(z.object({ index: count, from: count, to: count }))
      .min(1)
      .optional(),
    requestId,
  }),
  'document.reduce': z.looseObject({ documentId: id, chunks: count, requestId, ...owner }),
  'document.read': z.looseObject({ documentId: id, index: count, steps: count, from: count, to: count, careful: z.boolean().optional(), requestId }),
  'document.assemble': z.looseObject({ documentId: id, steps: count, requestId, ...owner }),
  'mail.send': z.looseObject({ to: z.string().min(1), subject: z.string(), text: z.string(), html: z.string(), linkOrCode: z.string().optional(), requestId }),
  'version.keep': z.looseObject({ projectId: id, authorId: id, since: z.number() }),
  'export.render': z.looseObject({ exportId: id, requestId }),
  'export.sweep': z.object({}),
};

/**
 * Why `data` is not a valid payload of job `name`, in one line naming the field
 * (`videoId: expected string`), or null when it is. A job name without a schema is not checked.
 */
export function jobPayloadProblem(name: string, data: unknown): string | null {
  const schema = (JobPayloadSchemas as Record<string, z.ZodType | undefined>)[name];
  if (!schema) return null;
  const result = schema.safeParse(data);
  if (result.success) return null;
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'payload'}: ${issue.message}`)
    .join('; ');
}

/** Which service consumes each queue and which jobs it must handle there. */
export const QueueOwners = {
  'license-events': { owner: 'license', jobs: ['account.deleted'] },
  'media-events': { owner: 'media', jobs: ['account.deleted'] },
  'publish-events': { owner: 'publish', jobs: ['account.deleted'] },
  'ai-events': { owner: 'ai', jobs: ['account.deleted'] },
  'media-jobs': { owner: 'media', jobs: ['video.import'] },
  'media-jobs-batch': { owner: 'media', jobs: ['video.import'] },
  'media-batches': { owner: 'media', jobs: ['batch.advance', 'batch.sweep'] },
  'ai-transcription': { owner: 'ai', jobs: ['transcription.chunk', 'transcription.merge', 'transcription.discard'] },
  'ai-summaries': { owner: 'ai', jobs: ['summary.video', 'summary.map'] },
  'ai-documents': { owner: 'ai', jobs: ['document.map', 'document.reduce'] },
  'media-documents': { owner: 'media', jobs: ['document.read', 'document.assemble'] },
  'media-ask': { owner: 'media', jobs: ['ask.embed'] },
  'auth-mail': { owner: 'auth', jobs: ['mail.send'] },
  'publish-versions': { owner: 'publish', jobs: ['version.keep'] },
  'publish-exports': { owner: 'publish', jobs: ['export.render', 'export.sweep'] },
} as const satisfies Record<QueueName, { owner: ServiceName; jobs: readonly JobName[] }>;

export function queuesOwnedBy(service: ServiceName): QueueName[] {
  return (Object.keys(QueueOwners) as QueueName[]).filter((q) => QueueOwners[q].owner === service);
}

/** Public job ids name their queue so the gateway can find the job: `<queue>:<bullmq id>`. */
export function publicJobId(queue: QueueName, id: string): string {
  return `${queue}:${id}`;
}
export function parsePublicJobId(value: string): { queue: QueueName; id: string } | null {
  const at = value.indexOf(':');
  if (at <= 0) return null;
  const queue = value.slice(0, at) as QueueName;
  if (!(queue in QueueOwners)) return null;
  const id = value.slice(at + 1);
  return id ? { queue, id } : null;
}

export type JobState = 'queued' | 'active' | 'completed' | 'failed';
export interface JobStatus {
  id: string;
  state: JobState;
  progress: number;
  error?: string;
}
