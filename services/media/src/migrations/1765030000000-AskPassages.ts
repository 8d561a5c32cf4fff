import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What questions are answered from: passages of the owner's sources, one row per window of about
 * 45 seconds of a transcript (with its start) or per page of a document (with its number), each
 * with a ranked full-text vector (GIN) and, once an embeddings endpoint has read it, its vector.
 * Triggers keep the rows in step with `videos.transcript` and `documents.pages` whoever writes
 * them (an import, a transcription, a correction), and the rows go with their video or document.
 * The vectors are `real[]` scored in SQL; where the server has `pgvector` a `vector` copy is kept too.
 * Conversations keep the turns of a follow-up, owned by their user.
 */
export class AskPassages1765030000000 implements MigrationInterface {
  name = 'AskPassages1765030000000';

  async up(q: QueryRunner) {
    await q.query(`
      CREATE TABLE media.ask_passages (
        id bigserial PRIMARY KEY,
        owner_id uuid,
        video_id uuid REFERENCES media.videos(id) ON DELETE CASCADE,
        document_id uuid REFERENCES media.documents(id) ON DELETE CASCADE,
        start double precision,
        page integer,
        text text NOT NULL,
        search tsvector GENERATED ALWAYS AS (to_tsvector('simple', media.fold_text(text))) STORED,
        embedding real[],
        CHECK ((video_id IS NULL) <> (document_id IS NULL))
      )`);
    await q.query('CREATE INDEX ask_passages_search_idx ON media.ask_passages USING GIN (search)');
    await q.query('CREATE INDEX ask_passages_owner_idx ON media.ask_passages (owner_id)');
    await q.query('CREATE INDEX ask_passages_video_idx ON media.ask_passages (video_id, start)');
    await q.query('CREATE INDEX ask_passages_document_idx ON media.ask_passages (document_id, page)');
    await q.query('CREATE INDEX ask_passages_unembedded_idx ON media.ask_passages (id) WHERE embedding IS NULL');
    const [{ available }] = (await q.query(`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available`)) as {
      available: boolean;
    }[];
    if (available) {
      // Creating it may need more rights than the service has: then the arrays alone are used.
      await q.query('SAVEPOINT ask_vector');
      try {
        await q.query('CREATE EXTENSION IF NOT EXISTS vector');
        await q.query('ALTER TABLE media.ask_passages ADD COLUMN embedding_vec vector');
        await q.query('RELEASE SAVEPOINT ask_vector');
      } catch {
        await q.query('ROLLBACK TO SAVEPOINT ask_vector');
      }
    }

    await q.query(`
      CREATE FUNCTION media.ask_index_video() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.transcript IS NOT DISTINCT FROM NEW.transcript THEN
          UPDATE media.ask_passages SET owner_id = NEW.owner_id WHERE video_id = NEW.id;
          RETURN NULL;
        END IF;
        DELETE FROM media.ask_passages WHERE video_id = NEW.id;
        IF jsonb_typeof(NEW.transcript) = 'array' THEN
          INSERT INTO media.ask_passages (owner_id, video_id, start, text)
          SELECT NEW.owner_id, NEW.id, min((s->>'start')::float8), string_agg(btrim(s->>'text'), ' ' ORDER BY (s->>'start')::float8)
          FROM jsonb_array_elements(NEW.transcript) s
          WHERE jsonb_typeof(s->'start') = 'number' AND btrim(coalesce(s->>'text', '')) <> ''
          GROUP BY floor((s->>'start')::float8 / 45);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION media.ask_index_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD.pages IS NOT DISTINCT FROM NEW.pages THEN
          UPDATE media.ask_passages SET owner_id = NEW.owner_id WHERE document_id = NEW.id;
          RETURN NULL;
        END IF;
        DELETE FROM media.ask_passages WHERE document_id = NEW.id;
        IF jsonb_typeof(NEW.pages) = 'array' THEN
          INSERT INTO media.ask_passages (owner_id, document_id, page, text)
          SELECT NEW.owner_id, NEW.id, CASE WHEN jsonb_typeof(e->'page') = 'number' THEN (e->>'page')::numeric::int ELSE n::int END, btrim(e->>'text')
          FROM jsonb_array_elements(NEW.pages) WITH ORDINALITY t(e, n)
          WHERE btrim(coalesce(e->>'text', '')) <> '';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER ask_index_video_insert AFTER INSERT ON media.videos FOR EACH ROW EXECUTE FUNCTION media.ask_index_video()`);
    await q.query(`CREATE TRIGGER ask_index_video_update AFTER UPDATE OF transcript, owner_id ON media.videos FOR EACH ROW
      WHEN (OLD.transcript IS DISTINCT FROM NEW.transcript OR OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION media.ask_index_video()`);
    await q.query(`CREATE TRIGGER ask_index_document_insert AFTER INSERT ON media.documents FOR EACH ROW EXECUTE FUNCTION media.ask_index_document()`);
    await q.query(`CREATE TRIGGER ask_index_document_update AFTER UPDATE OF pages, owner_id ON media.documents FOR EACH ROW
      WHEN (OLD.pages IS DISTINCT FROM NEW.pages OR OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION media.ask_index_document()`);
    // What is there already.
    await q.query(`INSERT INTO media.ask_passages (owner_id, video_id, start, text)
      SELECT v.owner_id, v.id, min((s->>'start')::float8), string_agg(btrim(s->>'text'), ' ' ORDER BY (s->>'start')::float8)
      FROM media.videos v, jsonb_array_elements(CASE WHEN jsonb_typeof(v.transcript) = 'array' THEN v.transcript ELSE '[]'::jsonb END) s
      WHERE jsonb_typeof(s->'start') = 'number' AND btrim(coalesce(s->>'text', '')) <> ''
      GROUP BY v.id, v.owner_id, floor((s->>'start')::float8 / 45)`);
    await q.query(`INSERT INTO media.ask_passages (owner_id, document_id, page, text)
      SELECT d.owner_id, d.id, CASE WHEN jsonb_typeof(e->'page') = 'number' THEN (e->>'page')::numeric::int ELSE n::int END, btrim(e->>'text')
      FROM media.documents d, jsonb_array_elements(CASE WHEN jsonb_typeof(d.pages) = 'array' THEN d.pages ELSE '[]'::jsonb END) WITH ORDINALITY t(e, n)
      WHERE btrim(coalesce(e->>'text', '')) <> ''`);

    await q.query(`
      CREATE TABLE media.ask_conversations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL,
        turns jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX ask_conversations_owner_idx ON media.ask_conversations (owner_id, updated_at)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE IF EXISTS media.ask_conversations');
    await q.query('DROP TRIGGER IF EXISTS ask_index_video_insert ON media.videos');
    await q.query('DROP TRIGGER IF EXISTS ask_index_video_update ON media.videos');
    await q.query('DROP TRIGGER IF EXISTS ask_index_document_insert ON media.documents');
    await q.query('DROP TRIGGER IF EXISTS ask_index_document_update ON media.documents');
    await q.query('DROP FUNCTION IF EXISTS media.ask_index_video()');
    await q.query('DROP FUNCTION IF EXISTS media.ask_index_document()');
    await q.query('DROP TABLE IF EXISTS media.ask_passages');
  }
}
