import { constants, inflateSync } from 'node:zlib';

/**
 * `/ActualText` of marked-content spans (`/Span <</ActualText (…)>> BDC … EMC`): the text a span
 * stands for when its glyphs do not say it. LibreOffice writes one around every glyph it draws with
 * a fallback font (CJK, Devanagari, Thai on a machine without those fonts), whose character map
 * gives the same character for all of them, and around every reordered or conjunct cluster it
 * draws with a real Indic font, whose character map names only the cluster's first glyph. pdf.js
 * (5.6) reads such a span's MCID but not its ActualText, so the page's content stream is read here
 * for them, one entry per BDC/BMC in drawing order, to be laid over pdf.js's marked-content items.
 * The reader indexes the file's objects once, on its first page.
 *
 * A glyph the font's character map leaves out and whose code is a control character (LibreOffice
 * numbers a subset font's glyphs from 1, so the ninth to thirteenth are tab to carriage return)
 * reads as a blank in pdf.js, which reports it only when the next glyph is drawn. Each mark says
 * whether only such glyphs, and no real space, stand between it and the text drawn next to it.
 *
 * Only what LibreOffice and most writers produce is read: a page object, its content streams, its
 * resources and fonts stored as plain objects (not in object streams), streams unfiltered or
 * Flate, not encrypted. Anything else gives null, and the page keeps the text of its glyphs; a
 * font whose character map cannot be read counts no glyph as a blank.
 */
