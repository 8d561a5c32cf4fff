import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcClient, SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, Patterns, type AskCitation, type AskReply, type AskTurn, type RpcRequest } from '@visualnotes/contracts';
import type { MediaConfig } from '../config';
import { DocumentsRepository } from '../documents/documents.repository';
import { VideosRepository } from '../videos/videos.repository';
import { AskRepository, type AskScope, type Passage } from './ask.repository';
import { askTerms } from './terms';

/** Passages a question is answered from (and cited), at most. */
const TOP = 5;
/** Passages each search gives the fusion. */
const CANDIDATES = 20;
/** Share of a question's word weight a passage must hold to count as an answer. */
const MIN_SHARE = 0.5;
/** Turns a conversation keeps (its last ones). */
const KEEP_TURNS = 20;
/** Reciprocal rank fusion's constant (as in Cormack et al.). */
const RRF_K = 60;

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const hms = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return (hms[0] ? hms : hms.slice(1)).map((n, i) => (i === 0 ? String(n) : String(n).padStart(2, '0'))).join(':');
};

/** Where a passage sits, as a reader sees it: "12:30" of a video, "p. 4" of a document. */
export function passageLabel(p: Pick<Passage, 'start' | 'page' | 'title'>): string {
  const at = p.start !== null && p.start !== undefined ? clock(p.start) : `p. ${p.page}`;
  return p.title ? `${p.title}, ${at}` : at;
}

/** At most `max` characters of `text` around the first of `terms` it holds (whole words, "…" where cut). */
export function excerpt(text: string, terms: string[], max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const lower = clean.toLowerCase();
  const hits = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const at = hits.length ? Math.min(...hits) : 0;
  let from = Math.max(0, at - Math.floor(max / 3));
  if (from > 0) from = clean.indexOf(' ', from) + 1 || from;
  let to = Math.min(clean.length, from + max);
  if (to < clean.length) to = clean.lastIndexOf(' ', to) > from ? clean.lastIndexOf(' ', to) : to;
  return `${from > 0 ? '…' : ''}${clean.slice(from, to)}${to < clean.length ? '…' : ''}`;
}

