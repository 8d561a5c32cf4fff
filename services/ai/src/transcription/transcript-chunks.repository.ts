import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { TranscriptChunk } from './transcript-chunk.entity';

export type NewTranscriptChunk = Pick<TranscriptChunk, 'videoId' | 'index' | 'offset' | 'segments' | 'ownerId'>;

/** Every query on the texts of transcribed audio chunks, kept under (video, chunk index). */
@Injectable()
export class TranscriptChunksRepository {
  constructor(@InjectRepository(TranscriptChunk) private readonly chunks: Repository<TranscriptChunk>) {}

  has(videoId: string, index: number): Promise<boolean> {
    return this.chunks.existsBy({ videoId, index });
  }

  /** Writes a chunk's text; a chunk done again replaces its row. */
  async upsert(values: NewTranscriptChunk): Promise<void> {
    await this.chunks.upsert(values, ['videoId', 'index']);
  }

  countOf(videoId: string): Promise<number> {
    return this.chunks.countBy({ videoId });
  }

  /** A video's chunk texts in order. */
  ofVideo(videoId: string): Promise<TranscriptChunk[]> {
    return this.chunks.find({ where: { videoId }, order: { index: 'ASC' } });
  }

  /** Removes a video's chunk texts; how many went. */
  async deleteOfVideo(videoId: string): Promise<number> {
    const { affected } = await this.chunks.delete({ videoId });
    return affected ?? 0;
  }

  /** Removes chunk texts transcribed before `before`. */
  async deleteTranscribedBefore(before: Date): Promise<void> {
    await this.chunks.delete({ transcribedAt: LessThan(before) });
  }

  /** Removes an account's chunk texts; how many went. */
  async deleteOwnedBy(ownerId: string): Promise<number> {
    const { affected } = await this.chunks.delete({ ownerId });
    return affected ?? 0;
  }
}

export type TranscriptChunkStore = Pick<TranscriptChunksRepository, keyof TranscriptChunksRepository>;