export function actualTextReader(data: Buffer, maxBytes: number): (page: { num: number; gen: number } | null | undefined) => PageText | null {
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
  /** An object's dictionary, as text (without its stream). */
  const objectDict = (num: number, gen: number): string | null => {
    const at = objectStart(num, gen);
    if (at < 0) return null;
    const head = data.subarray(at, Math.min(data.length, at + 64 * 1024)).toString('latin1');
    return head.slice(0, Math.max(0, head.search(/\bendobj\b|\bstream\r?\n/)));
  };
  /** A dictionary-valued entry of a dictionary: inline or referenced. */
  const dictEntry = (dict: string, key: string): string | null => {
    const at = new RegExp(`/${key}\\s*(<<|(\\d+)\\s+(\\d+)\\s+R)`).exec(dict);
    if (!at) return null;
    if (at[2]) return objectDict(Number(at[2]), Number(at[3]));
    const open = at.index + at[0].length - 2;
    return dict.slice(open, dictEnd(dict, open));
  };
  /** An array-valued entry of a dictionary, inline or referenced, as text (brackets included). */
  const arrayEntry = (dict: string, key: string): string | null => {
    const at = new RegExp(`/${key}\\s*(\\[|(\\d+)\\s+(\\d+)\\s+R)`).exec(dict);
    if (!at) return null;
    const text = at[2] ? objectDict(Number(at[2]), Number(at[3])) : dict.slice(at.index + at[0].length - 1);
    const open = text?.indexOf('[') ?? -1;
    if (!text || open < 0) return null;
    let depth = 0;
    for (let i = open; i < text.length; i++) {
      if (text[i] === '[') depth++;
      else if (text[i] === ']' && --depth === 0) return text.slice(open, i + 1);
    }
    return null;
  };
  const cidWidthsOf = (dict: string): PageFont['cidWidths'] => {
    const descendants = arrayEntry(dict, 'DescendantFonts');
    const ref = descendants && /(\d+)\s+(\d+)\s+R/.exec(descendants);
    const descendant = ref ? objectDict(Number(ref[1]), Number(ref[2])) : null;
    if (!descendant) return null;
    const widths = new Map<number, number>();
    const w = arrayEntry(descendant, 'W');
    if (w) {
      // `c [w1 w2 …]` gives CIDs from c on; `c1 c2 w` gives CIDs c1 to c2 one width.
      const tokens = w.slice(1, -1).match(/\[[^\]]*\]|[-+]?[\d.]+/g) ?? [];
      // CIDs are 16-bit: a file that names more (ranges again and again) is read up to that many.
      let room = 65536;
      for (let i = 0; i < tokens.length && room > 0;) {
        const first = Number(tokens[i]);
        if (tokens[i + 1]?.startsWith('[')) {
          tokens[i + 1]
            .slice(1, -1)
            .trim()
            .split(/\s+/)
            .filter(Boolean)
            .slice(0, room)
            .forEach((v, k) => {
              widths.set(first + k, Number(v));
              room--;
            });
          i += 2;
        } else {
          const last = Math.min(Number(tokens[i + 1]), first + room - 1);
          for (let c = first; c <= last; c++) widths.set(c, Number(tokens[i + 2]));
          room -= Math.max(1, last - first + 1);
          i += 3;
        }
      }
    }
    return { byCid: widths, default: Number(/\/DW\s+([\d.]+)/.exec(descendant)?.[1] ?? 1000) };
  };
  const fonts = new Map<string, PageFont>();
  const fontOf = (num: number, gen: number): PageFont => {
    const key = `${num} ${gen}`;
    if (!fonts.has(key)) {
      const font: PageFont = { map: null, widths: null, cidWidths: null };
      const dict = objectDict(num, gen);
      const ref = dict && /\/ToUnicode\s+(\d+)\s+(\d+)\s+R/.exec(dict);
      const start = ref ? objectStart(Number(ref[1]), Number(ref[2])) : -1;
      const cmap = start < 0 ? null : streamAt(data, start, maxBytes);
      const composite = !!dict && /\/Subtype\s*\/Type0\b/.test(dict);
      if (dict && cmap !== null) font.map = codeMap(cmap, composite ? 2 : 1);
      // A simple font's glyph widths (thousandths of the size), to follow where its glyphs end.
      const widths = dict && !composite ? /\/Widths\s*(\[[^\]]*\]|(\d+)\s+(\d+)\s+R)/.exec(dict) : null;
      const list = widths?.[2] ? /\[([^\]]*)\]/.exec(objectDict(Number(widths[2]), Number(widths[3])) ?? '')?.[0] : widths?.[1];
      if (list) font.widths = { first: Number(/\/FirstChar\s+(\d+)/.exec(dict!)?.[1] ?? 0), list: list.slice(1, -1).trim().split(/\s+/).map(Number) };
      // A composite font's widths by CID (its descendant's /W and /DW), when its codes are CIDs.
      if (dict && composite && /\/Encoding\s*\/Identity-H\b/.test(dict)) font.cidWidths = cidWidthsOf(dict);
      fonts.set(key, font);
    }
    return fonts.get(key)!;
  };
  const encrypted = data.includes('/Encrypt');
  return (page) => {
    if (!page || encrypted) return null;
    const dict = objectDict(page.num, page.gen);
    if (dict === null) return null;
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
    // The page's fonts by resource name (resources may be inherited from the page tree node above).
    const parent = /\/Parent\s+(\d+)\s+(\d+)\s+R/.exec(dict);
    const resources = dictEntry(dict, 'Resources') ?? (parent ? dictEntry(objectDict(Number(parent[1]), Number(parent[2])) ?? '', 'Resources') : null);
    const fontDict = resources ? dictEntry(resources, 'Font') : null;
    const pageFonts = new Map<string, PageFont>();
    for (const f of fontDict?.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+(\d+)\s+R/g) ?? []) pageFonts.set(f[1], fontOf(Number(f[2]), Number(f[3])));
    return pageText(parts.join('\n'), pageFonts);
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

/** One marked-content start (BMC or BDC) of a page, in drawing order, as pdf.js reports them. */
export interface PageMark {
  /** The ActualText of its inline property list, else null. */
  text: string | null;
  /**
   * The file puts its first text right after the text drawn before it (`nogap` in `GlyphRun`):
   * whatever blank pdf.js reports there is no word break.
   */
  joinBefore: boolean;
  /** The same between its last text and the text drawn after it. */
  joinAfter: boolean;
}

