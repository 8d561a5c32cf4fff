import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, deflateSync, inflateRawSync } from 'node:zlib';

/**
 * Test documents made by real tools: LibreOffice converts the HTML and flat-ODF sources below to
 * PDF, DOCX and PPTX. They are cached in the temp folder by a hash of the sources, so a second run
 * costs nothing. Bad files (encrypted, scanned, zip bombs) are derived from the real ones.
 */
export const SOLAR_FACTS = [
  'Solar panels convert sunlight into electricity using photovoltaic cells made of silicon.',
  'Wind turbines turn the kinetic energy of moving air into electrical power for the grid.',
  'Battery storage keeps surplus energy from sunny afternoons for use during the evening peak.',
];

const HTML_PAGES = `<!doctype html><html><head><meta charset="utf-8"><title>Renewable energy report</title></head><body>
<h1>Renewable energy report</h1>
<p>${SOLAR_FACTS[0]} Efficiency of modern panels is above twenty percent. Rooftop systems lower household bills.</p>
<h2 style="page-break-before:always">Wind power</h2>
<p>${SOLAR_FACTS[1]} Offshore farms produce steadier output because sea winds are stronger. Turbine blades are recycled more and more.</p>
<h2 style="page-break-before:always">Energy storage</h2>
<p>${SOLAR_FACTS[2]} Lithium batteries dominate the market today. Pumped hydro remains the largest storage technology worldwide.</p>
</body></html>`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const SLIDES = [
  {
    title: 'Quarterly sales review',
    body: ['Revenue grew by twelve percent', 'Three new regions opened'],
    notes: 'Welcome everyone and thank the regional teams.',
  },
  {
    title: 'Customer feedback',
    body: ['Support response time halved', 'Satisfaction score reached nine'],
    notes: 'Mention the survey had two thousand answers.',
  },
  { title: 'Next steps', body: ['Hire four engineers', 'Launch the mobile app in spring'], notes: 'Ask for questions before closing.' },
];
function fodp(): string {
  const pages = SLIDES.map(
    (s, i) => `<draw:page draw:name="page${i + 1}" draw:master-page-name="Default">
  <draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm" svg:width="24cm" svg:height="3cm"><draw:text-box><text:p>${esc(s.title)}</text:p></draw:text-box></draw:frame>
  <draw:frame presentation:class="outline" svg:x="1cm" svg:y="5cm" svg:width="24cm" svg:height="12cm"><draw:text-box>${s.body.map((b) => `<text:p>${esc(b)}</text:p>`).join('')}</draw:text-box></draw:frame>
  <presentation:notes><draw:frame presentation:class="notes" svg:x="2cm" svg:y="14cm" svg:width="17cm" svg:height="10cm"><draw:text-box><text:p>${esc(s.notes)}</text:p></draw:text-box></draw:frame></presentation:notes>
</draw:page>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
 xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:master-styles><style:master-page style:name="Default"/></office:master-styles>
<office:body><office:presentation>${pages.join('\n')}</office:presentation></office:body></office:document>`;
}

/** A paper: title, numbered sections, a reference list (and the text after it is an appendix). */
export const PAPER_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Trace compilation</title></head><body>
<h1>Trace compilation for dynamic languages</h1>
<p>We present an alternative compilation technique for dynamically typed languages that records hot loops as traces.</p>
<h2>1 Introduction</h2>
<p>Dynamic languages are popular for web applications. Their interpreters are slow because every operation checks types at run time. Compilers for them must cope with types that change.</p>
<h2>2 Trace trees</h2>
<p>A trace tree records the path a loop takes most often. Side exits return to the interpreter when a type guard fails. Nested loops become nested trees.</p>
<h2 style="page-break-before:always">3 Evaluation</h2>
<p>The compiler speeds up benchmark programs by a factor of three on average. Memory use grows by less than ten percent. Short programs gain little because recording costs time.</p>
<h2>4 References</h2>
<p>[1] A. Gal et al. Trace-based just-in-time type specialization for dynamic languages. PLDI 2009.</p>
<p>[2] M. Chang et al. Tracing for web 3.0. VEE 2009.</p>
</body></html>`;

/**
 * Arabic prose with a number, as a plain text file: LibreOffice sets it in left-to-right paragraphs
 * and draws the Arabic word by word from left to right, as many PDF writers do.
 */
export const ARABIC_TEXT = 'تعمل الرياح على تدوير التوربينات لإنتاج الطاقة.\nكتاب الطاقة 2020.\n';

/** A long document: `pages` pages of varied sentences, one page break each. */
export function longHtml(pages: number): string {
  const topics = ['solar', 'wind', 'storage', 'grid', 'hydro', 'policy', 'markets', 'research'];
  const parts: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const t = topics[p % topics.length];
    parts.push(
      `<h2${p > 1 ? ' style="page-break-before:always"' : ''}>Chapter ${p}: ${t}</h2><p>On page ${p} the report looks at ${t} in region ${p}. ` +
        `Investment in ${t} projects rose by ${p % 17} percent this year. Engineers measured output at ${100 + p} megawatts during the test period. ` +
        `Local councils approved ${p % 9} new ${t} sites after a public hearing. Costs fell because suppliers competed for long contracts.</p>`,
    );
  }
  return `<!doctype html><html><head><meta charset="utf-8"><title>Long report</title></head><body>${parts.join('\n')}</body></html>`;
}

/** Where Debian keeps the fonts the script fixtures are drawn with. */
const FONT_DIRS = {
  dejavu: '/usr/share/fonts/truetype/dejavu',
  devanagari: '/usr/share/fonts/truetype/lohit-devanagari',
  bengali: '/usr/share/fonts/truetype/lohit-bengali',
  tamil: '/usr/share/fonts/truetype/lohit-tamil',
} as const;

/**
 * LibreOffice converting `source` in `dir`. With `fonts`, it sees only those font folders (its own
 * fontconfig file and profile), so what it draws does not depend on the fonts of the machine.
 */
function soffice(dir: string, source: string, target: string, filter?: string, infilter?: string, fonts?: (keyof typeof FONT_DIRS)[]) {
  let env = process.env;
  let profile = 'profile';
  if (fonts) {
    for (const f of fonts) {
      if (!existsSync(FONT_DIRS[f]))
        throw new Error(
          `The document fixtures need the ${f} fonts in ${FONT_DIRS[f]} (Debian: fonts-dejavu-core, fonts-lohit-deva, fonts-lohit-beng-bengali, fonts-lohit-taml)`,
        );
    }
    profile = `profile-${fonts.join('-')}`;
    const conf = join(dir, `${profile}.conf`);
    writeFileSync(
      conf,
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>${fonts.map((f) => `<dir>${FONT_DIRS[f]}</dir>`).join('')}<cachedir>${join(dir, `${profile}-cache`)}</cachedir></fontconfig>`,
    );
    env = { ...process.env, FONTCONFIG_FILE: conf };
  }
  const args = [
    '--headless',
    '--norestore',
    `-env:UserInstallation=file://${join(dir, profile)}`,
    ...(infilter ? [`--infilter=${infilter}`] : []),
    '--convert-to',
    filter ?? target,
    '--outdir',
    dir,
    join(dir, source),
  ];
  const run = () => execFileSync('soffice', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 180_000, env });
  try {
    run();
  } catch (first) {
    // A first start on a new profile may end early (exit status 81, "restart needed") without
    // converting; starting it again is the known remedy. A time-out is not retried.
    if ((first as { signal?: string }).signal) throw first;
    try {
      run();
    } catch (err) {
      const e = err as { status?: number; stderr?: Buffer };
      throw new Error(
        `soffice could not convert ${source} (exit status ${e.status}): ${String(e.stderr ?? '')
          .trim()
          .slice(-500)}`,
        { cause: err },
      );
    }
  }
}

