import { spawn } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { HAS_LETTER, type ExtractedDocument, type OcrSettings } from './types';

/**
 * Scanned pages read by OCR: poppler's pdftoppm draws a page as a gray image, Tesseract reads it.
 * Each runs as a child process of its own under a memory limit (prlimit) and a time limit (coreutils
 * timeout, which holds even when the thread that started it is stopped), with one OpenMP thread.
 */
export interface OcrOptions {
  /** Time one page may take, per child process (drawing it, reading it). */
  timeLimitMs: number;
  /** Address space of one child process. */
  memoryMb: number;
  /** Resolution the page is drawn at (default 300). */
  dpi?: number;
  /** Pages read at once (default: the cores). */
  concurrency?: number;
  /** Tesseract languages to use instead of detecting the script ("eng", "ara"...); unknown ones are left out. */
  languages?: string[];
  signal?: AbortSignal;
  /** Called as each page is done (read or given up), with the number done so far. */
  onPage?: (done: number) => void;
}

const logger = new Logger('Ocr');
const DEFAULT_DPI = 300;
/**
 * Temp folders of this module start so, then the process id (each process, a test's included,
 * can tell its own); one left behind by a stopped thread is removed later, whoever made it.
 */
const TEMP_PREFIX = 'vn-ocr-';
const tempFolder = () => mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));

/**
 * Tesseract's script names (from its orientation and script detection) to the language packs that
 * read them, best first.
 */
const SCRIPT_LANGUAGES: Record<string, string[]> = {
  Latin: ['eng'],
  Arabic: ['ara', 'fas', 'urd'],
  Han: ['chi_sim', 'chi_tra'],
  Japanese: ['jpn', 'chi_sim'],
  Korean: ['kor'],
  Hangul: ['kor'],
  Cyrillic: ['rus', 'ukr', 'bul', 'srp'],
  Devanagari: ['hin', 'mar', 'nep'],
  Greek: ['ell'],
  Hebrew: ['heb'],
  Thai: ['tha'],
  Bengali: ['ben'],
  Tamil: ['tam'],
};
/**
 * Latin script is read with English and up to three more Latin-script packs when installed: they
 * cost about a third more time and 35 MB per page, and keep the accents and umlauts English alone
 * misreads ("Straße", "élèves", "niño"), while English text reads the same.
 */
const MORE_LATIN = ['deu', 'fra', 'spa', 'ita', 'por'];

/** The packs for a detected script (null: none found), among the installed ones; English otherwise. */
export function languagesFor(script: string | null, installed: string[]): string[] {
  const pick = (script && SCRIPT_LANGUAGES[script]?.find((l) => installed.includes(l))) || (installed.includes('eng') ? 'eng' : installed[0]);
  if (!pick) return [];
  if (script === 'Latin' && pick === 'eng') return [pick, ...MORE_LATIN.filter((l) => installed.includes(l)).slice(0, 3)];
  return [pick];
}

/** The script Tesseract's `--psm 0` reports, or null when it found too little to tell. */
export function parseOsd(output: string): string | null {
  const script = /^Script: (\S+)/m.exec(output)?.[1];
  const confidence = Number(/^Script confidence: ([\d.]+)/m.exec(output)?.[1] ?? 0);
  return script && confidence > 0 ? script : null;
}

/**
 * Tesseract's text tidied: its form feed and trailing spaces gone, one blank line between
 * paragraphs. Line-end hyphens are joined by the cleaning every document gets afterwards.
 */