/**
 * The glyphs drawn between two marked-content boundaries (or a page's start or end) outside any
 * ActualText span, as pdf.js shows them, in drawing order: each with its text as pdf.js reads it
 * (`shown`, null when that cannot be told), whether that text is the glyph's (`keep`: not a
 * control code the font's map leaves out), and what stands between it and the text glyph before
 * it: a space (a space glyph, or a move of the text position as wide as a word gap), `nogap` (the
 * file puts it right after that glyph: only glyphs without Unicode, or moves short of a word gap,
 * stand between), or `none` (the file does not say: a new line, or widths not known).
 */
export interface GlyphRun {
  /** `line`: drawn on another line than the text glyph before it. */
  glyphs: { shown: string | null; keep: boolean; before: 'space' | 'nogap' | 'none'; line?: boolean }[];
}

/** What a page's content stream says about its text: its marks, and its runs between them. */
export interface PageText {
  marks: PageMark[];
  /** One per stretch between marked-content boundaries (marks + ends + 1); null inside ActualText spans. */
  runs: (GlyphRun | null)[];
}

/** The ActualText of each marked-content start of a content stream (see `pageText`). */
export function marks(content: string): (string | null)[] {
  return pageText(content, new Map()).marks.map((m) => m.text);
}

/** A font of a page: its character map (ToUnicode) and, for a simple font, its glyph widths. */
export interface PageFont {
  map: CodeMap | null;
  widths: { first: number; list: number[] } | null;
  /** A composite font's widths by CID, and the width of the others (its codes are CIDs). */
  cidWidths?: { byCid: Map<number, number>; default: number } | null;
}

/** Words set apart by moving the text position, not by a space glyph: a move of this much of the size or more. */
const WORD_GAP = 0.1;

/**
 * The marks and runs of a content stream with the fonts of its page (by resource name; a font
 * without a readable map reads every glyph but code 32 as text). Strings are read whole and inline
 * images skipped, so their bytes are never read as operators; a string is shown by the operator
 * that follows it (Tj, ', ", or TJ after an array).
 *
 * Where the text goes is followed along each line (text matrix moves, glyph widths, TJ
 * adjustments): a move right of `WORD_GAP` or more counts as a space; where the glyphs' widths are
 * not known, what stands between two glyphs is not told (the blanks pdf.js reports there are kept).
 */
