import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AskTurn } from '@visualnotes/contracts';
import type { Repository } from 'typeorm';
import { AskConversation } from './ask-conversation.entity';

/** Which passages a question may use: always the owner's, then one video, one document or one tag's videos. */
export interface AskScope {
  ownerId: string;
  videoId?: string;
  documentId?: string;
  tagId?: string;
}

export interface Passage {
  id: string;
  video_id: string | null;
  document_id: string | null;
  start: number | null;
  page: number | null;
  text: string;
  title: string;
  /** Ranking figure of the list the passage came from (higher is better). */
  score: number;
}

/** `$1` is the owner; the rest of the scope follows from `$2` on. */
function scopeSql(scope: AskScope, first: number): { sql: string; params: unknown[] } {
  if (scope.videoId) return { sql: `p.owner_id = $1 AND p.video_id = $${first}`, params: [scope.videoId] };
  if (scope.documentId) return { sql: `p.owner_id = $1 AND p.document_id = $${first}`, params: [scope.documentId] };
  if (scope.tagId) {
    return { sql: `p.owner_id = $1 AND p.video_id IN (SELECT vt.video_id FROM media.video_tags vt WHERE vt.tag_id = $${first})`, params: [scope.tagId] };
  }
  return { sql: 'p.owner_id = $1', params: [] };
}

const PASSAGE_COLUMNS = `p.id::text AS id, p.video_id, p.document_id, p.start, p.page, p.text,
  coalesce((SELECT v.title FROM media.videos v WHERE v.id = p.video_id), (SELECT d.title FROM media.documents d WHERE d.id = p.document_id), '') AS title`;

/**
 * The passages questions are answered from (`media.ask_passages`, kept by triggers on videos and
 * documents) and the conversations that hold follow-ups' context.
 */
@Injectable()
export class AskRepository {
  private vectorColumn?: Promise<boolean>;

  constructor(@InjectRepository(AskConversation) private readonly conversations: Repository<AskConversation>) {}

  /**
   * Full-text search: passages holding the question's words (by their beginning, accents and case
   * ignored), scored by the words they hold, each weighted by how rare it is among the passages in
   * scope (an idf that keeps a word found in every passage worth something: asking one short video,
   * its words are in all of its few passages) times its `boost`, then by ts_rank_cd's cover
   * density. A passage holding less than `minShare` of the question's whole weight is not an
   * answer (a word found nowhere weighs most, so a question about something absent finds nothing).
   */
  async search(scope: AskScope, terms: { term: string; boost: number }[], minShare: number, limit: number): Promise<Passage[]> {
    if (!terms.length) return [];
    const where = scopeSql(scope, 5);
    const rows = (await this.conversations.query(
      `WITH terms AS (
         SELECT to_tsquery('simple', quote_literal(media.fold_text(t.term)) || ':*') AS q, t.boost
         FROM unnest($2::text[], $3::float8[]) AS t(term, boost)
       ),
       total AS (SELECT count(*)::float8 AS n FROM media.ask_passages p WHERE ${where.sql}),
       weights AS (
         SELECT terms.q, terms.boost * ln(1 + (total.n + 0.5) / (df.n + 0.5)) AS w
         FROM terms, total, LATERAL (SELECT count(*)::float8 AS n FROM media.ask_passages p WHERE ${where.sql} AND p.search @@ terms.q) df
       ),
       query AS (SELECT string_agg(q::text, ' | ')::tsquery AS q, sum(w) AS whole FROM weights),
       matched AS (
         SELECT p.*, (SELECT sum(w.w) FROM weights w WHERE p.search @@ w.q) AS weight, ts_rank_cd(p.search, query.q, 1) AS rank, query.whole
         FROM media.ask_passages p, query WHERE ${where.sql} AND p.search @@ query.q
       )
       SELECT ${PASSAGE_COLUMNS}, p.weight + p.rank AS score
       FROM matched p WHERE p.weight >= $4 * p.whole
       ORDER BY p.weight DESC, p.rank DESC, p.id LIMIT ${Math.floor(limit)}`,
      [scope.ownerId, terms.map((t) => t.term), terms.map((t) => t.boost), minShare, ...where.params],
    )) as Passage[];
    return rows;
  }

