import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Not, type DeepPartial, type Repository } from 'typeorm';
import type { SummaryLength } from '@visualnotes/contracts';
import { Video } from './video.entity';

/** Statuses after which a video's progress no longer moves. */
export const FINAL_STATUSES: readonly Video['status'][] = ['ready', 'failed'];

export interface VideoFilter {
  favorite?: boolean;
  /** A tag id (checked by the caller). */
  tag?: string;
  /** Words or a piece of text to find in titles and transcripts. */
  q?: string;
}

/** Every query on videos. */
@Injectable()
export class VideosRepository {
  constructor(@InjectRepository(Video) private readonly videos: Repository<Video>) {}

  /** A new, unsaved row. */
  draft(values: DeepPartial<Video>): Video {
    return this.videos.create(values);
  }

  save(row: Video): Promise<Video> {
    return this.videos.save(row);
  }

  /** A video with its tags. */
  withTags(id: string): Promise<Video | null> {
    return this.videos.findOne({ where: { id }, relations: { tags: true } });
  }

  byId(id: string): Promise<Video | null> {
    return this.videos.findOneBy({ id });
  }

  ownedBy(id: string, ownerId: string): Promise<Video | null> {
    return this.videos.findOneBy({ id, ownerId });
  }

  /** The owner's videos (not failed) of these YouTube ids or uploaded files, oldest first. */
  notFailedOf(
    ownerId: string,
    youtubeIds: string[],
    uploadIds: string[],
  ): Promise<Pick<Video, 'id' | 'providerId' | 'uploadId' | 'title' | 'status' | 'createdAt'>[]> {
    return this.videos.find({
      where: [
        ...(youtubeIds.length ? [{ ownerId, provider: 'youtube' as const, providerId: In(youtubeIds), status: Not('failed' as const) }] : []),
        ...(uploadIds.length ? [{ ownerId, uploadId: In(uploadIds), status: Not('failed' as const) }] : []),
      ],
      select: { id: true, providerId: true, uploadId: true, title: true, status: true, createdAt: true },
      order: { createdAt: 'ASC' },
    });
  }

  /** The owner's oldest video (not failed) of a YouTube id or of one of these uploaded files. */
  firstNotFailed(ownerId: string, of: { youtubeId: string } | { uploadIds: string[] }): Promise<Pick<Video, 'id' | 'title' | 'status'> | null> {
    const where = 'youtubeId' in of ? { ownerId, provider: 'youtube' as const, providerId: of.youtubeId } : { ownerId, uploadId: In(of.uploadIds) };
    return this.videos.findOne({
      where: { ...where, status: Not('failed' as const) },
      select: { id: true, title: true, status: true },
      order: { createdAt: 'ASC' },
    });
  }

  /** The owner's videos (not failed) made from their uploaded files with these content hashes, oldest first, with the hash. */
  ofContent(ownerId: string, hashes: string[]): Promise<{ id: string; title: string; status: Video['status']; upload_id: string; sha256: string }[]> {
    // a join with the uploads of the same schema, read as plain rows
    return this.videos.query(
      `SELECT v.id, v.title, v.status, v.upload_id, u.sha256
         FROM media.videos v JOIN media.uploads u ON u.id = v.upload_id
        WHERE v.owner_id = $1 AND u.owner_id = $1 AND v.status <> 'failed' AND u.sha256 = ANY($2)
        ORDER BY v.created_at`,
      [ownerId, hashes],
    );
  }