export function pageText(content: string, fonts: Map<string, PageFont>): PageText {
  const out: PageMark[] = [];
  const runs: (GlyphRun | null)[] = [];
  /** How many open marks carry an ActualText (their glyphs are replaced, not read). */
  let spans = 0;
  let run: GlyphRun | null = { glyphs: [] };
  const boundary = () => {
    runs.push(run);
    run = spans > 0 ? null : { glyphs: [] };
  };
  // An inline dictionary, a literal or hex string, an array bracket, a name, an inline image, or an
  // operator. Strings and inline images are skipped by hand from their start: one pass over the
  // stream, however it is cut (a regular expression spanning them would rescan the rest for every
  // unclosed one).
  const token = /<<|>>|\(|<[0-9a-fA-F\s]*>|\[|\]|\/[^\s/<>[\]()]*|[+-]?(?:\d+\.?\d*|\.\d+)|\bBI\b|\b(BDC|BMC|EMC|Tf|Tj|TJ|Tm|Td|TD|BT)\b|\bT\*|'|"/g;
  const imageEnd = /\bEI\b/g;
  let dictStart = -1;
  let depth = 0;
  let lastDict: string | null = null;
  let lastName = '';
  let font: CodeMap | null = null;
  let widths: PageFont['widths'] = null;
  let cidWidths: PageFont['cidWidths'] = null;
  /** Strings since the last operator (those of a TJ array with its adjustments, or the one of Tj). */
  let shown: (Buffer | number)[] = [];
  /** Numbers since the last operator, outside arrays (the operands of Tm, Td, Tf). */
  let operands: number[] = [];
  let inArray = false;
  // Where the next glyph goes on its line, where the line starts, the line's height, the size;
  // `known`: every glyph since the text position was last set had a known width.
  let x = 0;
  let lineX = 0;
  let lineY = 0;
  let y = 0;
  let size = 0;
  let known = true;
  /** The text position is set to (nx, ny): a move right on the same line is a word gap. */
  const moveTo = (nx: number, ny: number) => {
    // A gap on the same line is measured glyph to glyph (see `end`), when the widths are known.
    if (!(Math.abs(ny - y) <= Math.max(1, size * 0.5))) newLine = true;
    else if (!known) unsure = true;
    x = nx;
    y = ny;
    known = true;
  };
  const open: number[] = [];
  // The glyphs drawn since the last text glyph, and the marks that began or ended among them.
  let undrawn = false;
  let space = false;
  /** Where the last glyph of a word ended (NaN: not known), where it started, and on which line. */
  let end = Number.NaN;
  let endStart = Number.NaN;
  let endY = Number.NaN;
  /** The text position went to another line since the last text glyph, or moved by how much is not known. */
  let newLine = false;
  let unsure = false;
  /** What stands before each mark's first text and after its last. */
  const sides: [string, string][] = [];
  let begun: number[] = [];
  let ended: number[] = [];
  const glyphs = (bytes: Buffer) => {
    const width = font?.width ?? 1;
    for (let i = 0; i + width <= bytes.length; i += width) {
      const code = width === 2 ? bytes.readUInt16BE(i) : bytes[i];
      const { kind, shown } = glyphOf(font, code, width);
      // Inside an ActualText span every glyph stands for its text, with Unicode or without.
      if (kind === 'text' || kind === 'garbage' || (kind === 'undrawn' && spans > 0)) {
        // Where both ends are known, the gap between the glyphs tells (a file may draw a line's
        // spaces, or a full stop, apart from the rest); else what was drawn in between.
        const measured = known && Number.isFinite(end) && Math.abs(y - endY) <= Math.max(1, size * 0.5);
        const before = measured ? (x - end >= size * WORD_GAP ? 'space' : 'nogap') : space ? 'space' : !newLine && !unsure && undrawn ? 'nogap' : 'none';
        run?.glyphs.push(newLine ? { shown, keep: kind === 'text', before, line: true } : { shown, keep: kind === 'text', before });
        newLine = unsure = false;
        for (const k of begun) sides[k][0] = before;
        for (const k of ended) sides[k][1] = before;
        begun = [];
        ended = [];
        undrawn = space = false;
      } else if (kind === 'undrawn') undrawn = true;
      else if (kind === 'space') space = true;
      const start = x;
      const advance =
        width === 1 ? (widths ? widths.list[code - widths.first] : undefined) : cidWidths ? (cidWidths.byCid.get(code) ?? cidWidths.default) : undefined;
      if (advance === undefined || !Number.isFinite(advance)) known = false;
      else x += (advance / 1000) * size;
      // A glyph without Unicode is part of the word it is drawn in; a space is not. A mark placed
      // back over the glyph before it (a vowel sign set below a consonant) does not end the word
      // there: the text drawn next is measured from the consonant's end.
      if (kind !== 'space') {
        const over = known && Number.isFinite(end) && Math.abs(y - endY) <= Math.max(1, size * 0.5) && start >= endStart && start < end;
        end = known ? (over ? Math.max(end, x) : x) : Number.NaN;
        if (!over) endStart = start;
        endY = y;
      }
    }
  };
  for (let m; (m = token.exec(content));) {
    const t = m[0];
    if (t === '<<') {
      if (depth++ === 0) dictStart = m.index;
    } else if (t === '>>') {
      if (depth > 0 && --depth === 0) lastDict = content.slice(dictStart, m.index + 2);
    } else if (depth > 0) {
      if (t === '(') token.lastIndex = literalEnd(content, m.index);
    } else if (t === '(') {
      // A literal string: balanced parentheses, backslash escapes.
      const end = literalEnd(content, m.index);
      shown.push(unescapeLiteral(content.slice(m.index + 1, end - 1)));
      token.lastIndex = end;
    } else if (t[0] === '<') {
      const hex = t.slice(1, -1).replace(/\s/g, '');
      shown.push(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
    } else if (t[0] === '/') {
      lastName = t.slice(1);
    } else if (t === '[') {
      shown = [];
      inArray = true;
    } else if (t === ']') {
      inArray = false;
      continue;
    } else if (/^[+-]?[\d.]/.test(t)) {
      if (inArray) shown.push(Number(t));
      else operands.push(Number(t));
      continue;
    } else if (t === 'BI') {
      imageEnd.lastIndex = token.lastIndex;
      if (!imageEnd.exec(content)) break; // an inline image never closed: nothing after it is read
      token.lastIndex = imageEnd.lastIndex;
    } else if (m[1] === 'BDC' || m[1] === 'BMC') {
      open.push(out.length);
      begun.push(out.length);
      const text = m[1] === 'BDC' && lastDict ? actualTextOf(lastDict) : null;
      out.push({ text, joinBefore: false, joinAfter: false });
      sides.push(['none', 'none']);
      if (text !== null) spans++;
      boundary();
      lastDict = null;
    } else if (m[1] === 'EMC') {
      const k = open.pop();
      if (k !== undefined) {
        ended.push(k);
        if (out[k].text !== null) spans--;
        boundary();
      }
    } else if (m[1] === 'Tf') {
      const f = fonts.get(lastName);
      font = f?.map ?? null;
      widths = f?.widths ?? null;
      cidWidths = f?.cidWidths ?? null;
      size = Math.abs(operands.at(-1) ?? size);
    } else if (m[1] === 'BT') {
      // A new text object starts from the page's origin; where the last one ended still counts.
      lineX = lineY = 0;
    } else if (m[1] === 'Tm') {
      if (operands.length >= 6) {
        lineX = operands[operands.length - 2];
        lineY = operands[operands.length - 1];
        moveTo(lineX, lineY);
      }
    } else if (m[1] === 'Td' || m[1] === 'TD') {
      if (operands.length >= 2) {
        lineX += operands[operands.length - 2];
        lineY += operands[operands.length - 1];
        moveTo(lineX, lineY);
      }
    } else if (t === 'T*') {
      // The next line (its height is not followed): no gap to measure.
      x = lineX;
      y = Number.NaN;
      newLine = true;
      known = true;
    } else {
      // Tj, TJ, ' and ": the strings given to them, and a TJ array's moves (thousandths of the size).
      if (t === "'" || t === '"') {
        x = lineX;
        y = Number.NaN;
        newLine = true;
        known = true;
      }
      for (const e of shown) {
        if (typeof e !== 'number') glyphs(e);
        else {
          x -= (e / 1000) * size;
          if (-e >= WORD_GAP * 1000) space = true;
        }
      }
    }
    if (t !== '[' && t[0] !== '(' && t[0] !== '<' && t[0] !== '/') shown = [];
    operands = [];
  }
  runs.push(run);
  const joined = (side: string) => side === 'nogap';
  sides.forEach(([before, after], k) => {
    out[k].joinBefore = joined(before);
    out[k].joinAfter = joined(after);
  });
  return { marks: out, runs };
}

/** A font's character map (ToUnicode): its code width in bytes and the text of each code it names. */
export interface CodeMap {
  width: 1 | 2;
  /** Codes named one by one, and codes already looked up in the ranges (null: not named). */
  chars: Map<number, string | null>;
  ranges: { lo: number; hi: number; base: string | null; list: string[] | null }[];
}

/** The entries of a ToUnicode CMap (bfchar and bfrange); more than 65,536 are not read. */
export function codeMap(cmap: string, width: 1 | 2): CodeMap {
  const map: CodeMap = { width, chars: new Map(), ranges: [] };
  const hex = (h: string) => {
    const clean = h.replace(/[<>\s]/g, '');
    return Buffer.from(clean.length % 2 ? `${clean}0` : clean, 'hex');
  };
  const text = (h: string) => decodePdfString(Buffer.concat([Buffer.from([0xfe, 0xff]), hex(h)]));
  const code = (h: string) => {
    const b = hex(h);
    return b.length >= 2 ? b.readUIntBE(0, Math.min(b.length, 4)) : (b[0] ?? 0);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const e of block[1].matchAll(/(<[0-9a-fA-F\s]*>)\s*(<[0-9a-fA-F\s]*>)/g)) {
      if (map.chars.size < 65536) map.chars.set(code(e[1]), text(e[2]));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const e of block[1].matchAll(/(<[0-9a-fA-F\s]*>)\s*(<[0-9a-fA-F\s]*>)\s*(<[0-9a-fA-F\s]*>|\[[^\]]*\])/g)) {
      if (map.ranges.length >= 65536) break;
      const list = e[3][0] === '[' ? [...e[3].matchAll(/<[0-9a-fA-F\s]*>/g)].map((x) => text(x[0])) : null;
      map.ranges.push({ lo: code(e[1]), hi: code(e[2]), base: list ? null : text(e[3]), list });
    }
  }
  return map;
}

