import { DomainError } from '@visualnotes/contracts';
import { XMLParser } from 'fast-xml-parser';
import { posix } from 'node:path';
import { partition } from './docx';
import { CELL_SEPARATOR } from './pptx';
import type { ExtractedDocument, ExtractLimits } from './types';
import { tidy } from './types';
import { readZip } from './zip';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: true,
  htmlEntities: true,
  trimValues: false,
  parseTagValue: false,
});

const tagOf = (node: Node) => Object.keys(node).find((k) => k !== ':@') ?? '';
const attrs = (node: Node) => (node[':@'] ?? {}) as Record<string, string>;
function children(node: Node): Node[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as Node[]) : [];
}
function find(nodes: Node[], tag: string, out: Node[] = []): Node[] {
  for (const n of nodes) {
    if (tagOf(n).toLowerCase() === tag) out.push(n);
    else find(children(n), tag, out);
  }
  return out;
}

function parse(xml: Buffer | undefined): Node[] {
  if (!xml) throw new DomainError('DOCUMENT_CORRUPT');
  try {
    return parser.parse(xml.toString('utf8')) as Node[];
  } catch {
    throw new DomainError('DOCUMENT_CORRUPT');
  }
}

/** Elements whose content is not the book's text. */
const SKIP = new Set(['head', 'script', 'style', 'nav', 'svg', 'math', 'rt', 'rp']);
/** Elements that end a paragraph before and after them. */
const BLOCKS = new Set(
  'p div li ul ol dl dt dd blockquote pre figure figcaption caption section article aside header footer main table tbody thead tfoot hr body h1 h2 h3 h4 h5 h6 address'.split(
    ' ',
  ),
);

/** All text under nodes, line breaks for `<br>`. */
function textOf(nodes: Node[]): string {
  let text = '';
  for (const n of nodes) {
    const tag = tagOf(n).toLowerCase();
    if (tag === '#text') text += String(n['#text']);
    else if (tag === 'br') text += '\n';
    else if (!SKIP.has(tag)) text += (BLOCKS.has(tag) ? ' ' : '') + textOf(children(n));
  }
  return text;
}

/** A chapter's paragraphs, headings marked (they start parts, like a Word document's headings). */
function chapterBlocks(nodes: Node[], out: { heading: boolean; text: string }[]): void {
  let pending = '';
  const flush = () => {
    const text = tidy(pending);
    if (text) out.push({ heading: false, text });
    pending = '';
  };
  const walk = (list: Node[]) => {
    for (const n of list) {
      const tag = tagOf(n).toLowerCase();
      if (tag === '#text') pending += String(n['#text']);
      else if (tag === 'br') pending += '\n';
      else if (SKIP.has(tag)) continue;
      else if (/^h[1-6]$/.test(tag)) {
        flush();
        const text = tidy(textOf(children(n))).replace(/\s+/g, ' ');
        if (text) out.push({ heading: true, text });
      } else if (tag === 'tr') {
        // A table row is one line, its cells joined (as in Word and PowerPoint tables).
        flush();
        const cells = children(n)
          .filter((c) => ['td', 'th'].includes(tagOf(c).toLowerCase()))
          .map((c) => tidy(textOf(children(c))).replace(/\s+/g, ' '))
          .filter(Boolean);
        if (cells.length) out.push({ heading: false, text: cells.join(CELL_SEPARATOR) });
      } else if (BLOCKS.has(tag)) {
        flush();
        walk(children(n));
        flush();
      } else walk(children(n));
    }
  };
  walk(nodes);
  flush();
}

/** Entries an EPUB's text is read from (the rest, pictures and fonts, are only counted). */
const TEXT_ENTRY = /\.(xml|opf|x?html?|ncx)$/i;

/**
 * An EPUB book (XHTML chapters in a ZIP): META-INF/container.xml names the package (OPF), whose
 * spine gives the chapters' order; each heading starts a part, as in a Word document. The archive
 * is read within the same bounds as an Office file's.
 */
export async function extractEpub(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  const entries = await readZip(data, { maxEntries: limits.maxZipEntries, maxTotalBytes: limits.maxUnzippedBytes }, (n) => TEXT_ENTRY.test(n));
  const rootfile = find(parse(entries.get('META-INF/container.xml')), 'rootfile')[0];
  const opfPath = rootfile ? attrs(rootfile)['full-path'] : undefined;
  if (!opfPath) throw new DomainError('DOCUMENT_CORRUPT');
  const opf = parse(entries.get(opfPath));
  const base = posix.dirname(opfPath);
  const hrefs = new Map<string, string>();
  for (const item of find(opf, 'item')) {
    const { id, href } = attrs(item);
    if (id && href) hrefs.set(id, href);
  }
  const titleNode = find(opf, 'title')[0];
  const title = titleNode ? tidy(textOf(children(titleNode))).slice(0, 200) || null : null;
  const blocks: { heading: boolean; text: string }[] = [];
  for (const ref of find(opf, 'itemref')) {
    const href = hrefs.get(attrs(ref).idref);
    if (!href) continue;
    let path: string;
    try {
      path = posix.normalize(posix.join(base, decodeURIComponent(href.split('#')[0])));
    } catch {
      continue;
    }
    const chapter = entries.get(path);
    if (!chapter) continue;
    const body = find(parse(chapter), 'body')[0];
    if (body) chapterBlocks(children(body), blocks);
  }
  // A book made only of headings is summarized from those lines (as a Word document is).
  if (!blocks.some((b) => !b.heading)) for (const b of blocks) b.heading = false;
  return { kind: 'docx', title, pages: partition(blocks, limits) };
}