export function tidyOcrText(text: string): string {
  return text
    .replace(/\f/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Tools {
  ok: boolean;
  languages: string[];
  osd: boolean;
}
let tools: Promise<Tools> | null = null;

/** Whether OCR can run here (tesseract and pdftoppm on PATH, run under prlimit and timeout), and which languages are installed. Cached. */
export async function ocrAvailable(): Promise<{ ok: boolean; languages: string[] }> {
  const { ok, languages } = await findTools();
  return { ok, languages };
}

function findTools(): Promise<Tools> {
  tools ??= (async () => {
    const limits = { timeLimitMs: 15_000, memoryMb: 1024 };
    try {
      const [list] = await Promise.all([run('tesseract', ['--list-langs'], limits), run('pdftoppm', ['-v'], limits)]);
      const names = list
        .split('\n')
        .slice(1)
        .map((l) => l.trim())
        .filter((l) => /^[\w-]+$/.test(l));
      const languages = names.filter((l) => l !== 'osd');
      return { ok: languages.length > 0, languages, osd: names.includes('osd') };
    } catch {
      return { ok: false, languages: [], osd: false };
    }
  })();
  return tools;
}

/** Languages decided per document (by a hash of its bytes), so each range of its pages reads alike. */
const decided = new Map<string, string[]>();
const DECIDED_KEPT = 200;

let warnedMissing = false;

/**
 * Text of the given 1-based pages of a PDF read by OCR; pages where OCR found no letters are
 * absent. Throws nothing for a single bad page (it is skipped and logged); throws the signal's
 * reason when aborted.
 */
export async function ocrPdfPages(data: Buffer, pages: number[], options: OcrOptions): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const wanted = [...new Set(pages)].filter((p) => Number.isInteger(p) && p >= 1).sort((a, b) => a - b);
  if (!wanted.length) return found;
  const available = await findTools();
  if (!available.ok) {
    if (!warnedMissing) logger.warn('Scanned pages cannot be read: OCR needs tesseract, pdftoppm (poppler-utils), prlimit (util-linux) and timeout on PATH');
    warnedMissing = true;
    return found;
  }
  options.signal?.throwIfAborted();
  void sweepTemp();
  const dir = await tempFolder();
  try {
    const pdf = join(dir, 'document.pdf');
    await writeFile(pdf, data);
    const dpi = options.dpi ?? DEFAULT_DPI;
    const images = new Map<number, string>();
    const render = async (page: number) => {
      const image = images.get(page);
      if (image) return image;
      const prefix = join(dir, `page-${page}`);
      await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', pdf, prefix], options);
      return `${prefix}.pgm`;
    };
    const languages = await chooseLanguages(data, wanted, available, options, async (page) => {
      const image = await render(page);
      images.set(page, image);
      return image;
    });
    const lang = languages.join('+');
    let next = 0;
    let pagesDone = 0;
    const reader = async () => {
      while (next < wanted.length) {
        const page = wanted[next++];
        options.signal?.throwIfAborted();
        try {
          const image = await render(page);
          images.delete(page);
          const text = await readPage(image, page, dir, lang, dpi, options);
          await rm(image, { force: true });
          if (HAS_LETTER.test(text)) found.set(page, text);
        } catch (err) {
          if (options.signal?.aborted) throw options.signal.reason;
          logger.warn(`Page ${page} of a scanned document could not be read by OCR: ${(err as Error).message}`);
        }
        options.onPage?.(++pagesDone);
      }
    };
    const concurrency = Math.max(1, Math.min(options.concurrency ?? availableParallelism(), wanted.length));
    await Promise.all(Array.from({ length: concurrency }, reader));
    return found;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A page image read by Tesseract with automatic page segmentation. When it reads the page with
 * little confidence (an upside-down scan reads as garbage), the page is read again with Tesseract's
 * orientation detection too, and the more confident reading is kept: it costs about 40% more, so
 * only such pages pay for it.
 */
async function readPage(image: string, page: number, dir: string, lang: string, dpi: number, options: OcrOptions): Promise<string> {
  const read = async (psm: string) => {
    const base = join(dir, `text-${page}-${psm}`);
    await run('tesseract', [image, base, '--dpi', String(dpi), '--psm', psm, '-l', lang, 'txt', 'tsv'], options);
    try {
      const [text, tsv] = await Promise.all([readFile(`${base}.txt`, 'utf8'), readFile(`${base}.tsv`, 'utf8')]);
      return { text: tidyOcrText(text), ...wordConfidence(tsv) };
    } finally {
      await Promise.all([rm(`${base}.txt`, { force: true }), rm(`${base}.tsv`, { force: true })]);
    }
  };
  const first = await read('3');
  if (!first.words || first.confidence >= LOW_CONFIDENCE) return first.text;
  const turned = await read('1').catch((err: Error) => {
    if (options.signal?.aborted) throw options.signal.reason;
    logger.warn(`Page ${page} of a scanned document could not be read again with its orientation detected: ${err.message}`);
    return null;
  });
  return turned && turned.confidence > first.confidence ? turned.text : first.text;
}

/** Below this mean word confidence (0-100) a page is read again with orientation detection; a page read right scores about 90. */
const LOW_CONFIDENCE = 60;

/** How many words Tesseract's TSV output holds, and their mean confidence (0-100). */
export function wordConfidence(tsv: string): { words: number; confidence: number } {
  let words = 0;
  let sum = 0;
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    // level 5 is a word: level, page, block, paragraph, line, word, left, top, width, height, conf, text
    if (cells.length < 12 || cells[0] !== '5' || !cells[11].trim()) continue;
    const conf = Number(cells[10]);
    if (!Number.isFinite(conf) || conf < 0) continue;
    words++;
    sum += conf;
  }
  return { words, confidence: words ? sum / words : 0 };
}

/**
 * The languages to read a document in: the ones asked for (those installed), else the ones decided
 * for this document before, else the script Tesseract sees on its first pages (at most two tried).
 */
async function chooseLanguages(
  data: Buffer,
  pages: number[],
  available: Tools,
  options: OcrOptions,
  render: (page: number) => Promise<string>,
): Promise<string[]> {
  const asked = (options.languages ?? []).filter((l) => available.languages.includes(l));
  if (asked.length) return asked;
  // Web Crypto hashes on libuv's thread pool: a large file does not hold up the event loop.
  const key = Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
  const known = decided.get(key);
  if (known) return known;
  let script: string | null = null;
  if (available.osd) {
    for (const page of pages.slice(0, 2)) {
      try {
        script = parseOsd(await run('tesseract', [await render(page), '-', '--dpi', String(options.dpi ?? DEFAULT_DPI), '--psm', '0'], options, true));
      } catch (err) {
        if (options.signal?.aborted) throw options.signal.reason;
        // Too few letters on the page to tell (a blank or a picture): the next one may say.
      }
      if (script) break;
    }
  }
  const languages = languagesFor(script, available.languages);
  if (script) {
    if (decided.size >= DECIDED_KEPT) decided.delete(decided.keys().next().value!);
    decided.set(key, languages);
  }
  return languages;
}

/**
 * Runs a tool under its limits and resolves with its output: `prlimit` caps its address space,
 * `timeout` kills it when its time is up (also if this thread is stopped meanwhile), and it is
 * killed when the signal aborts. A non-zero exit rejects, unless `anyExit` (OSD exits 1 when the
 * page has too few letters, its output still says so).
 */
function run(tool: string, args: string[], limits: OcrOptions, anyExit = false): Promise<string> {
  return runTool(tool, args, limits, anyExit).then((r) => r.stdout);
}

/** `run`, also giving what the tool wrote to its standard error (its last 4 kB). */
function runTool(tool: string, args: string[], limits: OcrOptions, anyExit = false): Promise<{ stdout: string; stderr: string }> {
  const seconds = Math.max(0.1, limits.timeLimitMs / 1000).toFixed(1);
  const bytes = Math.max(64, Math.floor(limits.memoryMb)) * 1024 * 1024;
  return new Promise((resolve, reject) => {
    // Its own process group, so a kill reaches `timeout` and the tool under it alike.
    const child = spawn('prlimit', [`--as=${bytes}`, '--', 'timeout', '-s', 'KILL', `${seconds}s`, tool, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      detached: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = '';
    let stopped: string | null = null;
    const kill = (why: string) => {
      stopped ??= why;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    // Backstop for `timeout` itself: the group is killed a little after its limit.
    const timer = setTimeout(() => kill(`took longer than ${limits.timeLimitMs} ms`), limits.timeLimitMs + 1_000);
    const onAbort = () => kill('stopped');
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      // A page's text is a few kB; megabytes are a broken run.
      if (outBytes > 16 * 1024 * 1024) kill('wrote too much');
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4_000);
    });
    const done = () => {
      clearTimeout(timer);
      limits.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (err) => {
      done();
      reject(new Error(`${tool} could not start: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      done();
      const stdout = Buffer.concat(out).toString('utf8');
      if (stopped) reject(new Error(`${tool} ${stopped}`));
      // `timeout` exits 124 (137 with -s KILL) when the limit struck.
      else if (code === 124 || code === 137 || signal) reject(new Error(`${tool} took longer than ${limits.timeLimitMs} ms`));
      else if (code !== 0 && !anyExit)
        reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().slice(-300) || 'no message; it may have run out of its memory limit'}`));
      else resolve({ stdout, stderr });
    });
  });
}

let swept = 0;
/** Removes temp folders of this module older than an hour: a thread stopped mid-page leaves its folder behind. */
async function sweepTemp(): Promise<void> {
  if (Date.now() - swept < 10 * 60_000) return;
  swept = Date.now();
  try {
    for (const name of await readdir(tmpdir())) {
      if (!name.startsWith(TEMP_PREFIX)) continue;
      const path = join(tmpdir(), name);
      const { mtimeMs } = await stat(path);
      if (Date.now() - mtimeMs > 60 * 60_000) await rm(path, { recursive: true, force: true });
    }
  } catch {
    // another thread removed it first, or the folder cannot be listed
  }
}

/**
 * A PDF's pages without a letter (scans, pictures of text) read by OCR when `settings` enable it:
 * the pages it reads get its text and `ocr: true`; the others stay as they were. `onPage` hears
 * how many of the document's pages are read so far (those with text at once, then each scan).
 */
export async function readScannedPages(
  doc: ExtractedDocument,
  data: Buffer,
  settings: OcrSettings | undefined,
  onPage?: (read: number) => void,
): Promise<ExtractedDocument> {
  if (!settings?.enabled) return doc;
  const textless = doc.pages.filter((p) => !HAS_LETTER.test(p.text)).map((p) => p.page);
  if (!textless.length) return doc;
  const withText = doc.pages.length - textless.length;
  const read = await ocrPdfPages(data, textless, { ...settings, ...(onPage ? { onPage: (done: number) => onPage(withText + done) } : {}) });
  if (!read.size) return doc;
  return { ...doc, pages: doc.pages.map((p) => (read.has(p.page) ? { ...p, text: read.get(p.page)!, ocr: true } : p)) };
}

/**
 * OCR speed for the benchmark: reads `pages` of a PDF, `concurrency` at once (default 1), and
 * reports wall seconds per page (drawing and reading) and the largest resident memory one
 * tesseract run reached (GNU time's figure; null without /usr/bin/time).
 */
export async function measureOcr(
  data: Buffer,
  pages: number[],
  options: { concurrency?: number; dpi?: number; languages?: string[] } = {},
): Promise<{ pages: number; secondsPerPage: number; peakRssMb: number | null; languages: string[] }> {
  const dpi = options.dpi ?? DEFAULT_DPI;
  const limits = { timeLimitMs: 120_000, memoryMb: 4096 };
  const available = await findTools();
  if (!available.ok) throw new Error('OCR needs tesseract and pdftoppm on PATH');
  const timed = await runTool('/usr/bin/time', ['-f', 'maxrss=%M', 'true'], limits).then(
    () => true,
    () => false,
  );
  const dir = await tempFolder();
  try {
    const pdf = join(dir, 'document.pdf');
    await writeFile(pdf, data);
    const render = async (page: number, name: string) => {
      const prefix = join(dir, `${name}-${page}`);
      await run('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', pdf, prefix], limits);
      return `${prefix}.pgm`;
    };
    const languages = await chooseLanguages(data, pages, available, { ...limits, languages: options.languages }, (page) => render(page, 'osd'));
    let peakKb: number | null = null;
    let next = 0;
    const started = Date.now();
    const reader = async () => {
      while (next < pages.length) {
        const image = await render(pages[next++], 'page');
        const args = [image, '-', '--dpi', String(dpi), '-l', languages.join('+')];
        const { stderr } = timed ? await runTool('/usr/bin/time', ['-f', 'maxrss=%M', 'tesseract', ...args], limits) : await runTool('tesseract', args, limits);
        const kb = Number(/maxrss=(\d+)/.exec(stderr)?.[1] ?? NaN);
        if (kb) peakKb = Math.max(peakKb ?? 0, kb);
        await rm(image, { force: true });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, reader));
    const seconds = (Date.now() - started) / 1000;
    return { pages: pages.length, secondsPerPage: seconds / pages.length, peakRssMb: peakKb === null ? null : Math.round(peakKb / 1024), languages };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