function lookup(map: CodeMap, code: number): string | undefined {
  if (map.chars.has(code)) return map.chars.get(code) ?? undefined;
  let found: string | null = null;
  for (const r of map.ranges) {
    if (code < r.lo || code > r.hi) continue;
    // Without a list, the last UTF-16 unit goes up with the code.
    if (r.list) found = r.list[code - r.lo] ?? null;
    else if (r.base) found = r.base.slice(0, -1) + String.fromCharCode(r.base.charCodeAt(r.base.length - 1) + (code - r.lo));
    break;
  }
  map.chars.set(code, found);
  return found ?? undefined;
}

/**
 * What pdf.js makes of a glyph, and the text it shows for it: text; a space (the map says so, or
 * code 32 of a one-byte font, a space in every simple encoding); a blank with no Unicode of its
 * own (a whitespace control code the map leaves out); garbage (another control code the map
 * leaves out, which pdf.js shows as that control character); or nothing (a format mark). What a
 * two-byte font's unnamed code shows cannot be told here (null).
 */
type Glyph = { kind: 'text' | 'space' | 'undrawn' | 'garbage' | 'none'; shown: string | null };
/** What each code of a font was read as, and of codes drawn without a map (by code width): asked for every glyph drawn. */
const glyphsRead = new WeakMap<CodeMap, Map<number, Glyph>>();
const unmapped = [new Map<number, Glyph>(), new Map<number, Glyph>(), new Map<number, Glyph>()];

