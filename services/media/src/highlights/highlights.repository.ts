import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DeepPartial, Repository } from 'typeorm';
import { Highlight } from './highlight.entity';

/** Every query on highlights. */
@Injectable()
export class HighlightsRepository {
  constructor(@InjectRepository(Highlight) private readonly highlights: Repository<Highlight>) {}

  /** A new, unsaved row. */
  draft(values: DeepPartial<Highlight>): Highlight {
    return this.highlights.create(values);
  }

  save(row: Highlight): Promise<Highlight> {
    return this.highlights.save(row);
  }

  ownedBy(id: string, ownerId: string): Promise<Highlight | null> {
    return this.highlights.findOneBy({ id, ownerId });
  }

  /** An owner's highlights on a video, in the order of the video. */
  ofVideo(videoId: string, ownerId: string): Promise<Highlight[]> {
    return this.highlights.find({ where: { videoId, ownerId }, order: { start: 'ASC', createdAt: 'ASC' } });
  }

  async delete(id: string, ownerId: string): Promise<void> {
    await this.highlights.delete({ id, ownerId });
  }
}

export type HighlightStore = Pick<HighlightsRepository, keyof HighlightsRepository>;
