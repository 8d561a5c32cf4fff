import { DomainError } from '@visualnotes/contracts';
import { CELL_SEPARATOR, coreTitle } from './pptx';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';
import { tidy, wordCount } from './types';
import { readZip } from './zip';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
function decode(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code = e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/**
 * A Word document as parts: each heading starts a part titled by it (mammoth maps Word's heading
 * styles to h1..h6); long stretches without headings are cut every `partWords` words.
 */
export async function extractDocx(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  // Bounded inflate first: mammoth would unpack whatever the archive claims.
  const entries = await readZip(data, { maxEntries: limits.maxZipEntries, maxTotalBytes: limits.maxUnzippedBytes }, (n) => n === 'docProps/core.xml');
  const mammoth = await import('mammoth');
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: data }, { ignoreEmptyParagraphs: true })).value;
  } catch {
    throw new DomainError('DOCUMENT_CORRUPT');
  }
  // Note marks ("[1]") and the notes' links back to them ("↑") are navigation, not text.
  html = html.replace(/<sup><a href="#(?:foot|end)note-\d+"[^>]*>[^<]*<\/a><\/sup>/g, '').replace(/\s*<a href="#(?:foot|end)note-ref-\d+">[^<]*<\/a>/g, '');
  const blocks: { heading: boolean; text: string }[] = [];
  for (const m of html.matchAll(/<(h[1-6]|p|li|tr|td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    // A table row is one line, its cells joined: one bare value per line makes no sentence.
    const text = m[1].toLowerCase() === 'tr' ? tableRow(m[2]) : tidy(decode(m[2]));
    if (text) blocks.push({ heading: m[1][0].toLowerCase() === 'h', text });
  }
  // A document made only of headings (a title page, a style map that turns every paragraph into a
  // heading) is summarized from those lines rather than refused as empty.
  if (!blocks.some((b) => !b.heading)) for (const b of blocks) b.heading = false;
  return { kind: 'docx', title: coreTitle(entries.get('docProps/core.xml')), pages: partition(blocks, limits) };
}

/** The non-empty cells of one table row (mammoth's HTML), on one line. */
function tableRow(html: string): string {
  return [...html.matchAll(/<(td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi)]
    .map((cell) => tidy(decode(cell[2].replace(/<\/p>/gi, ' '))).replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(CELL_SEPARATOR);
}

/** Splits blocks into parts at headings and every `partWords` words. */
export function partition(blocks: { heading: boolean; text: string }[], limits: ExtractLimits): ExtractedPage[] {
  const pages: ExtractedPage[] = [];
  let current: { title: string | null; lines: string[]; words: number } | null = null;
  const flush = () => {
    if (current && (current.lines.length || current.title)) {
      pages.push({ page: pages.length + 1, title: current.title, text: tidy(current.lines.join('\n')) });
    }
    current = null;
  };
  for (const block of blocks) {
    if (block.heading) {
      flush();
      current = { title: block.text.slice(0, 200), lines: [], words: 0 };
      continue;
    }
    const words = wordCount(block.text);
    if (current && current.words > 0 && current.words + words > limits.partWords) {
      const title: string | null = (current as { title: string | null }).title;
      flush();
      current = { title: title ? `${title} (continued)` : null, lines: [], words: 0 };
    }
    current ??= { title: null, lines: [], words: 0 };
    current.lines.push(block.text);
    current.words += words;
    if (pages.length > limits.maxPages) {
      throw new DomainError('PAYLOAD_TOO_LARGE', `This document is longer than ${limits.maxPages} parts; please split it into smaller files`);
    }
  }
  flush();
  return pages;
}

/** Pasted text or a .txt/.md file: Markdown headings start parts, blank lines end paragraphs. */
export function extractText(text: string, limits: ExtractLimits): ExtractedDocument {
  const blocks: { heading: boolean; text: string }[] = [];
  let title: string | null = null;
  let para: string[] = [];
  const endParagraph = () => {
    if (para.length) blocks.push({ heading: false, text: tidy(para.join('\n')) });
    para = [];
  };
  for (const line of text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')) {
    const heading = /^#{1,6}\s+(.*\S)\s*$/.exec(line);
    if (heading) {
      endParagraph();
      title ??= heading[1].slice(0, 200);
      blocks.push({ heading: true, text: heading[1] });
    } else if (line.trim()) para.push(line);
    else endParagraph();
  }
  endParagraph();
  return { kind: 'text', title, pages: partition(blocks, limits) };
}
