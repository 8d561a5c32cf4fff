import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, LessThan, MoreThanOrEqual, type DataSource, type Repository } from 'typeorm';
import { ExportRecord } from './export.entity';

/** Export rows: created queued, moved along by the export worker. */
@Injectable()
export class ExportsRepository {
  private readonly rows: Repository<ExportRecord>;

  constructor(@InjectDataSource() private readonly data: DataSource) {
    this.rows = data.getRepository(ExportRecord);
  }

  create(row: Pick<ExportRecord, 'projectId' | 'requestedBy' | 'format' | 'options'> & Partial<Pick<ExportRecord, 'publicId'>>): Promise<ExportRecord> {
    return this.rows.save(this.rows.create({ ...row, status: 'queued', progress: 0 }));
  }

  /**
   * The newest visitors' export of a publication made since it was (last) published, when `reuse`
   * takes it; otherwise a new one (`created`). One caller at a time per publication (a lock held to
   * the end of the transaction, on every copy), so visitors who ask together share one export.
   */
  sharedPublished(
    row: Pick<ExportRecord, 'projectId' | 'requestedBy' | 'format' | 'options'> & { publicId: string },
    since: Date,
    reuse: (made: ExportRecord) => boolean,
  ): Promise<{ row: ExportRecord; created: boolean }> {
    return this.data.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`published-export:${row.publicId}`]);
      const rows = tx.getRepository(ExportRecord);
      const made = await rows.findOne({ where: { publicId: row.publicId, createdAt: MoreThanOrEqual(since) }, order: { createdAt: 'DESC' } });
      if (made && reuse(made)) return { row: made, created: false };
      return { row: await rows.save(rows.create({ ...row, status: 'queued', progress: 0 })), created: true };
    });
  }

  find(id: string): Promise<ExportRecord | null> {
    return this.rows.findOneBy({ id });
  }

  async update(
    id: string,
    change: Partial<Pick<ExportRecord, 'status' | 'progress' | 'error' | 'pages' | 'storageKey' | 'fileName' | 'finishedAt'>>,
  ): Promise<void> {
    await this.rows.update({ id }, change);
  }

  /** The progress of a running export (one that has ended keeps its own). */
  async progress(id: string, progress: number): Promise<void> {
    await this.rows.update({ id, status: 'running' }, { progress });
  }

  /** Up to `limit` exports that ended (completed or failed) before `before`, oldest first. */
  endedBefore(before: Date, limit: number): Promise<ExportRecord[]> {
    return this.rows.find({ where: { finishedAt: LessThan(before) }, order: { finishedAt: 'ASC' }, take: limit });
  }

  async removeAll(ids: string[]): Promise<void> {
    if (ids.length) await this.rows.delete({ id: In(ids) });
  }

  async remove(id: string): Promise<void> {
    await this.rows.delete({ id });
  }
}
