import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  otherOffice: () => Record<'doc' | 'odt' | 'ppt' | 'odp' | 'xls' | 'xlsx', Buffer>;
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

/** Builds (or reuses) the fixtures; needs LibreOffice (`soffice`), qpdf and ffmpeg on PATH, and Chromium. */
export function documentFixtures(): Fixtures {
  const hash = createHash('sha256').update(HTML_PAGES).update(fodp()).update('v11').digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `vn-doc-fixtures-${hash}`);
  mkdirSync(dir, { recursive: true });
  const make = (file: string, build: () => void) => {
    if (!existsSync(join(dir, file))) build();
    return readFileSync(join(dir, file));
  };
  writeFileSync(join(dir, 'report.html'), HTML_PAGES);
  writeFileSync(join(dir, 'deck.fodp'), fodp());
  const pdf = make('report.pdf', () => soffice(dir, 'report.html', 'pdf', 'pdf:writer_web_pdf_Export'));
  const docx = make('report.docx', () => soffice(dir, 'report.html', 'docx', 'docx:MS Word 2007 XML'));
  const pptx = make('deck.pptx', () => soffice(dir, 'deck.fodp', 'pptx'));
  const encryptedPdf = make('secret.pdf', () => {
    writeFileSync(join(dir, 'secret.html'), HTML_PAGES);
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
    writeFileSync(
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
      writeFileSync(join(dir, `long-${pages}.html`), longHtml(pages));
      soffice(dir, `long-${pages}.html`, 'pdf', 'pdf:writer_web_pdf_Export');
    });
  const titledPdf = (title: string) => {
    const name = `titled-${createHash('sha256').update(`v2${title}`).digest('hex').slice(0, 10)}`;
    return make(`${name}.pdf`, () => {
      writeFileSync(
        join(dir, `${name}.html`),
        `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>\n<h1>Harvest</h1>\n<p>The harvest starts in the first week of September. Pickers are paid by the crate.</p>\n</body></html>\n`,
      );
      soffice(dir, `${name}.html`, 'pdf', 'pdf:writer_web_pdf_Export');
    });
  };
  const bombDocx = (bytes: number) => zip([...unzipEntries(docx), { name: 'word/media/filler.bin', data: Buffer.alloc(bytes) }]);
  const manyEntriesPptx = (count: number) =>
    zip([...unzipEntries(pptx), ...Array.from({ length: count }, (_, i) => ({ name: `ppt/extra/e${i}.xml`, data: Buffer.from('<a/>') }))]);
  writeFileSync(join(dir, 'paper.html'), PAPER_HTML);
  writeFileSync(join(dir, 'arabic.txt'), ARABIC_TEXT);
  const paper = make('paper.pdf', () => soffice(dir, 'paper.html', 'pdf', 'pdf:writer_web_pdf_Export'));
  const paperWithoutOutline = make('paper-plain.pdf', () => {
    writeFileSync(join(dir, 'paper-plain.html'), PAPER_HTML);
    soffice(dir, 'paper-plain.html', 'pdf', `pdf:writer_web_pdf_Export:${JSON.stringify({ ExportBookmarks: { type: 'boolean', value: 'false' } })}`);
  });
  const arabic = make('arabic.pdf', () => soffice(dir, 'arabic.txt', 'pdf'));
  writeFileSync(join(dir, 'notes.fodt'), NOTES_FODT);
  const notesDocx = make('notes.docx', () => soffice(dir, 'notes.fodt', 'docx', 'docx:MS Word 2007 XML'));
  writeFileSync(
    join(dir, 'heading-only.fodt'),
    NOTES_FODT.replace(/<text:p>[\s\S]*<\/text:p>/, '<text:h text:outline-level="1">Walking on imported air</text:h>'),
  );
  const headingOnlyDocx = make('heading-only.docx', () => soffice(dir, 'heading-only.fodt', 'docx', 'docx:MS Word 2007 XML'));
  const scriptPdf = (script: keyof typeof SCRIPT_SENTENCES, font: 'fallback' | 'devanagari' = 'fallback') =>
    make(`script-${script}-${font}.pdf`, () => {
      const { lang, text } = SCRIPT_SENTENCES[script];
      const name = `script-${script}-${font}`;
      writeFileSync(join(dir, `${name}.html`), `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head><body><p>${text}</p></body></html>`);
      soffice(dir, `${name}.html`, 'pdf', undefined, 'HTML (StarWriter)', font === 'fallback' ? ['dejavu'] : ['dejavu', font]);
    });
  const hindiParagraphPdf = make('hindi-paragraph.pdf', () => {
    writeFileSync(
      join(dir, 'hindi-paragraph.html'),
      `<!doctype html><html lang="hi"><head><meta charset="utf-8"></head><body><p style="text-align:justify">${HINDI_PARAGRAPH}</p></body></html>`,
    );
    soffice(dir, 'hindi-paragraph.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', 'devanagari']);
  });
  const rtlProsePdf = make('rtl-prose.pdf', () => {
    const paragraphs = RTL_PROSE.map(
      ({ lang, text }) => `<p dir="rtl" lang="${lang}">${text}</p><p dir="rtl" lang="${lang}" style="text-align:justify">${text} ${text}</p>`,
    );
    writeFileSync(join(dir, 'rtl-prose.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
    soffice(dir, 'rtl-prose.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu']);
  });
  // Printed by Chromium ("Save as PDF"): Skia draws each shaped cluster in an ActualText span of a
  // composite font, and right-to-left runs reversed.
  const browserPrintedPdf = make('browser-printed.pdf', () => {
    const paragraphs = [
      ...INDIC_PROSE.map(({ lang, text }) => `<p lang="${lang}">${text}</p>`),
      ...RTL_PROSE.map(({ lang, text }) => `<p dir="rtl" lang="${lang}">${text}</p>`),
    ];
    writeFileSync(join(dir, 'browser-printed.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
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
    writeFileSync(join(dir, 'indic-prose.html'), `<!doctype html><html><head><meta charset="utf-8"></head><body>${paragraphs.join('')}</body></html>`);
    soffice(dir, 'indic-prose.html', 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', 'devanagari', 'bengali', 'tamil']);
  });
  const indicParagraphPdf = (script: keyof typeof INDIC_PARAGRAPHS) =>
    make(`${script}-paragraph.pdf`, () => {
      writeFileSync(
        join(dir, `${script}-paragraph.html`),
        `<!doctype html><html lang="${script === 'bengali' ? 'bn' : 'ta'}"><head><meta charset="utf-8"></head><body><p style="text-align:justify">${INDIC_PARAGRAPHS[script]}</p></body></html>`,
      );
      soffice(dir, `${script}-paragraph.html`, 'pdf', undefined, 'HTML (StarWriter)', ['dejavu', script]);
    });
  writeFileSync(
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
    writeFileSync(join(dir, 'budget.csv'), 'Item,Cost\nRent,1200\nTravel,300\n');
    return {
      doc: make('report.doc', () => soffice(dir, 'report.html', 'doc', 'doc:MS Word 97')),
      odt: make('report.odt', () => soffice(dir, 'report.html', 'odt', 'odt:writerweb8_writer')),
      ppt: make('deck.ppt', () => soffice(dir, 'deck.fodp', 'ppt')),
      odp: make('deck.odp', () => soffice(dir, 'deck.fodp', 'odp')),
      xls: make('budget.xls', () => soffice(dir, 'budget.csv', 'xls', 'xls:MS Excel 97')),
      xlsx: make('budget.xlsx', () => soffice(dir, 'budget.csv', 'xlsx', 'xlsx:Calc MS Excel 2007 XML')),
    };
  };
  return {
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
