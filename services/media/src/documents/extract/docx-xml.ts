import { DomainError } from '@visualnotes/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { CELL_SEPARATOR } from './pptx';
import { tidy } from './types';

export interface DocxBlock {
  heading: boolean;
  text: string;
}

/** Bytes of XML handed to the parser at a time (a large part is never one string). */
const CHUNK = 1024 * 1024;

/**
 * Runs a SAX parser over an XML part in slices: memory stays near the part's own bytes, where a
 * DOM (mammoth's) of a 12 MB document.xml took seconds and hundreds of megabytes.
 */
function parseXml(xml: Buffer, on: { open: (tag: SaxesTagPlain) => void; close: (name: string) => void; text: (text: string) => void }): void {
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', on.open);
  parser.on('closetag', (tag) => on.close(tag.name));
  parser.on('text', on.text);
  const decoder = new TextDecoder('utf-8');
  for (let at = 0; at < xml.length && !failed; at += CHUNK) parser.write(decoder.decode(xml.subarray(at, at + CHUNK), { stream: true }));
  if (!failed) parser.write(decoder.decode()).close();
  if (failed) throw new DomainError('DOCUMENT_CORRUPT');
}

/** Style ids that are headings: Word's "Heading1".."Heading6" (any language keeps these names' ids or names). */
export function headingStyles(stylesXml: Buffer | undefined): Set<string> {
  const ids = new Set(['Heading', 'Heading1', 'Heading2', 'Heading3', 'Heading4', 'Heading5', 'Heading6']);
  if (!stylesXml) return ids;
  let styleId: string | null = null;
  parseXml(stylesXml, {
    open: (tag) => {
      if (tag.name === 'w:style') styleId = tag.attributes['w:styleId'] ?? null;
      else if (tag.name === 'w:name' && styleId && /^heading( [1-6])?$/i.test(tag.attributes['w:val'] ?? '')) ids.add(styleId);
    },
    close: (name) => {
      if (name === 'w:style') styleId = null;
    },
    text: () => undefined,
  });
  return ids;
}

/** One paragraph being read: its style and text; cells and rows of the tables it sits in. */
interface Paragraph {
  style: string | null;
  text: string;
}

/**
 * The blocks of a WordprocessingML part (document.xml, or the notes parts), in order: a paragraph
 * is a block (a heading when its style is one), a table row one block with its cells joined, as the
 * reader showed mammoth's HTML. Note references are collected in the order they appear.
 * What Word does not show is left out: deleted text, field codes, the first of two alternative
 * renderings (the fallback is read, as mammoth reads it).
 */
export function wordBlocks(
  xml: Buffer,
  headings: Set<string>,
  options: { notes?: { refs: { kind: 'footnote' | 'endnote'; id: string }[] }; onNote?: (id: string, blocks: DocxBlock[]) => void } = {},
): DocxBlock[] {
  const out: DocxBlock[] = [];
  const paragraphs: Paragraph[] = [];
  /** Open tables: rows of cells, each cell's paragraph texts. */
  const tables: { cells: string[][]; row: string[] | null }[] = [];
  let inText = false;
  let skip = 0;
  let note: { id: string; blocks: DocxBlock[] } | null = null;
  const target = () => note?.blocks ?? out;
  const append = (text: string) => {
    const p = paragraphs[paragraphs.length - 1];
    if (p) p.text += text;
  };
  parseXml(xml, {
    open: (tag) => {
      // Every opened tag is closed (saxes closes self-closing ones too): skipping counts depth.
      if (skip) {
        skip++;
        return;
      }
      const a = tag.attributes;
      switch (tag.name) {
        case 'w:p':
          paragraphs.push({ style: null, text: '' });
          break;
        case 'w:pStyle':
          if (paragraphs.length) paragraphs[paragraphs.length - 1].style = a['w:val'] ?? null;
          break;
        case 'w:t':
          inText = true;
          break;
        case 'w:tab':
          append('\t');
          break;
        case 'w:br':
          if (!a['w:type'] || a['w:type'] === 'textWrapping') append('\n');
          break;
        case 'w:cr':
          append('\n');
          break;
        case 'w:noBreakHyphen':
          append('\u2011');
          break;
        case 'w:tbl':
          tables.push({ cells: [], row: null });
          break;
        case 'w:tr':
          if (tables.length) tables[tables.length - 1].row = [];
          break;
        case 'w:tc':
          paragraphs.push({ style: null, text: '' });
          break;
        case 'w:footnoteReference':
        case 'w:endnoteReference':
          if (a['w:id']) options.notes?.refs.push({ kind: tag.name === 'w:footnoteReference' ? 'footnote' : 'endnote', id: a['w:id'] });
          break;
        case 'w:footnote':
        case 'w:endnote':
          // Separators are the lines Word draws above the notes, not notes.
          note = a['w:type'] && a['w:type'] !== 'normal' ? null : { id: a['w:id'] ?? '', blocks: [] };
          break;
        // A paragraph's tab stops are no tab characters; the rest shows nothing.
        case 'w:tabs':
        case 'w:del':
        case 'w:moveFrom':
        case 'w:instrText':
        case 'w:delText':
        case 'mc:Choice':
        case 'w:commentReference':
          skip = 1;
          break;
      }
    },
    close: (name) => {
      if (skip) {
        skip--;
        return;
      }
      switch (name) {
        case 'w:t':
          inText = false;
          break;
        case 'w:p': {
          const p = paragraphs.pop();
          if (!p) break;
          const text = tidy(p.text);
          // A paragraph inside a cell (or a text box in one) goes to its cell.
          const cell = paragraphs[paragraphs.length - 1];
          if (cell && tables.length) cell.text += (cell.text ? '\n' : '') + text;
          else if (cell) target().push(...(text ? [{ heading: false, text }] : []));
          else if (text) target().push({ heading: !!p.style && headings.has(p.style), text });
          break;
        }
        case 'w:tc': {
          const cell = paragraphs.pop();
          const table = tables[tables.length - 1];
          const text = tidy(cell?.text ?? '').replace(/\s+/g, ' ');
          if (table?.row && text) table.row.push(text);
          break;
        }
        case 'w:tr': {
          const table = tables[tables.length - 1];
          if (table?.row?.length) {
            const line = table.row.join(CELL_SEPARATOR);
            // A table inside a cell: its rows are that cell's text.
            const outerCell = tables.length > 1 ? paragraphs[paragraphs.length - 1] : null;
            if (outerCell) outerCell.text += (outerCell.text ? ' ' : '') + line;
            else target().push({ heading: false, text: line });
          }
          if (table) table.row = null;
          break;
        }
        case 'w:tbl':
          tables.pop();
          break;
        case 'w:footnote':
        case 'w:endnote':
          if (note) options.onNote?.(note.id, note.blocks);
          note = null;
          break;
      }
    },
    text: (text) => {
      if (inText && !skip) append(text);
    },
  });
  return out;
}