/** A zip archive (deflate) from entries: our own writer so bad archives can be made on purpose. */
export function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data, { level: 9 });
    const name = Buffer.from(e.name);
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(8, 10);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(packed.length, 20);
    c.writeUInt32LE(e.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The entries of a real archive (to rebuild it with extra entries). */
export function unzipEntries(data: Buffer): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  const endAt = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = data.readUInt16LE(endAt + 10);
  let p = data.readUInt32LE(endAt + 16);
  for (let i = 0; i < count; i++) {
    const method = data.readUInt16LE(p + 10);
    const size = data.readUInt32LE(p + 20);
    const nameLen = data.readUInt16LE(p + 28);
    const extra = data.readUInt16LE(p + 30);
    const comment = data.readUInt16LE(p + 32);
    const localAt = data.readUInt32LE(p + 42);
    const name = data.subarray(p + 46, p + 46 + nameLen).toString();
    const start = localAt + 30 + data.readUInt16LE(localAt + 26) + data.readUInt16LE(localAt + 28);
    const raw = data.subarray(start, start + size);
    out.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLen + extra + comment;
  }
  return out;
}

/**
 * A hostile PDF made by hand: one page whose content stream is a small FlateDecode stream that
 * inflates to `inflatedBytes` of drawing operators (about 115 kB for 60 MB). pdf.js walks every
 * operator looking for text, which takes it many seconds. With `text`, the page also shows a line.
 */
export function inflatingPdf(inflatedBytes = 60 * 1024 * 1024, text?: string, pages = 1): Buffer {
  const ops = Buffer.alloc(inflatedBytes, '0 0 m 1 1 l S\n');
  const content = text ? Buffer.concat([Buffer.from(`BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET\n`), ops]) : ops;
  // Every page draws the same stream: `pages` times the reading work for the same file size.
  const more = Array.from({ length: pages - 1 }, (_, i) => ` ${6 + i} 0 R`).join('');
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>';
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R${more}] /Count ${pages} >>`,
    page,
    { dict: '/Filter /FlateDecode', data: deflateSync(content, { level: 9 }) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...Array.from({ length: pages - 1 }, () => page),
  ]);
}

/** A PDF file from its objects (numbered from 1, the first one the catalogue), with a correct cross-reference table. */
export function pdfOf(objects: (string | { dict: string; data: Buffer })[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const body =
      typeof o === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`)
        : Buffer.concat([Buffer.from(`${i + 1} 0 obj\n<< /Length ${o.data.length} ${o.dict} >>\nstream\n`), o.data, Buffer.from('\nendstream\nendobj\n')]);
    parts.push(body);
    offset += body.length;
  });
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/**
 * A PDF in Japanese whose fonts are not embedded (as many Japanese PDFs are): page 1 in Mincho with
 * the UCS-2 CMap (horizontal), page 2 in Gothic with the Shift-JIS CMap 90ms-RKSJ-V (vertical
 * writing). Only pdf.js's predefined CMaps say which characters the codes stand for.
 */
