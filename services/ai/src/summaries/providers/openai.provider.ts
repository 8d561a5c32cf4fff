import { DomainError, type Summary, type SummaryPoint, type SummarySection, type VideoChapter } from '@visualnotes/contracts';
import type OpenAI from 'openai';
import { summarizeExtractive, VIDEO_DEPTH } from './builtin.provider';
import type { MapReduceSummaryProvider, SummaryInput, SummaryUnit } from './summary-provider';

const MAP_PROMPT = `You summarize a part of a transcript or document. Each input line starts with its position in brackets: [seconds] for a video, [p. N] for a page.
Answer with JSON only: {"sections":[{"at":<the bracketed number where the section begins>,"title":"<short title>","points":["<2 to 5 key points>"]}]}.
Split where the topic changes (1 to 4 sections for this part). Lines starting with ## are the document's own headings: then make one section per heading, titled with it. Write in the language of the text.`;
/** The map prompt for a part of a video: as many points as its length asks for, each with its moment. */
const videoMapPrompt = (points: number, chapter?: string) =>
  `You summarize a part of a video's transcript. Each input line starts with its time in seconds in brackets.
Answer with JSON only: {"sections":[{"at":<the bracketed number where the section begins>,"title":"<short title>","points":[{"at":<the bracketed number where the point is said>,"text":"<key point>"}]}]}.
${chapter ? `This part belongs to the chapter "${chapter}": make one section of it.` : 'Split where the topic changes (1 to 3 sections for this part).'} Give about ${points} key points in all. Write in the language of the text.`;
const REDUCE_PROMPT = `You are given the section titles and key points of a summary. Answer with JSON only: {"overview":"<3 to 5 sentences that summarize the whole>"}. Write in the language of the points.`;

/** The first JSON object in a model answer (models sometimes wrap it in a code fence or prose). */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value = JSON.parse(text.slice(start, end + 1)) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length + Math.ceil((text.match(/[\u3400-\u9fff]/g)?.length ?? 0) / 2);
}

