import type { DocumentKind, DocumentSummary, DocumentSummaryStatus } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ExtractedPage } from './extract';

/** A document to summarize: its extracted pages and the state of its summary (one row per request). */
@Entity({ name: 'documents' })
export class DocumentRow {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;

  @Column('text')
  title!: string;

  @Column('text')
  kind!: DocumentKind;

  @Column('integer', { name: 'page_count' })
  pageCount!: number;

  @Column('integer', { name: 'char_count' })
  charCount!: number;

  @Column('jsonb', { select: false })
  pages!: ExtractedPage[];

  /** Pages (PDF) or slides (PPTX) without a letter of text: scanned pages, picture-only slides. */
  @Column('integer', { array: true, name: 'textless_pages' })
  textlessPages!: number[];

  /** Pages (PDF) whose text was read from their image by OCR (scans). */
  @Column('integer', { array: true, name: 'ocr_pages' })
  ocrPages!: number[];

  /** The file while its pages are being read (deleted once they are). */
  @Column('text', { name: 'source_key', nullable: true })
  sourceKey!: string | null;

  /** The uploaded file's name (its title when the file names none). */
  @Column('text', { name: 'file_name', nullable: true })
  fileName!: string | null;

  /** How many steps reading the file takes (page ranges of a PDF; one for other kinds). */
  @Column('integer', { name: 'read_steps' })
  readSteps!: number;

  /** The steps read so far (a set: a step read twice counts once). */
  @Column('integer', { array: true, name: 'read_done' })
  readDone!: number[];

  @Column('boolean')
  premium!: boolean;

  @Column('text')
  status!: DocumentSummaryStatus;

  @Column('integer')
  progress!: number;

  /** The summary's map jobs (each a run of chunks of pages), and those finished: the progress while summarizing. */
  @Column('integer')
  chunks!: number;

  @Column('integer', { array: true, name: 'chunks_done' })
  chunksDone!: number[];

  @Column('text', { name: 'job_id', nullable: true })
  jobId!: string | null;

  @Column('text', { nullable: true })
  error!: string | null;

  @Column('jsonb', { nullable: true })
  summary!: DocumentSummary | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'started_at', nullable: true })
  startedAt!: Date | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt!: Date | null;
}