export const JAPANESE_LINES = ['日本語のテキストです。', '縦書きの文章'];
export function japanesePdf(): Buffer {
  const ucs2 = Buffer.from(JAPANESE_LINES[0], 'utf16le').swap16().toString('hex');
  // 縦書きの文章 in Shift-JIS.
  const sjis = '8f638f9182ab82cc95b68fcd';
  const cidFont = (name: string, descriptor: number) =>
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /FontDescriptor ${descriptor} 0 R /DW 1000 >>`;
  const descriptor = (name: string) =>
    `<< /Type /FontDescriptor /FontName /${name} /Flags 4 /FontBBox [-123 -257 1001 910] /ItalicAngle 0 /Ascent 859 /Descent -141 /CapHeight 709 /StemV 69 >>`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 7 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F2 10 0 R >> >> /Contents 6 0 R >>',
    { dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(`BT /F1 24 Tf 72 760 Td <${ucs2}> Tj ET\n`)) },
    { dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(`BT /F2 24 Tf 300 780 Td <${sjis}> Tj ET\n`)) },
    '<< /Type /Font /Subtype /Type0 /BaseFont /HeiseiMin-W3 /Encoding /UniJIS-UCS2-H /DescendantFonts [8 0 R] >>',
    cidFont('HeiseiMin-W3', 9),
    descriptor('HeiseiMin-W3'),
    '<< /Type /Font /Subtype /Type0 /BaseFont /HeiseiKakuGo-W5-90ms-RKSJ-V /Encoding /90ms-RKSJ-V /DescendantFonts [11 0 R] >>',
    cidFont('HeiseiKakuGo-W5', 12),
    descriptor('HeiseiKakuGo-W5'),
  ]);
}

/**
 * A PDF laid out line by line (Helvetica, one text line per entry), as typesetters make them: the
 * lines keep their line-end hyphens, running headers and page numbers.
 */
export function linesPdf(pages: string[][]): Buffer {
  const escape = (line: string) => line.replace(/[()\\]/g, (c) => `\\${c}`);
  const objects: (string | { dict: string; data: Buffer })[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    const ops = lines.map((line) => `(${escape(line)}) Tj T*`).join('\n');
    objects.push({ dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(`BT /F1 11 Tf 14 TL 72 740 Td\n${ops}\nET\n`, 'latin1')) });
  });
  return pdfOf(objects);
}

export interface Fixtures {
  dir: string;
  /** Old Office (.doc, .ppt, .xls), OpenDocument (.odt, .odp) and .xlsx files, made on first call. */
  /** Three pages: text, a scanned picture alone, text. */
  partlyScannedPdf: Buffer;
  otherOffice: () => Record<'doc' | 'odt' | 'ppt' | 'odp' | 'rtf' | 'epub' | 'xls' | 'xlsx', Buffer>;
  /**
   * `file` (a fixture's name, e.g. report.pdf) encrypted by qpdf with an empty open password:
   * AES-256 (R6), RC4 128-bit or RC4 40-bit; `user` gives it a real open password instead.
   */
  qpdfEncrypted: (file: string, bits: 256 | 128 | 40, user?: string) => Buffer;
  /** `BOOK_CHAPTERS` as an EPUB 3 book: XHTML chapters with headings and a table, packed by zip. */
  epubBook: Buffer;
  /**
   * The deck as PowerPoint files whose archives only lenient readers open: an archive comment
   * (`zip -z`) whose length field is off, bytes after the archive, entries written with data
   * descriptors (zip writing to a pipe).
   */
  quirkyPptx: () => Record<'commentLengthOff' | 'trailingBytes' | 'dataDescriptors', Buffer>;
  /**
   * The Word report with its body replaced by `sections` sections, each a heading, paragraphs in runs
   * as verbose as Word's and a table: about 120 kB of document.xml a section (a 12 MB contract is 100).
   */
  largeDocx: (sections: number) => Buffer;
  pdf: Buffer;
  docx: Buffer;
  pptx: Buffer;
  encryptedPdf: Buffer;
  /** The report encrypted by qpdf with an empty open password (it only restricts editing). */
  emptyPasswordPdf: Buffer;
  scannedPdf: Buffer;
  /** The picture on the scanned page (a PNG made by ffmpeg). */
  scannedPng: Buffer;
  corruptPdf: Buffer;
  /** A DOCX that unpacks to `bombBytes` of zeros in one entry. */
  bombDocx: (bombBytes: number) => Buffer;
  /** A PPTX with `count` extra tiny entries. */
  manyEntriesPptx: (count: number) => Buffer;
  long: (pages: number) => Buffer;
  /** `PAPER_HTML` as PDF with its outline (bookmarks), and without one (headings found by size). */
  paper: Buffer;
  paperWithoutOutline: Buffer;
  /** `ARABIC_TEXT` as PDF. */
  arabic: Buffer;
  /** A one-page PDF whose metadata title is `title` (LibreOffice takes it from the HTML title), made on first call. */
  titledPdf: (title: string) => Buffer;
  /** A Word document with a footnote and an endnote (LibreOffice from flat ODF). */
  notesDocx: Buffer;
  /** A Word document whose only line is a heading. */
  headingOnlyDocx: Buffer;
  /**
   * `SCRIPT_SENTENCES` as PDFs written by LibreOffice's HTML import (made on first use), whatever
   * fonts the machine has. `fallback`: with DejaVu only, LibreOffice draws the script with a
   * fallback font whose glyphs all map to one character, and stores the real text in an
   * `/ActualText` span around each glyph. `devanagari`: with Lohit Devanagari too, it embeds that
   * font, names only the first glyph of each reordered or conjunct cluster in its character map,
   * and wraps those clusters in `/ActualText` spans.
   */
  scriptPdf: (script: keyof typeof SCRIPT_SENTENCES, font?: 'fallback' | 'devanagari') => Buffer;
  /** `HINDI_PARAGRAPH` justified over several lines, drawn with Lohit Devanagari (see `scriptPdf`). */
  hindiParagraphPdf: Buffer;
  /** `INDIC_PROSE` and `RTL_PROSE`, printed to PDF by Chromium. */
  browserPrintedPdf: Buffer;
  /** `RTL_PROSE`, each paragraph flush right then justified (twice), right to left. */
  rtlProsePdf: Buffer;
  /** `INDIC_PROSE`, each paragraph flush left then justified (twice), drawn with the Lohit fonts (a Word-style document). */
  indicProsePdf: Buffer;
  /** `INDIC_PARAGRAPHS` justified, drawn with Lohit Bengali and Lohit Tamil. */
  indicParagraphPdf: (script: keyof typeof INDIC_PARAGRAPHS) => Buffer;
  /** `TABLE_ROWS` as a Word table (LibreOffice from HTML). */
  tableDocx: Buffer;
  /** A slide titled "Sales by region" holding a table of `TABLE_ROWS` (OOXML written by python3's zipfile). */
  tablePptx: Buffer;
  /**
   * A slide whose body is a SmartArt diagram of `SMARTART_STEPS`: the text is only in the diagram's
   * data part and its drawing part; `withDrawing: false` leaves the drawing part out (python3 zipfile).
   */
  smartArtPptx: (options?: { withDrawing?: boolean; title?: string; steps?: string[] }) => Buffer;
}

/** An EPUB's chapters (see `epubBook`). */
export const BOOK_TITLE = 'A Field Guide to Tides';
export const BOOK_CHAPTERS: { heading: string; paragraphs: string[]; table?: string[][] }[] = [
  {
    heading: 'Why the sea rises',
    paragraphs: ['The moon pulls the oceans toward it &amp; the earth turns beneath the bulge.', 'Twice a day the water climbs the shore and falls back.'],
  },
  {
    heading: 'Spring and neap tides',
    paragraphs: ['When sun and moon line up, the tides are highest.'],
    table: [
      ['Tide', 'Range'],
      ['Spring', '4.2 m'],
      ['Neap', '1.8 m'],
    ],
  },
  { heading: 'Reading a tide table', paragraphs: ['Each row gives a time and a height above chart datum.'] },
];

/** One sentence in scripts LibreOffice has no font for on a bare server. */
export const SCRIPT_SENTENCES = {
  chinese: { lang: 'zh', text: '人工智能技术在过去十年中取得了巨大的进步。' },
  hindi: { lang: 'hi', text: 'भारत में डिजिटल भुगतान का उपयोग तेजी से बढ़ रहा है।' },
  thai: { lang: 'th', text: 'การประชุมวันนี้ได้หารือเกี่ยวกับแผนการตลาด' },
} as const;

/**
 * Justified paragraphs in Indic scripts, drawn with real fonts: conjuncts, reordered vowel signs and
 * nuktas across line ends (Hindi, twice); words set apart by moves instead of space glyphs, and a
 * danda drawn in a text object of its own (Bengali, Tamil).
 */
export const INDIC_PARAGRAPHS = {
  bengali:
    'বাংলাদেশের স্বাধীনতা যুদ্ধে লক্ষ লক্ষ মানুষ অংশগ্রহণ করেছিল। বিজ্ঞান ও প্রযুক্তির উন্নতি আমাদের জীবনকে সহজ করেছে। শিক্ষার্থীরা ক্লাসে বিষয় শিখছে এবং শিক্ষকরা তাদের সাহায্য করছেন।',
  tamil: 'தமிழ்நாட்டின் தலைநகரம் சென்னை ஆகும். கல்வி மற்றும் தொழில்நுட்ப வளர்ச்சி மக்களின் வாழ்க்கையை மேம்படுத்தியுள்ளது. மாணவர்கள் புத்தகங்களை படிக்கிறார்கள்.',
} as const;

/** A justified Hindi paragraph, twice (see `INDIC_PARAGRAPHS`). */
export const HINDI_PARAGRAPH = Array(2)
  .fill(
    'क्षेत्र में प्रौद्योगिकी की भूमिका महत्वपूर्ण है। विद्यार्थियों ने स्वतंत्रता दिवस पर कार्यक्रम प्रस्तुत किया। हिन्दी भाषा में लिखी गई पुस्तकें ज़्यादा लोकप्रिय हो रही हैं और डिजिटल माध्यमों से पाठकों तक पहुँच रही हैं।',
  )
  .join(' ');

/**
 * Prose in Hindi, Marathi, Nepali, Bengali and Tamil, each paragraph set flush left and then
 * justified: words that start with a cluster drawn vowel sign first (at a line's start too), vowel
 * signs set over or under the consonant before them, and Bengali full stops drawn apart with the
 * line's word gaps.
 */
export const INDIC_PROSE = [
  { lang: 'hi', text: 'टपक सिंचाई से पानी की बचत होती है। स्किल इंडिया मिशन के अंतर्गत युवाओं को प्रशिक्षण दिया जा रहा है। विज्ञान और प्रौद्योगिकी में निवेश से नए अवसर बन रहे हैं।' },
  { lang: 'hi', text: 'दिल्ली, मुंबई और चेन्नई जैसे शहरों में ट्रैफिक की समस्या गंभीर है। इसलिए हर बच्चे को स्कूल भेजना चाहिए।' },
  { lang: 'mr', text: 'महाराष्ट्रातील शेतकरी पिकांची निवड काळजीपूर्वक करतात. शिक्षणाशिवाय प्रगती शक्य नाही.' },
  { lang: 'ne', text: 'नेपालको राजधानी काठमाडौं हो। हिमालयको सुन्दरता विश्वभर प्रसिद्ध छ। किसानहरू धान र मकै खेती गर्छन्।' },
  { lang: 'bn', text: 'বাংলা ভাষা বিশ্বের অন্যতম সমৃদ্ধ ভাষা। কিশোরেরা বিকেলে মাঠে খেলে। সিলেট, চট্টগ্রাম ও ঢাকা বড় শহর। বিজ্ঞান শিক্ষার প্রসার জরুরি।' },
  { lang: 'ta', text: 'சென்னை தமிழ்நாட்டின் தலைநகரம். கிராமங்களில் விவசாயம் முக்கிய தொழில். சிறுவர்கள் பள்ளிக்கு செல்கிறார்கள்.' },
] as const;

/**
 * Arabic and Hebrew paragraphs set right to left (flush right, then justified): lam-alef ligatures
 * ("لإنتاج", "الاقتصاد"), one glyph for two letters, in most words; Latin words, brackets, a number
 * with a hyphen and full stops between right-to-left words; vowel marks (harakat), which LibreOffice
 * draws apart or inside ActualText spans.
 */
export const RTL_PROSE = [
  {
    lang: 'ar',
    text: 'تعمل الرياح على تدوير التوربينات لإنتاج الطاقة. ويعد هذا المصدر من أنظف المصادر المتاحة اليوم. تستخدم الألواح الشمسية ضوء الشمس لتوليد الكهرباء، وهي مناسبة للمنازل والمصانع على حد سواء.',
  },
  {
    lang: 'ar',
    text: 'الفوائد الرئيسية: خفض الانبعاثات، وتقليل التكاليف، وتحسين أمن الطاقة والاقتصاد. في عام 2020 بلغت القدرة المركبة 2800 جيجاواط! هل يمكن مضاعفتها؟ نعم؛ بالاستثمار والإصلاح.',
  },
  { lang: 'ar', text: 'يستخدم المهندسون برامج مثل Excel و Word لإعداد التقارير (انظر الملحق 3).' },
  { lang: 'he', text: 'תוכנית העבודה כוללת שלושה שלבים: תכנון, ביצוע ובקרה. הדוח הוגש ב-2021.' },
  { lang: 'ar', text: 'بِسْمِ اللَّهِ الرَّحْمَنِ الرَّحِيمِ. لَا إِلَهَ إِلَّا اللَّهُ. الْإِنْسَانُ لَا يَعِيشُ وَحْدَهُ.' },
  { lang: 'ar', text: 'قال الأستاذ: إن الإعلام والاتصال والإدارة والأمن والآثار مجالات مهمة. ولا يخفى على أحد أن الاستدامة إلى الأبد تتطلب العلم.' },
] as const;

export const TABLE_ROWS = [
  ['Country', 'Capital', 'Population'],
  ['France', 'Paris', '68 million'],
  ['Japan', 'Tokyo', '125 million'],
];

export const SMARTART_STEPS = ['Research the market', 'Build a prototype', 'Launch to customers'];

/** An OOXML package from its parts, zipped by python3's standard zipfile module (deflate). */
function pythonZip(file: string, parts: Record<string, string>) {
  const script =
    'import json,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED)\nfor k,v in json.load(sys.stdin).items(): z.writestr(k,v)\nz.close()';
  execFileSync('python3', ['-c', script, file], { input: JSON.stringify(parts), timeout: 60_000 });
}

const PML_NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (items: [string, string, string][]) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${type.includes('/') ? type : `${REL}/${type}`}" Target="${target}"/>`)
    .join('')}</Relationships>`;
const titleShape = (title: string) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>${esc(title)}</a:t></a:r></a:p></p:txBody></p:sp>`;
const frame = (uri: string, inner: string) =>
  `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Frame"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="${uri}">${inner}</a:graphicData></a:graphic></p:graphicFrame>`;

