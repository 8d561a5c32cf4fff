import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  createHighlightSchema,
  DomainError,
  updateHighlightSchema,
  type CreateHighlightBody,
  type HighlightView,
  type UpdateHighlightBody,
} from '@visualnotes/contracts';
import type { Repository } from 'typeorm';
import { Video } from '../videos/video.entity';
import { Highlight } from './highlight.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    @InjectRepository(Highlight) private readonly highlights: Repository<Highlight>,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
  ) {}

  private async video(ownerId: string, videoId: string): Promise<Video> {
    const video = UUID.test(videoId) ? await this.videos.findOneBy({ id: videoId, ownerId }) : null;
    if (!video) throw new DomainError('NOT_FOUND', 'Video not found');
    return video;
  }

  private async get(ownerId: string, id: string): Promise<Highlight> {
    const row = UUID.test(id) ? await this.highlights.findOneBy({ id, ownerId }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'Highlight not found');
    return row;
  }

  async list(ownerId: string, videoId: string): Promise<HighlightView[]> {
    const video = await this.video(ownerId, videoId);
    return (await this.highlights.find({ where: { videoId: video.id, ownerId }, order: { start: 'ASC', createdAt: 'ASC' } })).map(highlightView);
  }

  async create(ownerId: string, videoId: string, body: CreateHighlightBody): Promise<HighlightView> {
    const video = await this.video(ownerId, videoId);
    const parsed = createHighlightSchema.safeParse(body);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
    const start = video.duration ? Math.min(parsed.data.start, video.duration) : parsed.data.start;
    const row = this.highlights.create({ videoId: video.id, ownerId, start, title: parsed.data.title, content: parsed.data.content });
    return highlightView(await this.highlights.save(row));
  }

  async update(ownerId: string, id: string, body: UpdateHighlightBody): Promise<HighlightView> {
    const row = await this.get(ownerId, id);
    const parsed = updateHighlightSchema.safeParse(body);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
    if (parsed.data.start !== undefined) row.start = parsed.data.start;
    if (parsed.data.title !== undefined) row.title = parsed.data.title;
    if (parsed.data.content !== undefined) row.content = parsed.data.content;
    return highlightView(await this.highlights.save(row));
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const row = await this.get(ownerId, id);
    await this.highlights.delete({ id: row.id, ownerId });
  }
}