  /** An owner's videos, newest first (at most 500), without transcripts and summaries. */
  listOf(ownerId: string, filter: VideoFilter): Promise<Video[]> {
    const qb = this.videos
      .createQueryBuilder('v')
      .select([
        'v.id',
        'v.url',
        'v.provider',
        'v.providerId',
        'v.title',
        'v.channel',
        'v.duration',
        'v.thumbnailUrl',
        'v.status',
        'v.progress',
        'v.error',
        'v.favorite',
        'v.createdAt',
        'v.ownerId',
      ])
      .leftJoinAndSelect('v.tags', 't')
      .where('v.owner_id = :owner', { owner: ownerId })
      .orderBy('v.created_at', 'DESC')
      .limit(500);
    if (filter.favorite !== undefined) qb.andWhere('v.favorite = :fav', { fav: filter.favorite });
    if (filter.tag) qb.andWhere('EXISTS (SELECT 1 FROM "media"."video_tags" vt WHERE vt.video_id = v.id AND vt.tag_id = :tag)', { tag: filter.tag });
    const q = filter.q;
    if (q) {
      // Full-text match on words, without regard to accents or case (`media.fold_text`); the
      // substring match keeps scripts without spaces (Chinese) findable.
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`v.search @@ plainto_tsquery('simple', media.fold_text(:q))`, { q })
            .orWhere('media.fold_text(v.title) LIKE media.fold_text(:like)', { like })
            .orWhere('v.transcript_text ILIKE :like', { like }),
        ),
      );
    }
    return qb.getMany();
  }

  /** Keeps a video's transcript (its segments and their plain text) and its duration. */
  async setTranscript(id: string, t: Pick<Video, 'transcript' | 'transcriptText' | 'duration'>): Promise<void> {
    await this.videos.update({ id }, { transcript: t.transcript, transcriptText: t.transcriptText, duration: t.duration });
  }

  async setDuration(id: string, duration: number): Promise<void> {
    await this.videos.update({ id }, { duration });
  }

  /** A video's summary is in: the video is ready (and its summary says what the transcript says). */
  async markReady(id: string, summary: NonNullable<Video['summary']>): Promise<void> {
    await this.videos.update({ id }, { summary, status: 'ready', progress: 100, error: null, summaryOutdated: false });
  }

  async setChapters(id: string, chapters: Video['chapters']): Promise<void> {
    await this.videos.update({ id }, { chapters });
  }

  /**
   * One transcript line's text corrected, in one statement (two corrections at once both stay): the
   * searchable text follows, and a written summary is marked as not saying it yet. False when the
   * video has no such line.
   */
  async correctLine(id: string, index: number, text: string): Promise<boolean> {
    const corrected = `jsonb_set(transcript, ARRAY[$2::text, 'text'], to_jsonb($3::text))`;
    const [, affected] = (await this.videos.query(
      `UPDATE media.videos
          SET transcript = ${corrected},
              transcript_text = (SELECT coalesce(string_agg(e->>'text', E'\n' ORDER BY i), '') FROM jsonb_array_elements(${corrected}) WITH ORDINALITY AS x(e, i)),
              summary_outdated = summary IS NOT NULL,
              updated_at = now()
        WHERE id = $1 AND jsonb_typeof(transcript) = 'array' AND jsonb_array_length(transcript) > $2::int`,
      [id, index, text],
    )) as [unknown, number];
    return affected > 0;
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.videos.update({ id }, { status: 'failed', error });
  }

  /**
   * Starts summarizing a finished video again, in one conditional update: of two requests at the
   * same moment only one finds it finished. Whether this one did.
   */
  async startResummary(id: string, values: { summaryLength: SummaryLength; jobId: string }): Promise<boolean> {
    const result = await this.videos
      .createQueryBuilder()
      .update()
      .set({ ...values, status: 'summarizing', progress: 88, error: null })
      .where('id = :id AND status IN (:...final)', { id, final: FINAL_STATUSES })
      .execute();
    return !!result.affected;
  }

  /** Raises the progress (and sets the status) unless it is already there or the video is done; whether it changed. */
  async raiseProgress(id: string, progress: number, status?: Video['status']): Promise<boolean> {
    const result = await this.videos
      .createQueryBuilder()
      .update()
      .set({ progress, ...(status ? { status } : {}) })
      .where('id = :id AND progress < :progress AND status NOT IN (:...final)', { id, progress, final: FINAL_STATUSES })
      .execute();
    return !!result.affected;
  }

  async jobIdOf(id: string): Promise<string | null> {
    return (await this.videos.findOne({ where: { id }, select: { id: true, jobId: true } }))?.jobId ?? null;
  }

  async delete(id: string, ownerId: string): Promise<void> {
    await this.videos.delete({ id, ownerId });
  }

  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.videos.delete({ ownerId });
  }
}
