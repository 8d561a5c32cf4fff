import { DomainError } from '@visualnotes/contracts';
import { XMLParser } from 'fast-xml-parser';
import { posix } from 'node:path';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';
import { tidy } from './types';
import { readZip } from './zip';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
});

function children(node: Node): Node[] {
  for (const key of Object.keys(node)) if (key !== ':@' && Array.isArray(node[key])) return node[key] as Node[];
  return [];
}
const tagOf = (node: Node) => Object.keys(node).find((k) => k !== ':@') ?? '';
const attrs = (node: Node) => (node[':@'] ?? {}) as Record<string, string>;

function find(nodes: Node[], tag: string, out: Node[] = []): Node[] {
  for (const n of nodes) {
    if (tagOf(n) === tag) out.push(n);
    else find(children(n), tag, out);
  }
  return out;
}

/** The text of `<a:t>` runs under a node, `<a:br>` as a line break. */
function runs(nodes: Node[]): string {
  let text = '';
  for (const n of nodes) {
    const tag = tagOf(n);
    if (tag === '#text') text += String(n['#text']);
    else if (tag === 'a:br') text += '\n';
    else if (tag === 'a:t' || tag.startsWith('a:') || tag.startsWith('p:')) text += runs(children(n));
  }
  return text;
}

function parse(xml: Buffer): Node[] {
  try {
    return parser.parse(xml.toString('utf8')) as Node[];
  } catch {
    throw new DomainError('DOCUMENT_CORRUPT');
  }
}

/** The non-empty `<a:p>` paragraphs under nodes, in document order. */
function paragraphsOf(nodes: Node[]): string[] {
  return find(nodes, 'a:p')
    .map((p) => runs(children(p)).trim())
    .filter(Boolean);
}

/** Separates the cells of one table row: a row reads as one line, not one bare value per line. */
export const CELL_SEPARATOR = ' · ';

/** A table's rows, each row's non-empty cells on one line. */
function tableRows(table: Node): string[] {
  return find(children(table), 'a:tr')
    .map((tr) =>
      find(children(tr), 'a:tc')
        .map((tc) => paragraphsOf(children(tc)).join(' ').replace(/\s+/g, ' '))
        .filter(Boolean)
        .join(CELL_SEPARATOR),
    )
    .filter(Boolean);
}

/**
 * The text of a SmartArt diagram: the shapes PowerPoint drew for it (the drawing part the data part
 * names, which holds the text as laid out), else the text of the data model's points in their order
 * (connector points carry none).
 */
function diagramText(dataPath: string | undefined, slideRels: Map<string, { type: string; target: string }>, entries: Map<string, Buffer>): string[] {
  const data = dataPath ? entries.get(dataPath) : undefined;
  if (!data) return [];
  const model = parse(data);
  const drawingId = find(model, 'dsp:dataModelExt').map((n) => attrs(n).relId)[0];
  // Without that link, a slide's only diagram drawing is this diagram's.
  const drawings = [...slideRels.values()].filter((r) => r.type.endsWith('/diagramDrawing'));
  const drawingPath = drawingId ? slideRels.get(drawingId)?.target : drawings.length === 1 ? drawings[0].target : undefined;
  const drawing = drawingPath ? entries.get(drawingPath) : undefined;
  if (drawing) {
    const texts = find(parse(drawing), 'dsp:sp').flatMap((sp) => paragraphsOf(children(sp)));
    if (texts.length) return texts;
  }
  return find(model, 'dgm:pt')
    .filter((pt) => !['parTrans', 'sibTrans', 'pres'].includes(attrs(pt).type ?? ''))
    .flatMap((pt) => paragraphsOf(find(children(pt), 'dgm:t')));
}

/** Paragraph texts of every shape of a slide; `titleOf` gets the title placeholder's text. */
function shapes(xml: Buffer, skipPlaceholders: string[], diagram: (dataRelId: string) => string[] = () => []): { title: string | null; paragraphs: string[] } {
  const doc = parse(xml);
  let title: string | null = null;
  let firstLine: string | null = null;
  /** Shapes and frames with text: a lone text box is the slide's content, not its title. */
  let boxes = 0;
  const paragraphs: string[] = [];
  for (const sp of find(doc, 'p:sp')) {
    const ph = find(children(sp), 'p:ph')[0];
    const type = ph ? (attrs(ph).type ?? 'body') : null;
    if (type && skipPlaceholders.includes(type)) continue;
    const texts = paragraphsOf(children(sp));
    if (!texts.length) continue;
    if (!title && (type === 'title' || type === 'ctrTitle')) title = texts.join(' ');
    firstLine ??= texts[0];
    boxes++;
    paragraphs.push(...texts);
  }
  // Tables and SmartArt diagrams (graphic frames) hold text outside shapes.
  for (const frame of find(doc, 'p:graphicFrame')) {
    const table = find(children(frame), 'a:tbl')[0];
    const diagramIds = find(children(frame), 'dgm:relIds')[0];
    const texts = table ? tableRows(table) : diagramIds ? diagram(attrs(diagramIds)['r:dm'] ?? '') : paragraphsOf(children(frame));
    if (texts.length) boxes++;
    paragraphs.push(...texts);
  }
  // Decks made of plain text boxes: the first short line of the slide is its title, unless it is
  // a line of running text (a page laid out as slides, a text box wrapped by hand) or the slide's
  // only text box, which is what the slide says.
  if (!title && firstLine && boxes > 1 && firstLine.length <= 120 && !skipPlaceholders.includes('sldImg') && !runningText(firstLine, paragraphs[1]))
    title = firstLine;
  return { title, paragraphs };
}

