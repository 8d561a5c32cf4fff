import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type HighlightView, type NewHighlight, type UpdateHighlightBody } from '@visualnotes/contracts';
import { Video } from '../videos/video.entity';
import { VideosRepository } from '../videos/videos.repository';
import { Highlight } from './highlight.entity';
import { HighlightsRepository, type HighlightStore } from './highlights.repository';

export const highlightView = (h: Highlight): HighlightView => ({
  id: h.id,
  video_id: h.videoId,
  start: h.start,
  title: h.title,
  content: h.content,
  created_at: h.createdAt.toISOString(),
  updated_at: h.updatedAt.toISOString(),
});

/** Timestamped notes on a user's own videos. */
@Injectable()
export class HighlightsService {
  constructor(
    @Inject(HighlightsRepository) private readonly highlights: HighlightStore,
    @Inject(VideosRepository) private readonly videos: Pick<VideosRepository, 'ownedBy'>,
  ) {}

  private async video(ownerId: string, videoId: string): Promise<Video> {
    const video = await this.videos.ownedBy(videoId, ownerId);
    if (!video) throw new DomainError('NOT_FOUND', 'Video not found');
    return video;
  }

  private async get(ownerId: string, id: string): Promise<Highlight> {
    const row = await this.highlights.ownedBy(id, ownerId);
    if (!row) throw new DomainError('NOT_FOUND', 'Highlight not found');
    return row;
  }

  async list(ownerId: string, videoId: string): Promise<HighlightView[]> {
    const video = await this.video(ownerId, videoId);
    return (await this.highlights.ofVideo(video.id, ownerId)).map(highlightView);
  }

  async create(ownerId: string, videoId: string, body: NewHighlight): Promise<HighlightView> {
    const video = await this.video(ownerId, videoId);
    const start = video.duration ? Math.min(body.start, video.duration) : body.start;
    const row = this.highlights.draft({ videoId: video.id, ownerId, start, title: body.title, content: body.content });
    return highlightView(await this.highlights.save(row));
  }

  async update(ownerId: string, id: string, body: UpdateHighlightBody): Promise<HighlightView> {
    const row = await this.get(ownerId, id);
    if (body.start !== undefined) row.start = body.start;
    if (body.title !== undefined) row.title = body.title;
    if (body.content !== undefined) row.content = body.content;
    return highlightView(await this.highlights.save(row));
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const row = await this.get(ownerId, id);
    await this.highlights.delete(row.id, ownerId);
  }
}