/** A one-slide deck: the slide's shapes, its relationships and any other parts. */
function oneSlideDeck(file: string, shapes: string, slideRels: [string, string, string][], extra: Record<string, string> = {}) {
  pythonZip(file, {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>',
    '_rels/.rels': rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation ${PML_NS}><p:sldIdLst><p:sldId id="256" r:id="rId10"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': rels([['rId10', 'slide', 'slides/slide1.xml']]),
    'ppt/slides/slide1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld ${PML_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shapes}</p:spTree></p:cSld></p:sld>`,
    ...(slideRels.length ? { 'ppt/slides/_rels/slide1.xml.rels': rels(slideRels) } : {}),
    ...extra,
  });
}

function smartArtDeck(file: string, title: string, steps: string[], withDrawing: boolean) {
  const dgm = 'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"';
  const para = (t: string) => `<a:p><a:r><a:t>${esc(t)}</a:t></a:r></a:p>`;
  // As PowerPoint writes it: a document point, one point per step, connector points without text.
  const points = steps
    .map(
      (t, i) =>
        `<dgm:pt modelId="{${i + 1}}"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/>${para(t)}</dgm:t></dgm:pt><dgm:pt modelId="{${i + 100}}" type="parTrans"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt>`,
    )
    .join('');
  const data = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dgm:dataModel ${dgm} xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="{0}" type="doc"><dgm:prSet/><dgm:spPr/><dgm:t><a:bodyPr/><a:p><a:endParaRPr/></a:p></dgm:t></dgm:pt>${points}</dgm:ptLst><dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram"><dsp:dataModelExt xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" relId="rIdDr" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext></dgm:extLst></dgm:dataModel>`;
  const drawing = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dsp:drawing xmlns:dsp="http://schemas.microsoft.com/office/drawing/2008/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>${steps
    .map(
      (t, i) =>
        `<dsp:sp modelId="{${i + 1}}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr/><dsp:txBody><a:bodyPr/>${para(t)}</dsp:txBody></dsp:sp>`,
    )
    .join('')}</dsp:spTree></dsp:drawing>`;
  const relIds = `<dgm:relIds ${dgm} r:dm="rIdD" r:lo="rIdL" r:qs="rIdQ" r:cs="rIdC"/>`;
  oneSlideDeck(
    file,
    titleShape(title) + frame('http://schemas.openxmlformats.org/drawingml/2006/diagram', relIds),
    [
      ['rIdD', 'diagramData', '../diagrams/data1.xml'],
      ['rIdL', 'diagramLayout', '../diagrams/layout1.xml'],
      ['rIdQ', 'diagramQuickStyle', '../diagrams/quickStyle1.xml'],
      ['rIdC', 'diagramColors', '../diagrams/colors1.xml'],
      ...(withDrawing
        ? [['rIdDr', 'http://schemas.microsoft.com/office/2007/relationships/diagramDrawing', '../diagrams/drawing1.xml'] as [string, string, string]]
        : []),
    ],
    { 'ppt/diagrams/data1.xml': data, ...(withDrawing ? { 'ppt/diagrams/drawing1.xml': drawing } : {}) },
  );
}

/** A short text with a footnote and an endnote, as flat ODF (LibreOffice writes Word's notes from it). */
const NOTES_FODT = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>
<text:p>Tidal power is predictable<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Tides follow the moon.</text:p></text:note-body></text:note> and clean<text:note text:id="n2" text:note-class="endnote"><text:note-citation>i</text:note-citation><text:note-body><text:p>Apart from building the barrage.</text:p></text:note-body></text:note>.</text:p>
</office:text></office:body></office:document>`;

/** The installed LibreOffice's build, read from its files (no process started): a new one makes the fixtures again. */
function officeVersion(): string {
  const program = '/usr/lib/libreoffice/program';
  const parts = ['versionrc', 'soffice.bin'].map((f) => join(program, f)).filter((f) => existsSync(f));
  return parts.map((f) => `${f}:${statSync(f).mtimeMs}:${f.endsWith('versionrc') ? readFileSync(f, 'utf8') : ''}`).join('\n');
}