/**
 * Whether a slide's first line is a piece of running text rather than a title: it begins in lower
 * case (the end of a sentence begun on the slide before), holds the end of a sentence with more
 * words after it, ends as a clause does (comma, semicolon, hyphen), or it is long and the line
 * after it goes on in lower case (the sentence runs on).
 */
export function runningText(line: string, next: string | undefined): boolean {
  const t = line.trim();
  return (
    /^\p{Ll}/u.test(t) ||
    /\p{L}{2,}[.!?。！？]["'”’)]*\s+["'“‘(]?[\p{Lu}\p{Lo}]/u.test(t) ||
    /[,;\-–—]$/.test(t) ||
    // A title of a few words may stand over bullets in lower case; a long line going on into one is running text.
    (t.split(/\s+/).length >= 6 && !/[.!?:。！？：]$/.test(t) && /^\p{Ll}/u.test(next?.trim() ?? ''))
  );
}

function relationships(xml: Buffer | undefined, base: string): Map<string, { type: string; target: string }> {
  const map = new Map<string, { type: string; target: string }>();
  if (!xml) return map;
  for (const rel of find(parser.parse(xml.toString('utf8')) as Node[], 'Relationship')) {
    const a = attrs(rel);
    if (a.Id && a.Target) map.set(a.Id, { type: a.Type ?? '', target: posix.normalize(posix.join(base, a.Target)) });
  }
  return map;
}

/** Slide text and speaker notes of a PowerPoint file, in the presentation's slide order. */
export async function extractPptx(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  const entries = await readZip(
    data,
    { maxEntries: limits.maxZipEntries, maxTotalBytes: limits.maxUnzippedBytes },
    (name) =>
      /^ppt\/(presentation\.xml|_rels\/presentation\.xml\.rels|slides\/.*\.xml(\.rels)?|notesSlides\/[^/]+\.xml|diagrams\/(data|drawing)[^/]*\.xml)$/.test(
        name,
      ) || name === 'docProps/core.xml',
  );
  const presentation = entries.get('ppt/presentation.xml');
  if (!presentation) throw new DomainError('DOCUMENT_CORRUPT');
  const rels = relationships(entries.get('ppt/_rels/presentation.xml.rels'), 'ppt');
  const order = find(parser.parse(presentation.toString('utf8')) as Node[], 'p:sldId')
    .map((n) => rels.get(attrs(n)['r:id'])?.target)
    .filter((t): t is string => !!t && entries.has(t));
  if (order.length > limits.maxPages) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `This presentation has more than ${limits.maxPages} slides; please split it into smaller files`);
  }
  const pages: ExtractedPage[] = order.map((path, i) => {
    const slideRels = relationships(entries.get(`${posix.dirname(path)}/_rels/${posix.basename(path)}.rels`), posix.dirname(path));
    const slide = shapes(entries.get(path)!, ['sldNum', 'dt', 'ftr'], (id) => diagramText(slideRels.get(id)?.target, slideRels, entries));
    const notesPath = [...slideRels.values()].find((r) => r.type.endsWith('/notesSlide'))?.target;
    const notes = notesPath && entries.has(notesPath) ? shapes(entries.get(notesPath)!, ['sldNum', 'sldImg', 'hdr', 'ftr', 'dt']).paragraphs : [];
    const body = slide.paragraphs.filter((p, j) => !(j === 0 && p === slide.title));
    // Speaker notes after the slide's own text (no label: the deck may be in any language).
    const text = [body.join('\n'), notes.join('\n')].filter(Boolean).join('\n\n');
    return { page: i + 1, title: slide.title, text: tidy(text) };
  });
  return { kind: 'pptx', title: coreTitle(entries.get('docProps/core.xml')) ?? pages.find((p) => p.title)?.title ?? null, pages };
}

export function coreTitle(xml: Buffer | undefined): string | null {
  if (!xml) return null;
  try {
    const t = find(parser.parse(xml.toString('utf8')) as Node[], 'dc:title')[0];
    const text = t ? runs(children(t)).trim() : '';
    return text ? text.slice(0, 200) : null;
  } catch {
    return null;
  }
}