/** Reciprocal rank fusion of ranked lists: a passage high in either, or in both, comes first. */
export function fuse(lists: Passage[][], limit: number): Passage[] {
  const scores = new Map<string, { p: Passage; score: number }>();
  for (const list of lists) {
    list.forEach((p, rank) => {
      const entry = scores.get(p.id) ?? { p, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      scores.set(p.id, entry);
    });
  }
  return [...scores.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((e) => e.p);
}

/**
 * The markers [n] of a model's answer, checked against the passages it was given and numbered
 * again in the order they are first cited: the cited passages and the answer that names them.
 */
export function citedAnswer(answer: string, count: number): { text: string; cited: number[] } {
  const cited: number[] = [];
  const text = answer.replace(/\[(\d+(?:\s*[,;]\s*\d+)*)\]/g, (_whole, list: string) => {
    const refs = list
      .split(/\s*[,;]\s*/)
      .map(Number)
      .filter((n) => n >= 1 && n <= count);
    if (!refs.length) return '';
    return refs
      .map((n) => {
        if (!cited.includes(n)) cited.push(n);
        return `[${cited.indexOf(n) + 1}]`;
      })
      .join('');
  });
  return { text: text.replace(/[ \t]+([.,;:!?])/g, '$1').trim(), cited };
}

const unit = (v: number[]) => {
  const norm = Math.hypot(...v);
  return norm > 0 ? v.map((x) => x / norm) : v;
};

/**
 * Questions asked of one's sources: the passages that answer them are found in PostgreSQL
 * (full-text ranking, and vectors when an embeddings endpoint is configured, fused), then a
 * configured chat model writes the answer citing them, or without one they are quoted as they are.
 * Only the caller's own videos and documents are ever searched.
 */
@Injectable()
export class AskService {
  private readonly logger = new Logger(AskService.name);

  constructor(
    private readonly repo: AskRepository,
    private readonly videos: VideosRepository,
    private readonly documents: DocumentsRepository,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
  ) {}

  async ask(req: RpcRequest<'media.ask'>): Promise<AskReply> {
    if (req.video_id && req.document_id) throw new DomainError('VALIDATION_FAILED', 'Ask about a video or a document, not both at once');
    if (req.video_id && !(await this.videos.ownedBy(req.video_id, req.owner_id))) throw new DomainError('VIDEO_NOT_FOUND');
    if (req.document_id && !(await this.documents.ownedBy(req.document_id, req.owner_id))) throw new DomainError('NOT_FOUND', 'Summary not found');
    const conversation = req.conversation_id ? await this.repo.conversation(req.conversation_id, req.owner_id) : null;
    if (req.conversation_id && !conversation) throw new DomainError('NOT_FOUND', 'This conversation does not exist; ask your question again');
    const history = conversation?.turns ?? [];
    const scope: AskScope = {
      ownerId: req.owner_id,
      videoId: req.video_id,
      documentId: req.document_id,
      tagId: req.video_id || req.document_id ? undefined : req.tag,
    };

    const passages = await this.retrieve(scope, req.question, history);
    const reply = await this.answer(req.question, history, passages, scope);
    const id = conversation?.id ?? (await this.repo.newConversation(req.owner_id)).id;
    await this.repo.addTurns(
      id,
      [
        { role: 'user', content: req.question },
        { role: 'assistant', content: reply.answer },
      ],
      KEEP_TURNS,
    );
    return { conversation_id: id, ...reply };
  }

  /** The passages that best answer the question; a follow-up also searches with the question before it (weighted half). */
  async retrieve(scope: AskScope, question: string, history: AskTurn[]): Promise<Passage[]> {
    const previous = history.filter((t) => t.role === 'user').at(-1)?.content ?? '';
    const own = askTerms(question);
    const terms = [
      ...own.map((term) => ({ term, boost: 1 })),
      ...askTerms(previous, 6)
        .filter((t) => !own.includes(t))
        .map((term) => ({ term, boost: 0.5 })),
    ];
    const [byWords, byMeaning] = await Promise.all([
      this.repo.search(scope, terms, MIN_SHARE, CANDIDATES),
      this.embed(previous ? `${previous}\n${question}` : question).then((v) =>
        v ? this.repo.nearest(scope, unit(v), this.config.ASK_MIN_SIMILARITY, CANDIDATES) : [],
      ),
    ]);
    return fuse([byWords, byMeaning], TOP);
  }

  /** The question's vector, or null without an embeddings endpoint (or when the ai service cannot say). */
  private async embed(text: string): Promise<number[] | null> {
    try {
      const { vectors } = await this.rpc.send(Patterns.ai.embed, { texts: [text.slice(0, 8_000)] });
      return vectors?.[0] ?? null;
    } catch (err) {
      this.logger.warn(`question not embedded, words alone are searched: ${(err as Error).message}`);
      return null;
    }
  }

  private async answer(question: string, history: AskTurn[], passages: Passage[], scope: AskScope): Promise<Omit<AskReply, 'conversation_id'>> {
    const where = scope.videoId ? 'this video' : scope.documentId ? 'this document' : scope.tagId ? 'the videos with this tag' : 'your videos and documents';
    const notFound = { mode: 'not_found' as const, answer: `Nothing in ${where} answers this question, so there is no answer to give.`, citations: [] };
    if (!passages.length) return notFound;
    const terms = askTerms(question);
    const citation = (p: Passage): AskCitation => ({
      ...(p.video_id ? { video_id: p.video_id, start: Math.round(Number(p.start) * 10) / 10 } : { summary_id: p.document_id!, page: Number(p.page) }),
      title: p.title,
      text: excerpt(p.text, terms, 400),
    });
    let written: string | null = null;
    try {
      ({ answer: written } = await this.rpc.send(Patterns.ai.answer, {
        question,
        history: history.slice(-8).map((t) => ({ role: t.role, content: t.content.slice(0, 4_000) })),
        passages: passages.map((p) => ({ label: passageLabel(p).slice(0, 500), text: excerpt(p.text, terms, 2_000) })),
      }));
    } catch (err) {
      this.logger.warn(`the model gave no answer, the passages are quoted: ${(err as Error).message}`);
    }
    if (written !== null) {
      if (/\bNOT_FOUND\b/.test(written)) return notFound;
      const { text, cited } = citedAnswer(written, passages.length);
      if (cited.length) return { mode: 'answer', answer: text, citations: cited.map((n) => citation(passages[n - 1])) };
    }
    const quotes = passages.slice(0, 3).map(citation);
    return {
      mode: 'quotes',
      answer: [
        'These are quotes from your sources that best match the question (no model writes answers here):',
        ...quotes.map((c, i) => `[${i + 1}] "${c.text}" (${passageLabel({ title: c.title, start: c.start ?? null, page: c.page ?? null })})`),
      ].join('\n'),
      citations: quotes,
    };
  }

  /** Embeds up to `batches` batches of passages without a vector; how many were embedded (0 without an endpoint). */
  async embedPending(batches: number): Promise<number> {
    const { embeddings } = await this.rpc.send(Patterns.ai.capabilities, {});
    if (!embeddings) return 0;
    let done = 0;
    for (let i = 0; i < batches; i++) {
      const rows = await this.repo.unembedded(this.config.ASK_EMBED_BATCH);
      if (!rows.length) break;
      const { vectors } = await this.rpc.send(Patterns.ai.embed, { texts: rows.map((r) => r.text.slice(0, 8_000)) });
      if (!vectors || vectors.length !== rows.length) break;
      await this.repo.setEmbeddings(rows.map((r, j) => ({ ...r, vector: unit(vectors[j]) })));
      done += rows.length;
    }
    return done;
  }

  deleteOwnedBy(ownerId: string): Promise<void> {
    return this.repo.deleteOwnedBy(ownerId);
  }
}
