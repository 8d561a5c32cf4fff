import { z } from 'zod';
import type { DocumentSummaryView } from './documents';
import { clock, momentUrl, pageOrigin } from './transcript-formats';
import type { HighlightView, Summary, TranscriptSegment, VideoView } from './videos';

/**
 * A summary or transcript as a plain outline of headings, paragraphs and list items, each of which
 * may carry a link (a moment of a video, a page of a document). Every download is written from
 * one: Markdown here (pages and the batch ZIP), Word in the browser, so the formats never differ
 * in what they say.
 */
export interface OutlineLink {
  /** What the link shows: "1:15", "Page 12". */
  label: string;
  href: string;
}

export type OutlineBlock =
  | { type: 'title'; text: string }
  | { type: 'heading'; text: string; at?: OutlineLink }
  | { type: 'paragraph'; text: string }
  /** A link on a line of its own (the video's address). */
  | { type: 'link'; href: string }
  | { type: 'item'; text: string; at?: OutlineLink; strong?: string };

export interface Outline {
  title: string;
  blocks: OutlineBlock[];
}

/** A summary made into a PDF on the server (`POST /api/outlines/pdf`): what it may hold, and its words. */
export const OUTLINE_MAX_BLOCKS = 5_000;
export const OUTLINE_MAX_TEXT = 20_000;

export const OutlineMessages = {
  invalid: 'This summary could not be read; please reload the page and try again',
  tooLong: 'This summary is too long for a PDF; please download it as Word instead',
  busy: 'Many PDFs are being made right now; please try again in a minute',
  failed: 'The PDF could not be made; please try again',
} as const;

const outlineText = (max: number) => z.string({ error: OutlineMessages.invalid }).max(max, OutlineMessages.tooLong);
// links in a file: absolute web addresses only
const outlineHref = z
  .string({ error: OutlineMessages.invalid })
  .max(2_000, OutlineMessages.invalid)
  .regex(/^https?:\/\/[^\s]+$/i, OutlineMessages.invalid);
const outlineLinkSchema = z.object({ label: outlineText(100), href: outlineHref }, { error: OutlineMessages.invalid });

export const outlineSchema = z.object(
  {
    title: outlineText(500),
    blocks: z
      .array(
        z.discriminatedUnion(
          'type',
          [
            z.object({ type: z.literal('title'), text: outlineText(500) }),
            z.object({ type: z.literal('heading'), text: outlineText(OUTLINE_MAX_TEXT), at: outlineLinkSchema.optional() }),
            z.object({ type: z.literal('paragraph'), text: outlineText(OUTLINE_MAX_TEXT) }),
            z.object({ type: z.literal('link'), href: outlineHref }),
            z.object({ type: z.literal('item'), text: outlineText(OUTLINE_MAX_TEXT), at: outlineLinkSchema.optional(), strong: outlineText(500).optional() }),
          ],
          { error: OutlineMessages.invalid },
        ),
        { error: OutlineMessages.invalid },
      )
      .max(OUTLINE_MAX_BLOCKS, OutlineMessages.tooLong),
  },
  { error: OutlineMessages.invalid },
);

export const outlinePdfRequestSchema = z.object({ outline: outlineSchema }, { error: OutlineMessages.invalid });

/** Words the outlines use, in the reader's language. */
export interface OutlineWords {
  overview: string;
  highlights: string;
  highlight: string;
  transcript: string;
  /** "Page 3", "Slide 3", "Part 3". */
  page: (unit: DocumentSummaryView['unit'], number: number) => string;
}

export const ENGLISH_OUTLINE_WORDS: OutlineWords = {
  overview: 'Overview',
  highlights: 'Highlights',
  highlight: 'Highlight',
  transcript: 'Transcript',
  page: (unit, number) => `${unit === 'slide' ? 'Slide' : unit === 'part' ? 'Part' : 'Page'} ${number}`,
};

type VideoRef = Pick<VideoView, 'title' | 'url' | 'provider' | 'provider_id' | 'id'>;
const moment = (video: VideoRef, seconds: number, origin: string): OutlineLink => ({ label: clock(seconds), href: momentUrl(video, seconds, origin) });

