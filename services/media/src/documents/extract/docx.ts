import { DomainError } from '@visualnotes/contracts';
import { headingStyles, wordBlocks, type DocxBlock } from './docx-xml';
import { coreTitle } from './pptx';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';
import { tidy, wordCount } from './types';
import { readZip } from './zip';

/**
 * A Word document as parts: each heading (a paragraph in one of Word's heading styles) starts a
 * part titled by it; long stretches without headings are cut every `partWords` words. The main
 * part is read by a streaming XML parser, so a contract of tens of megabytes of XML reads in about
 * a second; the notes a paragraph refers to follow the text, in the order they are referred to.
 */
export async function extractDocx(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  const parts = new Set(['docProps/core.xml', 'word/document.xml', 'word/styles.xml', 'word/footnotes.xml', 'word/endnotes.xml']);
  const entries = await readZip(data, { maxEntries: limits.maxZipEntries, maxTotalBytes: limits.maxUnzippedBytes }, (n) => parts.has(n));
  const document = entries.get('word/document.xml');
  if (!document) throw new DomainError('DOCUMENT_CORRUPT');
  const headings = headingStyles(entries.get('word/styles.xml'));
  const refs: { kind: 'footnote' | 'endnote'; id: string }[] = [];
  const blocks = wordBlocks(document, headings, { notes: { refs } });
  entries.delete('word/document.xml');
  const notes = new Map<string, DocxBlock[]>();
  for (const kind of ['footnote', 'endnote'] as const) {
    const xml = entries.get(`word/${kind}s.xml`);
    if (xml) wordBlocks(xml, headings, { onNote: (id, noteBlocks) => notes.set(`${kind} ${id}`, noteBlocks) });
  }
  for (const ref of refs) {
    const text = tidy((notes.get(`${ref.kind} ${ref.id}`) ?? []).map((b) => b.text).join('\n'));
    if (text) blocks.push({ heading: false, text });
  }
  // A document made only of headings (a title page, a style map that turns every paragraph into a
  // heading) is summarized from those lines rather than refused as empty.
  if (!blocks.some((b) => !b.heading)) for (const b of blocks) b.heading = false;
  return { kind: 'docx', title: coreTitle(entries.get('docProps/core.xml')), pages: partition(blocks, limits) };
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
