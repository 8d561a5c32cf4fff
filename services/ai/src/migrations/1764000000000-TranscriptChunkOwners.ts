import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Chunk texts know their account, so a deleted account's texts can be removed. */
export class TranscriptChunkOwners1764000000000 implements MigrationInterface {
  name = 'TranscriptChunkOwners1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "ai"."transcript_chunks" ADD COLUMN IF NOT EXISTS "owner_id" uuid`);
    await q.query(`CREATE INDEX IF NOT EXISTS "transcript_chunks_owner" ON "ai"."transcript_chunks" ("owner_id") WHERE "owner_id" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "transcript_chunks_age" ON "ai"."transcript_chunks" ("transcribed_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "ai"."transcript_chunks_age"`);
    await q.query(`DROP INDEX IF EXISTS "ai"."transcript_chunks_owner"`);
    await q.query(`ALTER TABLE "ai"."transcript_chunks" DROP COLUMN IF EXISTS "owner_id"`);
  }
}