/** A video's summary and highlights: each section and highlight linking to its moment. */
export function videoSummaryOutline(
  video: VideoRef,
  summary: Summary | null,
  highlights: HighlightView[] = [],
  origin = pageOrigin(),
  words: OutlineWords = ENGLISH_OUTLINE_WORDS,
): Outline {
  const blocks: OutlineBlock[] = [{ type: 'title', text: video.title }];
  if (video.url) blocks.push({ type: 'link', href: video.url });
  if (summary) {
    blocks.push({ type: 'heading', text: words.overview }, { type: 'paragraph', text: summary.overview });
    for (const s of summary.sections) {
      blocks.push({ type: 'heading', text: s.title, ...(s.start !== undefined ? { at: moment(video, s.start, origin) } : {}) });
      for (const p of s.points) blocks.push({ type: 'item', text: p });
    }
  }
  if (highlights.length) {
    blocks.push({ type: 'heading', text: words.highlights });
    for (const h of highlights) blocks.push({ type: 'item', text: h.content, strong: h.title || words.highlight, at: moment(video, h.start, origin) });
  }
  return { title: video.title, blocks };
}

/** A video's transcript: a line per segment, each starting with its moment as a link. */
export function transcriptOutline(video: VideoRef, lines: TranscriptSegment[], origin = pageOrigin(), words: OutlineWords = ENGLISH_OUTLINE_WORDS): Outline {
  const blocks: OutlineBlock[] = [{ type: 'title', text: video.title }];
  if (video.url) blocks.push({ type: 'link', href: video.url });
  blocks.push({ type: 'heading', text: words.transcript });
  for (const l of lines) blocks.push({ type: 'item', text: l.text, at: moment(video, l.start, origin) });
  return { title: video.title, blocks };
}

/** The summary (and highlights) as Markdown, each section and highlight linking to its moment. */
export const toMarkdown = (video: VideoRef, summary: Summary | null, highlights: HighlightView[] = [], origin = pageOrigin()) =>
  outlineMarkdown(videoSummaryOutline(video, summary, highlights, origin));

/** A document's summary: sections linking to the page they start on, points to the page they cite. */
export function documentSummaryOutline(
  view: Pick<DocumentSummaryView, 'title' | 'unit' | 'summary'>,
  pageLink: (page: number) => string,
  words: OutlineWords = ENGLISH_OUTLINE_WORDS,
): Outline {
  const blocks: OutlineBlock[] = [{ type: 'title', text: view.title }];
  const page = (n: number): OutlineLink => ({ label: words.page(view.unit, n), href: pageLink(n) });
  const summary = view.summary;
  if (summary) {
    blocks.push({ type: 'heading', text: words.overview }, { type: 'paragraph', text: summary.overview });
    for (const s of summary.sections) {
      blocks.push({ type: 'heading', text: s.title, ...(s.page !== undefined ? { at: page(s.page) } : {}) });
      const cited = s.citations?.length ? s.citations : s.points.map((text) => ({ text, page: undefined }));
      for (const p of cited) blocks.push({ type: 'item', text: p.text, ...(p.page !== undefined ? { at: page(p.page) } : {}) });
    }
  }
  return { title: view.title, blocks };
}

/** Markdown: links as `[label](href)`, list items grouped, a blank line after each part. */
export function outlineMarkdown(outline: Outline): string {
  const out: string[] = [];
  const at = (link?: OutlineLink) => (link ? `[${link.label}](${link.href}) ` : '');
  outline.blocks.forEach((b, i) => {
    const next = outline.blocks[i + 1];
    switch (b.type) {
      case 'title':
        out.push(`# ${b.text}`, '');
        break;
      case 'link':
        out.push(`<${b.href}>`, '');
        break;
      case 'heading':
        out.push(`## ${at(b.at)}${b.text}`, '');
        break;
      case 'paragraph':
        out.push(b.text, '');
        break;
      case 'item':
        out.push(`- ${at(b.at)}${b.strong ? `**${b.strong}** ` : ''}${b.text}`.trimEnd());
        if (next?.type !== 'item') out.push('');
        break;
    }
  });
  return out.join('\n');
}
