import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TranscriptChunks1763800000000 implements MigrationInterface {
  name = 'TranscriptChunks1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "ai"."transcript_chunks" (
        "video_id" uuid NOT NULL,
        "chunk_index" integer NOT NULL,
        "offset_seconds" double precision NOT NULL,
        "segments" jsonb NOT NULL,
        "transcribed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("video_id", "chunk_index")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "ai"."transcript_chunks"`);
  }
}