function glyphOf(font: CodeMap | null, code: number, width: number): Glyph {
  let known = font ? glyphsRead.get(font) : unmapped[width];
  if (!known) {
    known = new Map();
    if (font) glyphsRead.set(font, known);
  }
  let glyph = known.get(code);
  if (!glyph) {
    glyph = readGlyph(font, code, width);
    if (known.size < 65536) known.set(code, glyph);
  }
  return glyph;
}

function readGlyph(font: CodeMap | null, code: number, width: number): Glyph {
  const mapped = font ? lookup(font, code) : undefined;
  if (mapped === undefined) {
    if (code === 32 && width === 1) return { kind: 'space', shown: ' ' };
    const fallback = width === 1 ? String.fromCharCode(code) : null;
    if (!font || fallback === null) return { kind: 'text', shown: fallback };
    if (/^\s/.test(fallback)) return { kind: 'undrawn', shown: ' ' };
    return { kind: /^\p{Cc}/u.test(fallback) ? 'garbage' : 'text', shown: fallback };
  }
  if (!mapped) return { kind: 'none', shown: '' };
  if (/^\s/.test(mapped)) return { kind: 'space', shown: mapped };
  if (/^\p{Cf}/u.test(mapped)) return { kind: 'none', shown: '' };
  return { kind: 'text', shown: mapped };
}

/** Where the dictionary opening at `open` (its `<<`) ends, after its `>>`; strings inside are skipped. */
function dictEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') i = literalEnd(text, i) - 1;
    else if (text.startsWith('<<', i)) {
      depth++;
      i++;
    } else if (text.startsWith('>>', i)) {
      i++;
      if (--depth === 0) return i + 1;
    }
  }
  return text.length;
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
