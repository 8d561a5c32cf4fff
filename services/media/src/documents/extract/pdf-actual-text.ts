import { constants, inflateSync } from 'node:zlib';

/**
 * `/ActualText` of marked-content spans (`/Span <</ActualText (…)>> BDC … EMC`): the text a span
 * stands for when its glyphs do not say it. LibreOffice writes one around every glyph it draws with
 * a fallback font (CJK, Devanagari, Thai on a machine without those fonts), whose character map
 * gives the same character for all of them. pdf.js (5.6) reads such a span's MCID but not its
 * ActualText, so the page's content stream is read here for them, one entry per BDC/BMC in drawing
 * order (null when a mark has no ActualText), to be laid over pdf.js's marked-content items. The
 * reader indexes the file's objects once, on its first page.
 *
 * Only what LibreOffice and most writers produce is read: a page object and its content streams
 * stored as plain objects (not in object streams), unfiltered or Flate, not encrypted. Anything
 * else gives null, and the page keeps the text of its glyphs.
 */
export function actualTextReader(data: Buffer, maxBytes: number): (page: { num: number; gen: number } | null | undefined) => (string | null)[] | null {
  let offsets: Map<string, number> | undefined;
  const objectStart = (num: number, gen: number) => {
    if (!offsets) {
      // Every `num gen obj` of the file, read once; the last one wins (incremental updates come after).
      offsets = new Map();
      const text = data.toString('latin1');
      const re = /(?<![\d.])(\d+)\s+(\d+)\s+obj\b/g;
      for (let m; (m = re.exec(text));) offsets.set(`${m[1]} ${m[2]}`, m.index);
    }
    return offsets.get(`${num} ${gen}`) ?? -1;
  };
  const encrypted = data.includes('/Encrypt');
  return (page) => {
    if (!page || encrypted) return null;
    const at = objectStart(page.num, page.gen);
    if (at < 0) return null;
    const head = data.subarray(at, Math.min(data.length, at + 64 * 1024)).toString('latin1');
    const dict = head.slice(0, Math.max(0, head.search(/\bendobj\b|\bstream\r?\n/)));
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(dict);
    if (!contents) return null;
    const parts: string[] = [];
    let room = maxBytes;
    for (const ref of contents[1].matchAll(/(\d+)\s+(\d+)\s+R/g)) {
      const start = objectStart(Number(ref[1]), Number(ref[2]));
      const stream = start < 0 ? null : streamAt(data, start, room);
      if (stream === null) return null;
      room -= stream.length;
      parts.push(stream);
    }
    return marks(parts.join('\n'));
  };
}

/** The decoded bytes of a content stream object (latin1), or null when it is not plain or Flate. */
function streamAt(data: Buffer, at: number, room: number): string | null {
  const head = data.subarray(at, Math.min(data.length, at + 4096)).toString('latin1');
  const keyword = /\bstream(\r\n|\n|\r)/.exec(head);
  if (!keyword) return null;
  const dict = head.slice(0, keyword.index);
  const start = at + keyword.index + keyword[0].length;
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  let end = length ? start + Number(length[1]) : -1;
  if (end < start || end > data.length) end = data.indexOf('endstream', start);
  if (end < 0) return null;
  const filter = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1].replace(/[[\]\s]/g, '') ?? '';
  const packed = data.subarray(start, end);
  if (!filter) return packed.toString('latin1');
  if (filter !== '/FlateDecode' && filter !== '/Fl') return null;
  try {
    return inflateSync(packed, { maxOutputLength: Math.max(1, room), finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
  } catch {
    return null;
  }
}

/**
 * One entry per marked-content start (BMC or BDC) in drawing order, as pdf.js reports them: the
 * ActualText of an inline property list, else null. Strings and inline images are skipped whole,
 * so their bytes are never read as operators.
 */
export function marks(content: string): (string | null)[] {
  const out: (string | null)[] = [];
  // An inline dictionary, a literal string, a hex string, an inline image, or an operator. Strings
  // and inline images are skipped by hand from their start: one pass over the stream, however it
  // is cut (a regular expression spanning them would rescan the rest for every unclosed one).
  const token = /<<|>>|\(|<[0-9a-fA-F\s]*>|\bBI\b|\b(BDC|BMC)\b/g;
  const imageEnd = /\bEI\b/g;
  let dictStart = -1;
  let depth = 0;
  let lastDict: string | null = null;
  for (let m; (m = token.exec(content));) {
    const t = m[0];
    if (t === '<<') {
      if (depth++ === 0) dictStart = m.index;
    } else if (t === '>>') {
      if (depth > 0 && --depth === 0) lastDict = content.slice(dictStart, m.index + 2);
    } else if (t === '(') {
      // A literal string: balanced parentheses, backslash escapes.
      token.lastIndex = literalEnd(content, m.index);
    } else if (t === 'BI') {
      imageEnd.lastIndex = token.lastIndex;
      if (!imageEnd.exec(content)) break; // an inline image never closed: nothing after it is read
      token.lastIndex = imageEnd.lastIndex;
    } else if (m[1] && depth === 0) {
      out.push(m[1] === 'BDC' && lastDict ? actualTextOf(lastDict) : null);
      lastDict = null;
    }
  }
  return out;
}

function literalEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

function actualTextOf(dict: string): string | null {
  const m = /\/ActualText\s*(<[0-9a-fA-F\s]*>|\()/.exec(dict);
  if (!m) return null;
  let bytes: Buffer;
  if (m[1][0] === '<') {
    const hex = m[1].slice(1, -1).replace(/\s/g, '');
    bytes = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  } else {
    const start = m.index + m[0].length - 1;
    bytes = unescapeLiteral(dict.slice(start + 1, literalEnd(dict, start) - 1));
  }
  return decodePdfString(bytes);
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };

function unescapeLiteral(body: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out.push(c.charCodeAt(0) & 0xff);
      continue;
    }
    const next = body[++i];
    if (next === undefined) break;
    const octal = /^[0-7]{1,3}/.exec(body.slice(i, i + 3));
    if (octal) {
      out.push(parseInt(octal[0], 8) & 0xff);
      i += octal[0].length - 1;
    } else if (next === '\r' || next === '\n') {
      if (next === '\r' && body[i + 1] === '\n') i++;
    } else out.push(ESCAPES[next] ?? next.charCodeAt(0) & 0xff);
  }
  return Buffer.from(out);
}

/** A PDF text string: UTF-16BE or UTF-8 with their byte-order marks, else PDFDocEncoding (as Latin-1). */
export function decodePdfString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const body = bytes.subarray(2, 2 + ((bytes.length - 2) & ~1));
    return Buffer.from(body).swap16().toString('utf16le');
  }
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  return bytes.toString('latin1');
}