  /** Vector search: passages in scope by cosine similarity to `vector` (unit length), at least `min`. */
  async nearest(scope: AskScope, vector: number[], min: number, limit: number): Promise<Passage[]> {
    const where = scopeSql(scope, 4);
    const pgvector = await this.hasVectorColumn();
    const similarity = pgvector ? `1 - (p.embedding_vec <=> $2::text::vector)` : `(SELECT sum(a * b) FROM unnest(p.embedding, $2::real[]) AS u(a, b))`;
    const arg = pgvector ? `[${vector.join(',')}]` : vector;
    const rows = (await this.conversations.query(
      `SELECT * FROM (
         SELECT ${PASSAGE_COLUMNS}, ${similarity} AS score
         FROM media.ask_passages p WHERE ${where.sql} AND p.${pgvector ? 'embedding_vec' : 'embedding'} IS NOT NULL
       ) p WHERE p.score >= $3 ORDER BY p.score DESC LIMIT ${Math.floor(limit)}`,
      [scope.ownerId, arg, min, ...where.params],
    )) as Passage[];
    return rows;
  }

  /** Whether the server has pgvector and the passages a `vector` column (made by the migration). */
  hasVectorColumn(): Promise<boolean> {
    this.vectorColumn ??= this.conversations
      .query(
        `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = 'media' AND table_name = 'ask_passages' AND column_name = 'embedding_vec') AS has`,
      )
      .then((rows: { has: boolean }[]) => rows[0]?.has ?? false);
    return this.vectorColumn;
  }

  /** Passages without a vector yet, oldest first, locked for this transaction's caller. */
  async unembedded(limit: number): Promise<{ id: string; text: string }[]> {
    return (await this.conversations.query(`SELECT id::text AS id, text FROM media.ask_passages WHERE embedding IS NULL ORDER BY id LIMIT $1`, [limit])) as {
      id: string;
      text: string;
    }[];
  }

  /** Keeps vectors (unit length) of passages whose text has not changed meanwhile. */
  async setEmbeddings(rows: { id: string; text: string; vector: number[] }[]): Promise<void> {
    if (!rows.length) return;
    const pgvector = await this.hasVectorColumn();
    await this.conversations.query(
      `UPDATE media.ask_passages p SET embedding = u.v::real[]${pgvector ? ', embedding_vec = u.v::text::vector' : ''}
       FROM (SELECT unnest($1::bigint[]) AS id, unnest($2::text[]) AS text, unnest($3::text[]) AS v) u
       WHERE p.id = u.id AND p.text = u.text`,
      [rows.map((r) => r.id), rows.map((r) => r.text), rows.map((r) => `{${r.vector.join(',')}}`)],
    );
  }

  conversation(id: string, ownerId: string): Promise<AskConversation | null> {
    return this.conversations.findOneBy({ id, ownerId });
  }

  async newConversation(ownerId: string): Promise<AskConversation> {
    return this.conversations.save(this.conversations.create({ ownerId, turns: [] }));
  }

  /** Adds turns to a conversation, keeping its last `keep`. */
  async addTurns(id: string, turns: AskTurn[], keep: number): Promise<void> {
    await this.conversations.query(
      `UPDATE media.ask_conversations SET turns = (
         SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb) FROM (
           SELECT e, n FROM jsonb_array_elements(turns || $2::jsonb) WITH ORDINALITY t(e, n) ORDER BY n DESC LIMIT $3
         ) last
       ), updated_at = now() WHERE id = $1`,
      [id, JSON.stringify(turns), keep],
    );
  }

  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.conversations.delete({ ownerId });
  }
}