const BUILD_LOCK = '.building';
/** Writes by renaming a finished copy into place, so another process never reads a half-written source. */
function writeAtomic(file: string, data: string) {
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, data);
  renameSync(part, file);
}
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `build` holding the folder's lock (a directory, made atomically); a lock left by a process that died is taken over. */
function withBuildLock(dir: string, build: () => void) {
  const lock = join(dir, BUILD_LOCK);
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // being made or removed right now
      }
      let alive = true;
      if (owner) {
        try {
          process.kill(owner, 0);
        } catch {
          alive = false;
        }
      }
      if (!alive) rmSync(lock, { recursive: true, force: true });
      else pause(200);
    }
  }
  try {
    build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds (or reuses) the fixtures; needs LibreOffice (`soffice`), qpdf and ffmpeg on PATH, and Chromium. */
export function documentFixtures(): Fixtures {
  const hash = createHash('sha256').update(HTML_PAGES).update(fodp()).update(officeVersion()).update('v11').digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `vn-doc-fixtures-${hash}`);
  mkdirSync(dir, { recursive: true });
  const make = (file: string, build: () => void) => {
    // Test files run in parallel processes that share this folder: one makes a file while the
    // others wait, and a file is read only when no one is writing into the folder.
    if (existsSync(join(dir, file)) && !existsSync(join(dir, BUILD_LOCK))) return readFileSync(join(dir, file));
    withBuildLock(dir, () => {
      if (!existsSync(join(dir, file))) build();
    });
    return readFileSync(join(dir, file));
  };
  writeAtomic(join(dir, 'report.html'), HTML_PAGES);
  writeAtomic(join(dir, 'deck.fodp'), fodp());
  const pdf = make('report.pdf', () => soffice(dir, 'report.html', 'pdf', 'pdf:writer_web_pdf_Export'));
  const docx = make('report.docx', () => soffice(dir, 'report.html', 'docx', 'docx:MS Word 2007 XML'));
  const pptx = make('deck.pptx', () => soffice(dir, 'deck.fodp', 'pptx'));
  const encryptedPdf = make('secret.pdf', () => {
    writeAtomic(join(dir, 'secret.html'), HTML_PAGES);
    const options = JSON.stringify({ EncryptFile: { type: 'boolean', value: 'true' }, DocumentOpenPassword: { type: 'string', value: 'secret' } });
    soffice(dir, 'secret.html', 'pdf', `pdf:writer_web_pdf_Export:${options}`);
  });
  // A page that is only a picture: an image made by ffmpeg, turned into a PDF page by LibreOffice.
  const scannedPng = make('scanned.png', () => {
    execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=600x800', '-frames:v', '1', join(dir, 'scanned.png')], {
      timeout: 60_000,
    });
  });
  const scannedPdf = make('scanned.pdf', () => soffice(dir, 'scanned.png', 'pdf'));
  // A text page, a scanned page (only the picture above) and another text page.
  const partlyScannedPdf = make('site-visit.pdf', () => {
    writeAtomic(
      join(dir, 'site-visit.html'),
      `<!doctype html><html><head><meta charset="utf-8"><title>Site visit</title></head><body>
<h1>Site visit</h1><p>The roof needs new panels before winter. The inverter was replaced in March.</p>
<p style="page-break-before:always"><img src="scanned.png" width="500" height="660"></p>
<h2 style="page-break-before:always">Costs</h2><p>Panels cost four thousand euros. Labour takes two days.</p>
</body></html>`,
    );
    soffice(dir, 'site-visit.html', 'pdf', 'pdf:writer_web_pdf_Export');
  });
  const emptyPasswordPdf = make('empty-password.pdf', () => {
    execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', join(dir, 'report.pdf'), join(dir, 'empty-password.pdf')], { timeout: 60_000 });
  });
  const corruptPdf = Buffer.concat([pdf.subarray(0, 16), Buffer.alloc(4000, 0x41)]);
  const long = (pages: number) =>
    make(`long-${pages}.pdf`, () => {
      writeAtomic(join(dir, `long-${pages}.html`), longHtml(pages));
      soffice(dir, `long-${pages}.html`, 'pdf', 'pdf:writer_web_pdf_Export');
    });
  const titledPdf = (title: string) => {
    const name = `titled-${createHash('sha256').update(`v2${title}`).digest('hex').slice(0, 10)}`;
    return make(`${name}.pdf`, () => {
      writeAtomic(
        join(dir, `${name}.html`),
        `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>\n<h1>Harvest</h1>\n<p>The harvest starts in the first week of September. Pickers are paid by the crate.</p>\n</body></html>\n`,
      );
      soffice(dir, `${name}.html`, 'pdf', 'pdf:writer_web_pdf_Export');
    });
  };
  const bombDocx = (bytes: number) => zip([...unzipEntries(docx), { name: 'word/media/filler.bin', data: Buffer.alloc(bytes) }]);
  const manyEntriesPptx = (count: number) =>
    zip([...unzipEntries(pptx), ...Array.from({ length: count }, (_, i) => ({ name: `ppt/extra/e${i}.xml`, data: Buffer.from('<a/>') }))]);
  writeAtomic(join(dir, 'paper.html'), PAPER_HTML);
  writeAtomic(join(dir, 'arabic.txt'), ARABIC_TEXT);
  const paper = make('paper.pdf', () => soffice(dir, 'paper.html', 'pdf', 'pdf:writer_web_pdf_Export'));
  const paperWithoutOutline = make('paper-plain.pdf', () => {
    writeAtomic(join(dir, 'paper-plain.html'), PAPER_HTML);
    soffice(dir, 'paper-plain.html', 'pdf', `pdf:writer_web_pdf_Export:${JSON.stringify({ ExportBookmarks: { type: 'boolean', value: 'false' } })}`);
  });
  const arabic = make('arabic.pdf', () => soffice(dir, 'arabic.txt', 'pdf'));
  writeAtomic(join(dir, 'notes.fodt'), NOTES_FODT);
  const notesDocx = make('notes.docx', () => soffice(dir, 'notes.fodt', 'docx', 'docx:MS Word 2007 XML'));
  writeAtomic(
    join(dir, 'heading-only.fodt'),
    NOTES_FODT.replace(/<text:p>[\s\S]*<\/text:p>/, '<text:h text:outline-level="1">Walking on imported air</text:h>'),
  );
  const headingOnlyDocx = make('heading-only.docx', () => soffice(dir, 'heading-only.fodt', 'docx', 'docx:MS Word 2007 XML'));
  const scriptPdf = (script: keyof typeof SCRIPT_SENTENCES, font: 'fallback' | 'devanagari' = 'fallback') =>
    make(`script-${script}-${font}.pdf`, () => {
      const { lang, text } = SCRIPT_SENTENCES[script];
      const name = `script-${script}-${font}`;
      writeAtomic(join(dir, `${name}.html`), `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body><p>${text}</p></body></html>`);
      soffice(dir, `${name}.html`, 'pdf', undefined, 'HTML (StarWriter)', font === 'fallback' ? ['dejavu'] : ['dejavu', font]);
    });
  const hindiParagraphPdf = make('hindi-paragraph.pdf', () => {
    writeAtomic(
      join(dir, 'hindi-paragraph.html'),
      `<!doctype html><html lang="hi"><head><meta charset="utf-8"></head><body><p style="text-align:justify">${HINDI_PARAGRAPH}</p></body></html>`,
    );
    soffice(dir, 'hindi-paragraph.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', 'devanagari']);
  });
  const rtlProsePdf = make('rtl-prose.pdf', () => {
    const paragraphs = RTL_PROSE.map(
      ({ lang, text }) => `<p dir="rtl" lang="${lang}">${text}</p><p dir="rtl" lang="${lang}" style="text-align:justify">${text} ${text}</p>`,
    );
    writeAtomic(join(dir, 'rtl-prose.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
    soffice(dir, 'rtl-prose.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu']);
  });
  // Printed by Chromium ("Save as PDF"): Skia draws each shaped cluster in an ActualText span of a
  // composite font, and right-to-left runs reversed.
  const browserPrintedPdf = make('browser-printed.pdf', () => {
    const paragraphs = [
      ...INDIC_PROSE.map(({ lang, text }) => `<p lang="${lang}">${text}</p>`),
      ...RTL_PROSE.map(({ lang, text }) => `<p dir="rtl" lang="${lang}">${text}</p>`),
    ];
    writeAtomic(join(dir, 'browser-printed.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
    execFileSync(
      process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-pdf-header-footer',
        `--user-data-dir=${join(dir, 'chromium-profile')}`,
        `--print-to-pdf=${join(dir, 'browser-printed.pdf')}`,
        `file://${join(dir, 'browser-printed.html')}`,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
  });
  const indicProsePdf = make('indic-prose.pdf', () => {
    const paragraphs = INDIC_PROSE.map(({ lang, text }) => `<p lang="${lang}">${text}</p><p lang="${lang}" style="text-align:justify">${text} ${text}</p>`);
    writeAtomic(join(dir, 'indic-prose.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
    soffice(dir, 'indic-prose.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', 'devanagari', 'bengali', 'tamil']);
  });
  const indicParagraphPdf = (script: keyof typeof INDIC_PARAGRAPHS) =>
    make(`${script}-paragraph.pdf`, () => {
      writeAtomic(
        join(dir, `${script}-paragraph.html`),
        `<!doctype html><html lang="${script === 'bengali' ? 'bn' : 'ta'}"><head><meta charset="utf-8"></head><body><p style="text-align:justify">${INDIC_PARAGRAPHS[script]}</p></body></html>`,
      );
      soffice(dir, `${script}-paragraph.html`, 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', script]);
    });
  writeAtomic(
    join(dir, 'table.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Capitals</title></head><body><table border="1">${TABLE_ROWS.map(
      (row, i) => `<tr>${row.map((c) => (i ? `<td>${esc(c)}</td>` : `<th>${esc(c)}</th>`)).join('')}</tr>`,
    ).join('')}</table></body></html>`,
  );
  const tableDocx = make('table.docx', () => soffice(dir, 'table.html', 'docx', 'docx:MS Word 2007 XML'));
  const tablePptx = make('table.pptx', () => {
    const cell = (t: string) => `<a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>${esc(t)}</a:t></a:r></a:p></a:txBody></a:tc>`;
    const table = `<a:tbl><a:tblGrid>${TABLE_ROWS[0].map(() => '<a:gridCol w="1000"/>').join('')}</a:tblGrid>${TABLE_ROWS.map((row) => `<a:tr h="1">${row.map(cell).join('')}</a:tr>`).join('')}</a:tbl>`;
    oneSlideDeck(join(dir, 'table.pptx'), titleShape('Sales by region') + frame('http://schemas.openxmlformats.org/drawingml/2006/table', table), []);
  });
  const smartArtPptx = ({
    withDrawing = true,
    title = 'Our product process',
    steps = SMARTART_STEPS,
  }: { withDrawing?: boolean; title?: string; steps?: string[] } = {}) => {
    const name = `smartart-${createHash('sha256')
      .update(JSON.stringify([withDrawing, title, steps]))
      .digest('hex')
      .slice(0, 8)}.pptx`;
    return make(name, () => smartArtDeck(join(dir, name), title, steps, withDrawing));
  };
  // Files people upload instead of the ones we read, saved by LibreOffice (made on first use).
  const otherOffice = () => {
    writeAtomic(join(dir, 'budget.csv'), 'Item,Cost\nRent,1200\nTravel,300\n');
    return {
      doc: make('report.doc', () => soffice(dir, 'report.html', 'doc', 'doc:MS Word 97')),
      odt: make('report.odt', () => soffice(dir, 'report.html', 'odt', 'odt:writerweb8_writer')),
      ppt: make('deck.ppt', () => soffice(dir, 'deck.fodp', 'ppt')),
      odp: make('deck.odp', () => soffice(dir, 'deck.fodp', 'odp')),
      rtf: make('report.rtf', () => soffice(dir, 'report.html', 'rtf', 'rtf:Rich Text Format')),
      epub: make('report.epub', () => soffice(dir, 'report.html', 'epub', 'epub:EPUB')),
      xls: make('budget.xls', () => soffice(dir, 'budget.csv', 'xls', 'xls:MS Excel 97')),
      xlsx: make('budget.xlsx', () => soffice(dir, 'budget.csv', 'xlsx', 'xlsx:Calc MS Excel 2007 XML')),
    };
  };
  const qpdfEncrypted = (file: string, bits: 256 | 128 | 40, user = '') => {
    const source = join(dir, file);
    if (!existsSync(source)) throw new Error(`No fixture ${file} to encrypt yet`);
    const name = `qpdf-${bits}-${createHash('sha256').update(`${file}:${user}`).digest('hex').slice(0, 10)}.pdf`;
    const modes: Record<typeof bits, string[]> = { 256: ['256'], 128: ['128', '--use-aes=n'], 40: ['40'] };
    return make(name, () => {
      const [length, ...rest] = modes[bits];
      execFileSync('qpdf', ['--allow-weak-crypto', '--encrypt', user, 'owner-secret', length, ...rest, '--', source, join(dir, name)], { timeout: 60_000 });
    });
  };
  const bookFile = `book-${createHash('sha256')
    .update(JSON.stringify([BOOK_TITLE, BOOK_CHAPTERS]))
    .digest('hex')
    .slice(0, 10)}.epub`;
  const epubBook = make(bookFile, () => {
    const book = join(dir, bookFile.replace(/\.epub$/, ''));
    mkdirSync(join(book, 'META-INF'), { recursive: true });
    mkdirSync(join(book, 'OEBPS', 'text'), { recursive: true });
    writeFileSync(join(book, 'mimetype'), 'application/epub+zip');
    writeFileSync(
      join(book, 'META-INF', 'container.xml'),
      `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    );
    // The manifest lists the chapters in another order than the spine, which is the reading order.
    writeFileSync(
      join(book, 'OEBPS', 'book.opf'),
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1b0e5f3e-0000-4000-8000-000000000001</dc:identifier><dc:title>${BOOK_TITLE}</dc:title><dc:language>en</dc:language></metadata><manifest>${BOOK_CHAPTERS.map((_, i) => `<item id="c${BOOK_CHAPTERS.length - i}" href="text/chapter%20${BOOK_CHAPTERS.length - i}.xhtml" media-type="application/xhtml+xml"/>`).join('')}<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest><spine><itemref idref="nav" linear="no"/>${BOOK_CHAPTERS.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('')}</spine></package>`,
    );
    writeFileSync(
      join(book, 'OEBPS', 'nav.xhtml'),
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol>${BOOK_CHAPTERS.map((c) => `<li>${c.heading}</li>`).join('')}</ol></nav></body></html>`,
    );
    BOOK_CHAPTERS.forEach((c, i) => {
      const table = c.table
        ? `<table><tr><th>${c.table[0].join('</th><th>')}</th></tr>${c.table
            .slice(1)
            .map((r) => `<tr><td>${r.join('</td><td>')}</td></tr>`)
            .join('')}</table>`
        : '';
      writeFileSync(
        join(book, 'OEBPS', 'text', `chapter ${i + 1}.xhtml`),
        `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${c.heading}</title><style>p { margin: 0 }</style></head><body><section><h1>${c.heading}</h1>${c.paragraphs.map((p) => `<p>${p}</p>`).join('')}${table}</section></body></html>`,
      );
    });
    // The stored "mimetype" entry first, as the EPUB format requires; the rest compressed.
    execFileSync('zip', ['-X0q', join(dir, bookFile), 'mimetype'], { cwd: book, timeout: 60_000 });
    execFileSync('zip', ['-X9rq', join(dir, bookFile), 'META-INF', 'OEBPS'], { cwd: book, timeout: 60_000 });
  });
  const quirkyPptx = () => {
    const withComment = make('deck-commented.pptx', () => {
      writeFileSync(join(dir, 'deck-commented.pptx'), pptx);
      execFileSync('zip', ['-qz', join(dir, 'deck-commented.pptx')], { input: 'Saved by the sales team\n', timeout: 60_000 });
    });
    // The comment length field says 200 bytes follow; only the comment's 24 do.
    const commentLengthOff = Buffer.from(withComment);
    commentLengthOff.writeUInt16LE(200, commentLengthOff.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 20);
    const trailingBytes = Buffer.concat([pptx, Buffer.alloc(1000, 0)]);
    const dataDescriptors = make('deck-streamed.pptx', () => {
      const parts = join(dir, 'deck-parts');
      mkdirSync(parts, { recursive: true });
      execFileSync('unzip', ['-oq', join(dir, 'deck.pptx'), '-d', parts], { timeout: 60_000 });
      // zip writing to a pipe cannot seek back: it writes each entry's sizes after its data.
      const streamed = execFileSync('sh', ['-c', 'zip -qr - "[Content_Types].xml" . | cat'], { cwd: parts, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
      writeFileSync(join(dir, 'deck-streamed.pptx'), streamed);
    });
    return { commentLengthOff, trailingBytes, dataDescriptors };
  };
  const largeDocx = (sections: number) => {
    const run = (text: string) =>
      `<w:r w:rsidRPr="00A1B2C3"><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Calibri"/><w:color w:val="1F1F1F"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">${text}</w:t></w:r>`;
    const para = (style: string, text: string) =>
      `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00A1B2C3" w:rsidP="00D4E5F6"><w:pPr><w:pStyle w:val="${style}"/><w:spacing w:before="0" w:after="160" w:line="259" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr>${text
        .split(/(?<=, )/)
        .map(run)
        .join('')}</w:p>`;
    const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/></w:tcPr>${para('TableContents', text)}</w:tc>`;
    const body: string[] = [];
    for (let i = 1; i <= sections; i++) {
      body.push(para('Heading1', `Clause ${i}: obligations of the parties`));
      for (let j = 1; j <= 60; j++) {
        body.push(
          para(
            'TextBody',
            `${i}.${j} The supplier shall deliver the goods, in good order, to the address named in schedule ${j}, and the buyer shall pay, within thirty days, the price agreed.`,
          ),
        );
      }
      body.push(
        `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/></w:tblPr>${Array.from({ length: 10 }, (_, r) => `<w:tr>${cell(`Item ${i}-${r}`)}${cell(`${r * 10} units`)}${cell(`${r * 125} EUR`)}</w:tr>`).join('')}</w:tbl>`,
      );
    }
    const entries = unzipEntries(docx).map((e) =>
      e.name === 'word/document.xml'
        ? {
            name: e.name,
            data: Buffer.from(e.data.toString().replace(/<w:body>[\s\S]*<w:sectPr/, `<w:body>${body.join('')}<w:sectPr`)),
          }
        : e,
    );
    return zip(entries);
  };
  return {
    largeDocx,
    qpdfEncrypted,
    epubBook,
    quirkyPptx,
    otherOffice,
    dir,
    pdf,
    docx,
    pptx,
    encryptedPdf,
    emptyPasswordPdf,
    scannedPdf,
    scannedPng,
    partlyScannedPdf,
    corruptPdf,
    bombDocx,
    manyEntriesPptx,
    long,
    paper,
    paperWithoutOutline,
    titledPdf,
    arabic,
    notesDocx,
    headingOnlyDocx,
    scriptPdf,
    hindiParagraphPdf,
    rtlProsePdf,
    browserPrintedPdf,
    indicProsePdf,
    indicParagraphPdf,
    tableDocx,
    tablePptx,
    smartArtPptx,
  };
}

/**
 * A one-page job application with three filled text fields (AcroForm widgets with their values and
 * appearance streams), as form-filling software saves it: the labels are page text, the answers only
 * field values.
 */
export function filledFormPdf(): Buffer {
  const ap = (text: string, width: number) => ({
    dict: `/Type /XObject /Subtype /Form /BBox [0 0 ${width} 20] /Resources << /Font << /F1 5 0 R >> >>`,
    data: Buffer.from(`/Tx BMC BT /F1 11 Tf 2 5 Td (${text}) Tj ET EMC`, 'latin1'),
  });
  const field = (name: string, value: string, rect: string, appearance: number) =>
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${name}) /V (${value}) /Rect [${rect}] /P 3 0 R /DA (/F1 11 Tf 0 g) /AP << /N ${appearance} 0 R >> >>`;
  const labels = [
    'BT /F1 14 Tf 1 0 0 1 50 780 Tm (Job Application Form) Tj ET',
    'BT /F1 11 Tf 1 0 0 1 50 740 Tm (Full name:) Tj ET',
    'BT /F1 11 Tf 1 0 0 1 50 700 Tm (Position applied for:) Tj ET',
    'BT /F1 11 Tf 1 0 0 1 50 660 Tm (Why do you want this job?) Tj ET',
  ].join('\n');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 7 0 R 8 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /F1 5 0 R /Helv 5 0 R >> >> >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [6 0 R 7 0 R 8 0 R] >>',
    { dict: '', data: Buffer.from(labels, 'latin1') },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    field('name', 'Marie Curie', '200 735 450 755', 9),
    field('position', 'Senior Research Chemist', '200 695 450 715', 10),
    field('why', 'I want to study radioactivity in your laboratory.', '50 630 450 650', 11),
    ap('Marie Curie', 250),
    ap('Senior Research Chemist', 250),
    ap('I want to study radioactivity in your laboratory.', 400),
  ]);
}

/** The chapters of {@link bookPdf}, with the printed page each begins on. */
export const PRINTED_BOOK_CHAPTERS = [
  { title: 'Arrival', page: 1 },
  { title: 'The harbour', page: 10 },
  { title: 'Storms and trade', page: 19 },
  { title: 'The quiet years', page: 28 },
];
/** Lines of numbers that are the text of {@link bookPdf}: a list of years and the rows of a small table. */
export const BOOK_NUMBER_LINES = ['1850', '1902', '1955', '1950 1200 800', '1960 950 700', '1970 400 650'];

/** The flat ODF source of {@link bookPdf} written to its own folder (named by its hash), which is returned. */
function bookSource(): string {
  const topics = ['nets', 'boats', 'quays', 'markets', 'weather', 'schools', 'families', 'churches', 'roads', 'lighthouses', 'ferries', 'salt', 'ice'];
  const p = (text: string, style?: string) => `<text:p${style ? ` text:style-name="${style}"` : ''}>${esc(text)}</text:p>`;
  const body = PRINTED_BOOK_CHAPTERS.map(({ title }, c) => {
    const paragraphs = Array.from({ length: 40 }, (_, k) => {
      const t = topics[(c * 7 + k) % topics.length];
      const text = `In the ${k + 1}. season of chapter ${c + 1} the town argued about ${t} and who should pay for them. The parish kept records of every family that moved away, and of the ${t} that were built or lost. Fishermen said the ${t} mattered more than any sermon, and traders from the south agreed with them in public.`;
      const extra =
        c === 2 && k === 20
          ? [
              p('The quay was rebuilt three times, in these years:'),
              ...BOOK_NUMBER_LINES.slice(0, 3).map((y) => p(y)),
              p('Catch by year, in tonnes:'),
              ...BOOK_NUMBER_LINES.slice(3).map((r) => p(r)),
            ]
          : [];
      return [p(text), ...extra].join('');
    });
    return `<text:h text:outline-level="1" text:style-name="${c ? 'Break' : 'BodyStart'}">${esc(title)}</text:h>${paragraphs.join('')}`;
  });
  const layout = (name: string, format: string, mirrored: boolean) =>
    `<style:page-layout style:name="${name}"${mirrored ? ' style:page-usage="mirrored"' : ''}><style:page-layout-properties fo:page-width="14.8cm" fo:page-height="21cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm" style:num-format="${format}"/><style:header-style/><style:footer-style/></style:page-layout>`;
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:styles>
<style:style style:name="Toc" style:family="paragraph"><style:paragraph-properties><style:tab-stops><style:tab-stop style:position="10.5cm" style:type="right" style:leader-style="dotted" style:leader-text="."/></style:tab-stops></style:paragraph-properties></style:style>
<style:style style:name="Center" style:family="paragraph"><style:paragraph-properties fo:text-align="center"/></style:style>
</office:styles>
<office:automatic-styles>${layout('Mirrored', '1', true)}${layout('Roman', 'i', false)}
<style:style style:name="FrontStart" style:family="paragraph" style:master-page-name="Front"><style:paragraph-properties style:page-number="1"/></style:style>
<style:style style:name="BodyStart" style:family="paragraph" style:master-page-name="Body"><style:paragraph-properties style:page-number="1"/></style:style>
<style:style style:name="Break" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style>
</office:automatic-styles>
<office:master-styles>
<style:master-page style:name="Front" style:page-layout-name="Roman"><style:footer><text:p text:style-name="Center"><text:page-number style:num-format="i"/></text:p></style:footer></style:master-page>
<style:master-page style:name="Body" style:page-layout-name="Mirrored">
<style:header><text:p><text:chapter text:display="name" text:outline-level="1"/><text:tab/><text:page-number/></text:p></style:header>
<style:header-left><text:p><text:page-number/><text:tab/>The Quiet Harbour</text:p></style:header-left>
</style:master-page>
</office:master-styles>
<office:body><office:text>
${p('The Quiet Harbour', 'FrontStart')}${p('A history of a fishing town, by Maria Lind.')}
${p('Contents', 'Break')}${PRINTED_BOOK_CHAPTERS.map((c, i) => `<text:p text:style-name="Toc">${i + 1} ${esc(c.title)}<text:tab/>${c.page}</text:p>`).join('')}
${p('Preface', 'Break')}${p('This book follows one harbour town through a century of change and loss.')}
${body.join('\n')}
</office:text></office:body></office:document>`;
  const dir = join(tmpdir(), `vn-doc-book-${createHash('sha256').update(fodt).digest('hex').slice(0, 12)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'book.fodt'), fodt);
  return dir;
}

/**
 * A 39-page book made by LibreOffice from flat ODF, as books are printed: a title page, front
 * matter numbered in roman numerals at the foot, a table of contents with dot leaders, then four
 * chapters of about nine pages on mirrored pages, whose left pages carry the page number and the
 * book's title, right pages the chapter's name (a field, so it changes with the chapter) and the
 * page number. Chapter three holds a list of years and a small table of numbers.
 */
export function bookPdf(): Buffer {
  const dir = bookSource();
  if (!existsSync(join(dir, 'book.pdf'))) soffice(dir, 'book.fodt', 'pdf');
  return readFileSync(join(dir, 'book.pdf'));
}

/** {@link bookPdf} saved as a Word file: its contents are a field whose entries end in a tab and their page numbers. */
export function bookDocx(): Buffer {
  const dir = bookSource();
  if (!existsSync(join(dir, 'book.docx'))) soffice(dir, 'book.fodt', 'docx', 'docx:MS Word 2007 XML');
  return readFileSync(join(dir, 'book.docx'));
}

/**
 * A page of a scan: a page of a PDF (1-based) drawn as a picture (upside down: fed into the
 * scanner the wrong way round), a white sheet, or a sheet of fine print (a minute or more of OCR).
 */
export type ScanPage = { pdf: Buffer; page: number; upsideDown?: boolean } | 'blank' | 'fine-print';

/** One A4 page of 3.5 pt print, 190 lines of 40 words (Helvetica), always the same words. */
function finePrintPdf(): Buffer {
  const words = ['solar', 'wind', 'grid', 'power', 'energy', 'storage', 'battery', 'turbine', 'panel', 'market', 'policy', 'hydro'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const lines = Array.from({ length: 190 }, () => `(${Array.from({ length: 40 }, () => words[next() % words.length]).join(' ')}) Tj T*`);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(`BT /F1 3.5 Tf 4.2 TL 10 835 Td\n${lines.join('\n')}\nET\n`)) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** Width, height and colour components of a JPEG, from its start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number; components: number } {
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7), components: jpeg[at + 9] };
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('not a JPEG with a frame header');
}

