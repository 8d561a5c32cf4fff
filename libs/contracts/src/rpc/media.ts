import type { HealthReply } from './common';
import type {
  CreateVideoBody,
  CreateVideoReply,
  HighlightView,
  NewHighlight,
  TagView,
  TranscriptSegment,
  UpdateHighlightBody,
  UpdateVideoBody,
  SummaryLength,
  VideoChapter,
  VideoCard,
  VideoView,
} from '../dto/videos';
import type { BatchSummaryView, BatchView } from '../dto/batches';
import type { AskReply } from '../dto/ask';
import type { CreateSummaryReply, DocumentKind, DocumentPageView, DocumentSummary, DocumentSummaryItem, DocumentSummaryView } from '../dto/documents';

/**
 * Who calls: a signed-in user (`owner_id`, with token `scope`) or a visitor (`owner_id` null and
 * `visitor_key`, a hash of the fingerprint header and address made by the gateway, which tells
 * apart the visitors behind one address). A visitor's allowance is counted on `visitor_quota_key`,
 * made from the address alone: a client that changes its headers keeps its count.
 */
export interface VideoCaller {
  owner_id: string | null;
  visitor_key?: string;
  visitor_quota_key?: string;
  scope?: unknown;
}

/** A file uploaded through `POST /api/uploads`, kept in storage under `storage_key`. */
export interface UploadedFile {
  file_id: string;
  name: string;
  size: number;
  content_type: string;
  storage_key: string;
  owner_id: string | null;
  created_at: string;
}

/** RPC patterns answered by the media service. */
export const MediaPatterns = {
  health: 'media.health',
  uploadGet: 'media.uploads.get',
  uploadRegister: 'media.uploads.register',
  uploadDiscard: 'media.uploads.discard',
  videosCreate: 'media.videos.create',
  videosList: 'media.videos.list',
  videosGet: 'media.videos.get',
  videosUpdate: 'media.videos.update',
  videosDelete: 'media.videos.delete',
  /** For the ai service: the transcript to summarize. */
  videosTranscript: 'media.videos.transcript',
  /** For the ai service: transcription progress of a video (chunks done). */
  videosProgress: 'media.videos.progress',
  /** The summary written again from the transcript as it is now, at a length (owner only). */
  videosRegenerate: 'media.videos.regenerate',
  /** A transcript line's text corrected by its owner. */
  videosCorrectLine: 'media.videos.correct-line',
  tagsList: 'media.tags.list',
  tagsCreate: 'media.tags.create',
  tagsUpdate: 'media.tags.update',
  tagsDelete: 'media.tags.delete',
  highlightsList: 'media.highlights.list',
  highlightsCreate: 'media.highlights.create',
  highlightsUpdate: 'media.highlights.update',
  highlightsDelete: 'media.highlights.delete',
  /** Batches: create from links, a playlist or uploaded files; read, retry failed items, cancel. */
  batchesCreate: 'media.batches.create',
  batchesList: 'media.batches.list',
  batchesGet: 'media.batches.get',
  batchesRetry: 'media.batches.retry',
  batchesCancel: 'media.batches.cancel',
  /** Document summaries: extract a file or pasted text, check the plan, queue the summary. */
  documentsCreate: 'media.documents.create',
  documentsGet: 'media.documents.get',
  documentsList: 'media.documents.list',
  documentsPage: 'media.documents.page',
  /** For the ai service: the pages to summarize, progress of the map jobs, the result. */
  documentsPages: 'media.documents.pages',
  documentsProgress: 'media.documents.progress',
  documentsComplete: 'media.documents.complete',
  documentsFail: 'media.documents.fail',
  /** Ask: a question answered from a video, a document or the whole library of the caller. */
  ask: 'media.ask',
} as const;

