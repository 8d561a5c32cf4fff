import type { ServiceName } from './services';

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
  /** Auth: outgoing e-mail, retried until the mail server takes it. */
  authMail: 'auth-mail',
  /**
   * Publish: `version.keep` keeps a version of a project's history once its saves pause (one
   * delayed job per project, pushed back by every save meanwhile).
   */
  publishVersions: 'publish-versions',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export const Jobs = {
  accountDeleted: 'account.deleted',
  videoImport: 'video.import',
  batchAdvance: 'batch.advance',
  batchSweep: 'batch.sweep',
  transcriptionChunk: 'transcription.chunk',
  transcriptionMerge: 'transcription.merge',
  transcriptionDiscard: 'transcription.discard',
  summaryVideo: 'summary.video',
  summaryMap: 'summary.map',
  documentMap: 'document.map',
  documentReduce: 'document.reduce',
  mailSend: 'mail.send',
  versionKeep: 'version.keep',
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
  /** Merges the chunks of a video in order; returns `TranscriptSegment[]`. */
  'transcription.merge': { videoId: string; chunks: number };
  /** Removes the chunk texts kept for a video (the video was deleted). */
  'transcription.discard': { videoId: string };
  /**
   * Summarizes a video's transcript (read from the media service); returns `Summary`. A long
   * transcript is mapped in `summary.map` children first; `step` and `parts` are internal.
   */
  'summary.video': { videoId: string; language?: string; step?: 'reduce'; parts?: number };
  /** Maps transcript lines `from`..`to` (0-based, `to` excluded) of a video; returns `VideoPartSummary` (ai). */
  'summary.map': { videoId: string; index: number; parts: number; from: number; to: number; language?: string };
  /** Summarizes pages `from`..`to` (1-based, inclusive) of a document; returns `DocumentChunkSummary`. */
  'document.map': { documentId: string; index: number; chunks: number; from: number; to: number; requestId?: string };
  /** Combines the chunk summaries (children values) into the document's summary and stores it. */
  'document.reduce': { documentId: string; chunks: number; requestId?: string } & JobOwner;
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
  'auth-mail': { owner: 'auth', jobs: ['mail.send'] },
  'publish-versions': { owner: 'publish', jobs: ['version.keep'] },
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
