import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { DocumentSummary } from '@visualnotes/contracts';
import type { Repository } from 'typeorm';
import { DocumentRow } from './document.entity';
import type { ExtractedPage } from './extract';

export type NewDocument = Omit<DocumentRow, 'createdAt' | 'startedAt' | 'completedAt' | 'summary' | 'error'>;

/** Every query on documents to summarize; their pages are kept as one jsonb array. */
@Injectable()
export class DocumentsRepository {
  constructor(@InjectRepository(DocumentRow) private readonly documents: Repository<DocumentRow>) {}

  async insert(values: NewDocument): Promise<void> {
    await this.documents.insert(values);
  }

  async setJobId(id: string, jobId: string): Promise<void> {
    await this.documents.update({ id }, { jobId });
  }

  byId(id: string): Promise<DocumentRow | null> {
    return this.documents.findOneBy({ id });
  }

  ownedBy(id: string, ownerId: string): Promise<DocumentRow | null> {
    return this.documents.findOneBy({ id, ownerId });
  }

  /** A user's newest documents, without their pages or summaries. */
  recent(ownerId: string, limit: number): Promise<DocumentRow[]> {
    return this.documents.find({
      select: { id: true, status: true, title: true, kind: true, pageCount: true, createdAt: true, jobId: true },
      where: { ownerId },
      order: { createdAt: 'DESC' },
      take: limit,
    });
  }

  /** Whether the document has headings of its own on any page. */
  async structured(id: string): Promise<boolean> {
    // jsonb functions over the pages array: SQL, as the query builder has no form for them
    const [row] = (await this.documents.query(
      `SELECT EXISTS (SELECT 1 FROM jsonb_array_elements(pages) e WHERE e ? 'headings' OR (e->>'title') IS NOT NULL) AS structured FROM media.documents WHERE id = $1`,
      [id],
    )) as { structured: boolean }[];
    return row?.structured ?? false;
  }

  /** Pages `from` to `to` (numbered from 1) of a document. */
  async pages(id: string, from: number, to: number): Promise<ExtractedPage[]> {
    const rows = (await this.documents.query(
      // by index, not by expanding the whole array: a chunk of a long book costs its own pages
      `SELECT d.pages -> (n - 1) AS page FROM media.documents d, generate_series($2::int, LEAST($3::int, jsonb_array_length(d.pages))) n
       WHERE d.id = $1 ORDER BY n`,
      [id, from, to],
    )) as { page: ExtractedPage }[];
    return rows.map((r) => r.page);
  }

  /** The summary has started: the time is kept (once) and a queued document is being summarized. */
  async markStarted(id: string): Promise<void> {
    await this.documents
      .createQueryBuilder()
      .update()
      .set({ startedAt: () => 'COALESCE(started_at, now())', status: () => `CASE WHEN status = 'queued' THEN 'summarizing' ELSE status END` })
      .where('id = :id', { id })
      .execute();
  }

  /**
   * Counts a finished chunk: the set of finished chunks (not a counter), so a chunk done twice
   * counts once; the progress only rises, up to 95. The new progress, or null for a completed
   * (or missing) document.
   */
  async chunkDone(id: string, index: number): Promise<number | null> {
    const rows = (await this.documents.query(
      `UPDATE media.documents SET
         chunks_done = ARRAY(SELECT DISTINCT x FROM unnest(chunks_done || $2::int) x ORDER BY x),
         progress = GREATEST(progress, LEAST(95, (95 * cardinality(ARRAY(SELECT DISTINCT x FROM unnest(chunks_done || $2::int) x))) / GREATEST(chunks, 1)))
       WHERE id = $1 AND status <> 'completed' RETURNING progress`,
      [id, index],
    )) as [{ progress: number }[], number] | { progress: number }[];
    // an UPDATE answers [rows, affected] through TypeORM's query()
    const list = Array.isArray(rows[0]) ? (rows[0] as { progress: number }[]) : (rows as { progress: number }[]);
    return list[0]?.progress ?? null;
  }

  /** A step of reading is done; answers the set of steps done so far (a step done twice counts once). */
  async readStepDone(id: string, index: number): Promise<number[]> {
    const rows = (await this.documents.query(
      `UPDATE media.documents SET read_done = ARRAY(SELECT DISTINCT x FROM unnest(read_done || $2::int) x ORDER BY x)
       WHERE id = $1 RETURNING read_done`,
      [id, index],
    )) as [{ read_done: number[] }[], number];
    return rows[0]?.[0]?.read_done ?? [];
  }

  /** Progress of reading only rises, and only while the document is being read. */
  async setReadProgress(id: string, progress: number): Promise<void> {
    await this.documents
      .createQueryBuilder()
      .update()
      .set({ progress: () => `GREATEST(progress, ${Math.floor(progress)})` })
      .where("id = :id AND status = 'reading'", { id })
      .execute();
  }

  /** The document is read: its pages are kept and its summary is queued. */
  async setRead(
    id: string,
    values: Pick<DocumentRow, 'title' | 'kind' | 'pageCount' | 'charCount' | 'pages' | 'textlessPages' | 'ocrPages' | 'chunks'>,
  ): Promise<void> {
    // No job id until the summary's job exists (`setJobId`): a look meanwhile finds no job to judge.
    await this.documents.update({ id }, { ...values, status: 'queued', progress: 0, jobId: null });
  }

  /** The file of a document that has been read is gone. */
  async clearSource(id: string): Promise<void> {
    await this.documents.update({ id }, { sourceKey: null });
  }

  /** The files still waiting to be read of an owner's documents. */
  async sourceKeysOf(ownerId: string): Promise<string[]> {
    const rows = await this.documents.find({ select: { id: true, sourceKey: true }, where: { ownerId } });
    return rows.map((r) => r.sourceKey).filter((k): k is string => !!k);
  }

  async complete(id: string, summary: DocumentSummary): Promise<void> {
    await this.documents.update({ id }, { status: 'completed', summary, progress: 100, error: null, completedAt: new Date() });
  }

  /** Fails a document still being read; false when it was not (another copy failed it first). */
  async failReading(id: string, error: string): Promise<boolean> {
    const res = await this.documents.update({ id, status: 'reading' }, { status: 'failed', error, completedAt: new Date() });
    return (res.affected ?? 0) > 0;
  }

  async fail(id: string, error: string): Promise<void> {
    await this.documents.update({ id }, { status: 'failed', error, completedAt: new Date() });
  }

  async delete(id: string): Promise<void> {
    await this.documents.delete({ id });
  }

  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.documents.delete({ ownerId });
  }
}