export interface MediaRpc {
  'media.health': { req: Record<string, never>; res: HealthReply };
  /** The file if `ownerId` owns it (visitor uploads have owner null and match only ownerId null). */
  'media.uploads.get': { req: { fileId: string; ownerId: string | null }; res: UploadedFile };
  /**
   * Records a file the gateway has just written to storage. The media service checks its real
   * type from its content and deletes it (and answers 415) when it is not a type we accept.
   */
  'media.uploads.register': {
    req: { fileId: string; ownerId: string | null; name: string; size: number; storageKey: string; declaredType?: string; sha256?: string };
    res: UploadedFile;
  };
  /**
   * Removes files the gateway has just stored for a request that was then refused (or that duplicate
   * another file); a file a video or batch uses stays.
   */
  'media.uploads.discard': { req: { ownerId: string; fileIds: string[] }; res: { removed: number } };
  'media.videos.create': { req: VideoCaller & CreateVideoBody; res: CreateVideoReply };
  'media.videos.list': { req: { owner_id: string; favorite?: boolean; tag?: string; q?: string }; res: VideoCard[] };
  'media.videos.get': { req: VideoCaller & { id: string }; res: VideoView };
  'media.videos.update': { req: { owner_id: string; id: string } & UpdateVideoBody; res: VideoView };
  'media.videos.delete': { req: { owner_id: string; id: string }; res: { ok: true } };
  'media.videos.transcript': {
    req: { video_id: string };
    res: { title: string; language: string | null; segments: TranscriptSegment[]; chapters?: VideoChapter[]; length?: SummaryLength };
  };
  'media.videos.regenerate': { req: { owner_id: string; id: string; length?: SummaryLength }; res: CreateVideoReply };
  'media.videos.correct-line': { req: { owner_id: string; id: string; index: number; text: string }; res: VideoView };
  'media.videos.progress': { req: { video_id: string; done: number; total: number }; res: { ok: true } };
  'media.tags.list': { req: { owner_id: string }; res: TagView[] };
  'media.tags.create': { req: { owner_id: string; name: string }; res: TagView };
  'media.tags.update': { req: { owner_id: string; id: string; name: string }; res: TagView };
  'media.tags.delete': { req: { owner_id: string; id: string }; res: { ok: true } };
  'media.highlights.list': { req: { owner_id: string; video_id: string }; res: HighlightView[] };
  'media.highlights.create': { req: { owner_id: string; video_id: string } & NewHighlight; res: HighlightView };
  'media.highlights.update': { req: { owner_id: string; id: string } & UpdateHighlightBody; res: HighlightView };
  'media.highlights.delete': { req: { owner_id: string; id: string }; res: { ok: true } };
  /** Exactly one of `urls`, `playlist_url`, `file_ids` (files uploaded through the gateway). */
  'media.batches.create': {
    req: { owner_id: string; scope?: unknown; urls?: string[]; playlist_url?: string; file_ids?: string[]; language?: string };
    res: BatchView;
  };
  'media.batches.list': { req: { owner_id: string }; res: BatchSummaryView[] };
  'media.batches.get': { req: { owner_id: string; id: string }; res: BatchView };
  'media.batches.retry': { req: { owner_id: string; id: string }; res: BatchView };
  'media.batches.cancel': { req: { owner_id: string; id: string }; res: BatchView };
  'media.documents.create': {
    req: {
      owner_id: string;
      scope?: unknown;
      /** A file the gateway has just written to storage (deleted by media once read). */
      storage_key?: string;
      /** Or a file uploaded before through `POST /api/uploads`. */
      file_id?: string;
      /** Or pasted text. */
      text?: string;
      name?: string;
      declared_type?: string;
    };
    res: CreateSummaryReply;
  };
  'media.documents.get': { req: { owner_id: string; id: string }; res: DocumentSummaryView };
  'media.documents.list': { req: { owner_id: string }; res: { items: DocumentSummaryItem[] } };
  'media.documents.page': { req: { owner_id: string; id: string; page: number }; res: DocumentPageView };
  /** `structured`: the document has headings of its own (a range without any goes on under the last one). */
  /** `started`: a map job asks for its pages as it starts (marks the summary started, as `progress` with `done: false` does). */
  'media.documents.pages': {
    req: { document_id: string; from: number; to: number; started?: boolean };
    res: { title: string; kind: DocumentKind; pages: DocumentPageView[]; structured: boolean };
  };
  /** `done: false` when a map job starts (marks the summary started), true when it has finished. */
  'media.documents.progress': { req: { document_id: string; index: number; chunks: number; done: boolean }; res: { progress: number } };
  'media.documents.complete': { req: { document_id: string; summary: DocumentSummary }; res: { ok: true } };
  'media.documents.fail': { req: { document_id: string; error: string }; res: { ok: true } };
  /** At most one of `video_id`, `document_id` (neither: the library, optionally one `tag`'s videos). */
  'media.ask': {
    req: { owner_id: string; question: string; conversation_id?: string; video_id?: string; document_id?: string; tag?: string };
    res: AskReply;
  };
}
