import { z } from 'zod';
import type { RequestSchemas } from './common';
import type { MediaRpc } from './media';
import { callerId, empty, idOf, isUuid, scope, uuid } from '../primitives';
import {
  correctTranscriptLineSchema,
  createHighlightSchema,
  createVideoSchema,
  regenerateSummarySchema,
  tagSchema,
  updateHighlightSchema,
  updateVideoSchema,
} from '../dto/videos';
import type { DocumentSummarySection } from '../dto/documents';
import { askSchema } from '../dto/ask';

const owner_id = callerId;
/** A visitor has no account: `null` (or nothing) instead of an id. */
const ownerOrVisitor = callerId.nullish().transform((id) => id ?? null);
const videoCaller = {
  owner_id: ownerOrVisitor,
  visitor_key: z.string().max(200).optional(),
  visitor_quota_key: z.string().max(200).optional(),
  scope,
};
const videoId = idOf('NOT_FOUND', 'Video not found');
const tagId = idOf('NOT_FOUND', 'Tag not found');
const highlightId = idOf('NOT_FOUND', 'Highlight not found');
const summaryId = idOf('NOT_FOUND', 'Summary not found');
const count = z.number().int().min(0);
const batchId = idOf('BATCH_NOT_FOUND');
const onBatch = z.object({ owner_id, id: batchId });
const section = z.custom<DocumentSummarySection>((v) => typeof v === 'object' && v !== null && typeof (v as DocumentSummarySection).title === 'string');

/** Request schemas of the media service, checked by the transport before a handler runs. */
export const MediaRequests: RequestSchemas<MediaRpc> = {
  'media.health': empty,
  // The batch's own rules (how many videos the plan allows, which links are videos) answer in the
  // service with their catalogue sentences; here only the shape is bounded.
  'media.batches.create': z.object({
    owner_id,
    scope,
    urls: z.array(z.string().max(2_000)).max(10_000).optional(),
    playlist_url: z.string().max(2_000).optional(),
    file_ids: z.array(uuid).max(10_000).optional(),
    language: z.string().max(20).optional(),
  }),
  'media.batches.list': z.object({ owner_id }),
  'media.batches.get': onBatch,
  'media.batches.retry': onBatch,
  'media.batches.cancel': onBatch,
  'media.uploads.get': z.object({ fileId: idOf('NOT_FOUND', 'File not found'), ownerId: ownerOrVisitor }),
  'media.uploads.register': z.object({
    fileId: uuid,
    ownerId: ownerOrVisitor,
    name: z.string().max(10_000),
    size: count,
    storageKey: z.string().min(1).max(500),
    declaredType: z.string().max(255).optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  'media.uploads.discard': z.object({ ownerId: owner_id, fileIds: z.array(uuid).max(10_000) }),
  'media.videos.create': createVideoSchema.safeExtend(videoCaller),
  'media.videos.list': z.object({ owner_id, favorite: z.boolean().optional(), tag: z.string().max(64).optional(), q: z.string().max(200).optional() }),
  'media.videos.get': z.object({ ...videoCaller, id: videoId }),
  'media.videos.update': z.object({ owner_id, id: videoId, ...updateVideoSchema.shape }),
  'media.videos.delete': z.object({ owner_id, id: videoId }),
  'media.videos.transcript': z.object({ video_id: videoId }),
  'media.videos.regenerate': z.object({ owner_id, id: videoId, ...regenerateSummarySchema.shape }),
  'media.videos.correct-line': z.object({
    owner_id,
    id: videoId,
    index: z.number({ error: 'Transcript line not found' }).int().min(0).max(1_000_000),
    ...correctTranscriptLineSchema.shape,
  }),
  'media.videos.progress': z.object({ video_id: uuid, done: count, total: count }),
  'media.tags.list': z.object({ owner_id }),
  'media.tags.create': z.object({ owner_id, name: tagSchema.shape.name }),
  'media.tags.update': z.object({ owner_id, id: tagId, name: tagSchema.shape.name }),
  'media.tags.delete': z.object({ owner_id, id: tagId }),
  'media.highlights.list': z.object({ owner_id, video_id: videoId }),
  'media.highlights.create': z.object({ owner_id, video_id: videoId, ...createHighlightSchema.shape }),
  'media.highlights.update': z.object({ owner_id, id: highlightId, ...updateHighlightSchema.shape }),
  'media.highlights.delete': z.object({ owner_id, id: highlightId }),
  'media.documents.create': z.object({
    owner_id,
    scope,
    /** `documents/<uuid>`: a key the gateway made, never one naming another file. */
    storage_key: z
      .string()
      .refine((key) => key.startsWith('documents/') && isUuid(key.slice(10)))
      .optional(),
    file_id: z.string().max(100).optional(),
    text: z.string().optional(),
    name: z.string().max(1000).optional(),
    declared_type: z.string().max(255).optional(),
  }),
  'media.documents.get': z.object({ owner_id, id: summaryId }),
  'media.documents.list': z.object({ owner_id }),
  'media.documents.page': z.object({ owner_id, id: summaryId, page: z.number() }),
  'media.documents.pages': z.object({ document_id: idOf('NOT_FOUND', 'Document not found'), from: count, to: count, started: z.boolean().optional() }),
  'media.documents.progress': z.object({ document_id: uuid, index: count, chunks: count, done: z.boolean() }),
  'media.documents.complete': z.object({ document_id: uuid, summary: z.object({ overview: z.string(), sections: z.array(section) }) }),
  'media.documents.fail': z.object({ document_id: uuid, error: z.string() }),
  'media.ask': z.object({
    owner_id,
    ...askSchema.shape,
    video_id: videoId.optional(),
    document_id: summaryId.optional(),
  }),
};
