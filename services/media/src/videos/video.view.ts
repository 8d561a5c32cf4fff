import { publicJobId, videoImportQueue, type VideoCard, type VideoView } from '@visualnotes/contracts';
import { tagView } from '../tags/tags.service';
import type { Video } from './video.entity';

/** A video in the library list. */
export function cardOf(v: Video): VideoCard {
  return {
    id: v.id,
    url: v.url,
    provider: v.provider,
    provider_id: v.providerId,
    title: v.title,
    channel: v.channel,
    duration: v.duration,
    thumbnail_url: v.thumbnailUrl,
    status: v.status,
    progress: v.progress,
    error: v.error,
    favorite: v.favorite,
    tags: (v.tags ?? []).map(tagView).sort((a, b) => a.name.localeCompare(b.name)),
    created_at: v.createdAt.toISOString(),
  };
}

/** A video with its transcript and summary. */
export function viewOf(v: Video): VideoView {
  return {
    ...cardOf(v),
    language: v.language,
    transcript_source: v.transcriptSource,
    transcript: v.transcript ?? [],
    summary: v.summary,
    summary_length: v.summaryLength ?? 'standard',
    summary_outdated: !!v.summaryOutdated,
    chapters: v.chapters ?? [],
    media_url: v.mediaKey ? `/api/videos/${v.id}/media` : null,
    file_id: v.uploadId,
    job_id: v.jobId ? publicJobId(videoImportQueue(v.jobId), v.jobId) : null,
  };
}