/** Consecutive units of at most `max` words (a unit is never split). */
export function groupUnits(units: SummaryUnit[], max: number): SummaryUnit[][] {
  const groups: SummaryUnit[][] = [];
  let current: SummaryUnit[] = [];
  let count = 0;
  for (const u of units) {
    const n = words(u.text);
    if (current.length && count + n > max) {
      groups.push(current);
      current = [];
      count = 0;
    }
    current.push(u);
    count += n;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** The chapter a moment of a video is in. */
function chapterAt(chapters: VideoChapter[] | undefined, at: number): VideoChapter | undefined {
  let found: VideoChapter | undefined;
  for (const c of [...(chapters ?? [])].sort((a, b) => a.start - b.start)) if (c.start <= at + 1) found = c;
  return found;
}

const label = (u: SummaryUnit) => (u.start !== undefined ? `[${Math.round(u.start * 10) / 10}]` : u.page !== undefined ? `[p. ${u.page}]` : '[]');

/**
 * An OpenAI-compatible chat model (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`), map-reduce over long
 * inputs: each part of about `mapWords` words gives sections (map), the sections give the overview
 * (reduce). A part whose answer is not usable JSON is summarized by the built-in provider instead.
 */
export class OpenAiSummaryProvider implements MapReduceSummaryProvider {
  readonly name = 'openai';

  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
    private readonly mapWords = 3_000,
    /** Told the tokens of each answer, as the endpoint reports them (for the operators' counters). */
    private readonly onUsage?: (tokens: { prompt: number; completion: number }) => void,
  ) {}

  private async ask(system: string, user: string): Promise<Record<string, unknown> | null> {
    const res = await this.client.chat.completions.create({
      model: this.model,
      temperature: 0.2,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    if (res.usage && this.onUsage) this.onUsage({ prompt: res.usage.prompt_tokens ?? 0, completion: res.usage.completion_tokens ?? 0 });
    return parseJsonObject(res.choices?.[0]?.message?.content);
  }

  /**
   * The parts a long input is mapped in: consecutive units of about `mapWords` words. A video's
   * parts never cross a chapter's start and last at most its depth's longest section (about 10
   * minutes), so a section never runs longer than that.
   */
  parts(units: SummaryUnit[], input: Pick<SummaryInput, 'chapters' | 'length'> = {}): SummaryUnit[][] {
    const lines = units.filter((u) => String(u.text ?? '').trim());
    if (lines[0]?.start === undefined) return groupUnits(lines, this.mapWords);
    const starts = [...(input.chapters ?? [])].map((c) => c.start).sort((a, b) => a - b);
    const maxSeconds = VIDEO_DEPTH[input.length ?? 'standard'].maxSeconds;
    const chapterOf = (u: SummaryUnit) => starts.filter((s) => s <= (u.start ?? 0) + 1).length;
    const spans: SummaryUnit[][] = [];
    for (const u of lines) {
      const current = spans.at(-1);
      if (!current || chapterOf(u) !== chapterOf(current[0]) || (u.start ?? 0) - (current[0].start ?? 0) >= maxSeconds) spans.push([u]);
      else current.push(u);
    }
    return spans.flatMap((span) => groupUnits(span, this.mapWords));
  }

  /** Map: the sections of one part (the built-in summary of it when the answer is not usable). */
  async mapPart(input: SummaryInput, part: SummaryUnit[]): Promise<SummarySection[]> {
    const video = part[0]?.start !== undefined;
    const chapter = video ? chapterAt(input.chapters, part[0].start!) : undefined;
    const depth = VIDEO_DEPTH[input.length ?? 'standard'];
    const wanted = Math.max(depth.minPoints, Math.round(part.reduce((n, u) => n + words(u.text), 0) / depth.wordsPerPoint));
    const answer = await this.ask(
      video ? videoMapPrompt(wanted, chapter?.title) : MAP_PROMPT,
      `${input.title ? `Title: ${input.title}\n` : ''}${part.map((u) => `${u.heading ? `## ${u.heading}\n` : ''}${label(u)} ${u.text}`).join('\n')}`,
    );
    const mapped = this.sectionsOf(answer, part, video ? Math.max(5, wanted * 2) : 5);
    const sections = mapped.length ? mapped : summarizeExtractive({ ...input, units: part, maxSections: 3 }).sections;
    if (!chapter || !sections.length) return sections;
    // A chapter is one section, titled and timed by the chapter.
    return [
      {
        title: chapter.title,
        start: chapter.start,
        points: sections.flatMap((s) => s.points),
        citations: sections.flatMap((s) => s.citations ?? s.points.map((text) => ({ text, start: s.start }))),
      },
    ];
  }

  /**
   * Reduce: the sections of every part, in order, give the overview; at most `maxSections` are
   * kept. The parts of one chapter are one section again.
   */
  async reduce(input: SummaryInput, sections: SummarySection[]): Promise<Summary> {
    const merged: SummarySection[] = [];
    for (const s of sections) {
      const last = merged.at(-1);
      const sameChapter = last && s.start !== undefined && last.start === s.start && last.title === s.title && !!chapterAt(input.chapters, s.start);
      if (sameChapter) {
        last.points = [...last.points, ...s.points];
        last.citations = [...(last.citations ?? []), ...(s.citations ?? [])];
      } else merged.push({ ...s });
    }
    const outline = merged.map((s) => `${s.title}: ${s.points.join(' ')}`).join('\n');
    const reduced = await this.ask(REDUCE_PROMPT, outline);
    const units = (input.units ?? []).filter((u) => String(u.text ?? '').trim());
    const overview =
      typeof reduced?.overview === 'string' && reduced.overview.trim() ? reduced.overview.trim() : summarizeExtractive({ ...input, units }).overview;
    const max = input.maxSections ?? (units[0]?.start !== undefined ? 80 : 30);
    return { overview, sections: merged.slice(0, max) };
  }

  async summarize(input: SummaryInput): Promise<Summary> {
    const units = (input.units ?? []).filter((u) => String(u.text ?? '').trim());
    if (!units.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
    const groups = this.parts(units, input);
    const sections: SummarySection[] = [];
    for (const [i, group] of groups.entries()) {
      sections.push(...(await this.mapPart(input, group)));
      await input.onProgress?.((i + 1) / (groups.length + 1));
    }
    const summary = await this.reduce({ ...input, units }, sections);
    await input.onProgress?.(1);
    return summary;
  }

  private sectionsOf(answer: Record<string, unknown> | null, group: SummaryUnit[], maxPoints = 5): SummarySection[] {
    const raw = Array.isArray(answer?.sections) ? (answer.sections as Record<string, unknown>[]) : [];
    const first = group[0];
    const video = first.start !== undefined;
    const from = first.start ?? 0;
    const to = group.at(-1)!.start ?? from;
    const within = (at: unknown, fallback: number) =>
      at !== null && at !== undefined && at !== '' && Number.isFinite(Number(at)) ? Math.min(Math.max(Number(at), from), to) : fallback;
    const out: SummarySection[] = [];
    for (const s of raw) {
      const title = typeof s?.title === 'string' ? s.title.trim() : '';
      // A point is its text, or (asked of a video) `{at, text}`.
      const given = Array.isArray(s?.points) ? (s.points as unknown[]) : [];
      const cited = given
        .map((p) => (typeof p === 'string' ? { text: p } : p && typeof p === 'object' ? (p as { text?: unknown; at?: unknown }) : null))
        .filter((p): p is { text: string; at?: unknown } => typeof p?.text === 'string' && !!p.text.trim())
        .slice(0, maxPoints);
      const points = cited.map((p) => p.text.trim());
      if (!title || !points.length) continue;
      const at = Number(s.at ?? s.start ?? s.page);
      const section: SummarySection = { title, points };
      if (video) {
        section.start = within(Number.isFinite(at) ? at : undefined, from);
        section.citations = cited.map((p): SummaryPoint => ({ text: p.text.trim(), start: within(p.at, section.start!) }));
      } else if (first.page !== undefined) {
        const lo = first.page;
        const hi = group.at(-1)!.page ?? lo;
        section.page = Number.isFinite(at) ? Math.round(Math.min(Math.max(at, lo), hi)) : lo;
      }
      out.push(section);
    }
    return out;
  }
}