const cacheDir = () => {
  const dir = join(tmpdir(), 'vn-scan-fixtures');
  mkdirSync(dir, { recursive: true });
  return dir;
};
const digest = (...parts: (Buffer | string)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/**
 * A scanned document, as a scanner writes one: every page a gray JPEG picture (pdftoppm draws the
 * PDF page at `dpi`; ffmpeg makes the white sheet) and no text layer at all. Cached in the temp folder by a
 * hash of its sources.
 */
export function scannedPdf(pages: ScanPage[], dpi = 200): Buffer {
  const dir = cacheDir();
  const key = digest('scan-v3', String(dpi), ...pages.map((p) => (typeof p === 'string' ? p : `${digest(p.pdf)}#${p.page}${p.upsideDown ? '@180' : ''}`)));
  const file = join(dir, `scan-${key}.pdf`);
  if (existsSync(file)) return readFileSync(file);
  const objects: (string | { dict: string; data: Buffer })[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: number[] = [];
  for (const p of pages) {
    const pageObj = objects.length + 1;
    kids.push(pageObj);
    let jpeg: Buffer;
    if (p === 'blank') {
      const out = join(dir, `blank-${dpi}.jpg`);
      const size = `${Math.round((595 * dpi) / 72)}x${Math.round((842 * dpi) / 72)}`;
      if (!existsSync(out))
        execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=white:s=${size}`, '-frames:v', '1', '-pix_fmt', 'gray', out], {
          timeout: 60_000,
        });
      jpeg = readFileSync(out);
    } else {
      const { pdf, page } = p === 'fine-print' ? { pdf: finePrintPdf(), page: 1 } : p;
      const source = join(dir, `source-${digest(pdf)}.pdf`);
      if (!existsSync(source)) writeFileSync(source, pdf);
      const prefix = join(dir, `page-${digest(pdf)}-${page}-${dpi}`);
      if (!existsSync(`${prefix}.jpg`))
        execFileSync('pdftoppm', ['-jpeg', '-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', source, prefix], {
          timeout: 60_000,
        });
      jpeg = readFileSync(`${prefix}.jpg`);
    }
    const { width, height, components } = jpegSize(jpeg);
    const w = ((width * 72) / dpi).toFixed(2);
    const h = ((height * 72) / dpi).toFixed(2);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 ${pageObj + 2} 0 R >> >> /Contents ${pageObj + 1} 0 R >>`,
    );
    const turned = typeof p === 'object' && p.upsideDown;
    objects.push({ dict: '', data: Buffer.from(turned ? `q -${w} 0 0 -${h} ${w} ${h} cm /Im0 Do Q\n` : `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q\n`) });
    objects.push({
      dict: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /${components === 1 ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode`,
      data: jpeg,
    });
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const pdf = pdfOf(objects);
  writeFileSync(`${file}.part`, pdf);
  renameSync(`${file}.part`, file);
  return pdf;
}

/** Pages of PDFs (1-based) put together into one, by qpdf: e.g. text pages around a scanned one. Cached like `scannedPdf`. */
export function joinedPdf(pages: { pdf: Buffer; page: number }[]): Buffer {
  const dir = cacheDir();
  const file = join(dir, `joined-${digest('joined-v1', ...pages.map((p) => `${digest(p.pdf)}#${p.page}`))}.pdf`);
  if (existsSync(file)) return readFileSync(file);
  const args = ['--empty', '--pages'];
  for (const p of pages) {
    const source = join(dir, `source-${digest(p.pdf)}.pdf`);
    if (!existsSync(source)) writeFileSync(source, p.pdf);
    args.push(source, String(p.page));
  }
  execFileSync('qpdf', [...args, '--', `${file}.part`], { timeout: 60_000 });
  renameSync(`${file}.part`, file);
  return readFileSync(file);
}

/**
 * Share of dark pixels on a PDF's first page as poppler's pdftoppm draws it (grey, 40 dpi): text
 * that is embedded but drawn blank (a font whose glyphs came out empty) reads as 0.
 */
export function pdfInk(pdf: Buffer): number {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '40', '-f', '1', '-l', '1', '-'], { input: pdf, maxBuffer: 256 * 1024 * 1024 });
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not draw the page');
  const pixels = pgm.subarray(header[0].length);
  return pixels.filter((v) => v < 128).length / pixels.length;
}
