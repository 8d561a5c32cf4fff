// Document summaries: a 300-page PDF made by LibreOffice, extracted page by page and summarized by
// the built-in summarizer in chunks (the map-reduce the ai workers run), in this process; the same
// document summarized end to end through HTTP by the running product; and its map-reduce against
// a chat-model stand-in with a fixed latency per completion, through 1 and then 4 ai worker processes.
import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** A book of `pages` pages (one paragraph each, a chapter every 25 pages) made by LibreOffice from HTML, kept between runs. */
export function longPdf(pages) {
  const dir = join(tmpdir(), 'vn-bench-documents');
  const pdf = join(dir, `book-${pages}.pdf`);
  if (existsSync(pdf)) return readFileSync(pdf);
  mkdirSync(dir, { recursive: true });
  const topics = ['solar', 'wind', 'storage', 'grid', 'hydro', 'policy', 'markets', 'research'];
  const body = Array.from({ length: pages }, (_, i) => {
    const p = i + 1;
    const t = topics[p % topics.length];
    // A book: a chapter every 25 pages, each page a page of its own.
    const opens = (p - 1) % 25 === 0;
    const brk = p > 1 ? ' style="page-break-before:always"' : '';
    return `${opens ? `<h1${brk}>Chapter ${(p - 1) / 25 + 1}: ${t}</h1><p>` : `<p${brk}>`}On page ${p} the report looks at ${t} in region ${p}. Investment in ${t} projects rose by ${p % 17} percent this year. Engineers measured output at ${100 + p} megawatts. Local councils approved ${p % 9} new ${t} sites after a public hearing. Costs fell because suppliers competed for long contracts.</p>`;
  }).join('\n');
  writeFileSync(join(dir, `book-${pages}.html`), `<!doctype html><html><body>${body}</body></html>`);
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--convert-to',
      'pdf:writer_web_pdf_Export',
      '--outdir',
      dir,
      join(dir, `book-${pages}.html`),
    ],
    { stdio: 'ignore', timeout: 180_000 },
  );
  return readFileSync(pdf);
}

const CHAT_LATENCY_MS = 80;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Posts the PDF as a signed-in user and waits for the finished summary. */
async function summarizeOverHttp(baseUrl, token, data, timeoutMs = 60_000, name = 'long-300.pdf') {
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'application/pdf' }), name);
  const res = await fetch(`${baseUrl}/api/summaries`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 202) throw new Error(`POST /api/summaries answered ${res.status}: ${await res.text()}`);
  const { summary_id: id } = await res.json();
  const accepted = performance.now();
  while (performance.now() - started < timeoutMs) {
    const view = await (await fetch(`${baseUrl}/api/summaries/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    if (view.status === 'failed') throw new Error(`the summary failed: ${view.error}`);
    if (view.status === 'completed') {
      if (!view.summary?.sections?.length) throw new Error('the summary has no sections');
      const mapReduceMs = new Date(view.completed_at).getTime() - new Date(view.started_at).getTime();
      return { totalMs: performance.now() - started, acceptMs: accepted - started, mapReduceMs, view };
    }
    await sleep(50);
  }
  throw new Error(`no summary after ${timeoutMs / 1000} s`);
}

/** Peak resident memory of a running service process (VmHWM), in MB. */
function peakRssMb(child) {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Short pasted texts, one per worker, so every fresh worker process has run a job before the measure. */
async function warmUp(baseUrl, token, count) {
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await fetch(`${baseUrl}/api/summaries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: `Warm-up ${i}. Solar panels turn sunlight into electricity. Wind turbines turn moving air into power.` }),
      });
      return (await res.json()).summary_id;
    }),
  );
  for (const id of ids) {
    for (let status = ''; status !== 'completed' && status !== 'failed'; await sleep(50)) {
      status = (await (await fetch(`${baseUrl}/api/summaries/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).status;
    }
  }
}

/**
 * The running product's map-reduce against a chat stand-in: the media service restarted with
 * chunks of 5 pages (60 map jobs, two model calls of at most 200 words and one overview call
 * each), the ai service as 1 and then 4 processes of concurrency 1, each warmed up first.
 */
async function workerScaling(ctx, token, data) {
  const { OpenAiStandIn } = require(join(root, 'libs/testing/dist/index.js'));
  const chat = await OpenAiStandIn.start({ chatLatencyMs: CHAT_LATENCY_MS });
  const stack = ctx.stack;
  const ai = { AI_BASE_URL: chat.url, AI_API_KEY: 'bench', AI_MODEL: 'bench-model', AI_MAP_WORDS: '200', WORKER_CONCURRENCY_AI_DOCUMENTS: '1' };
  const results = {};
  try {
    await Promise.all([stack.stop('ai'), stack.stop('media')]);
    await stack.startCopy('media', { DOCUMENT_CHUNK_PAGES: '5' });
    for (const workers of [1, 4]) {
      await Promise.all(Array.from({ length: workers }, () => stack.startCopy('ai', ai)));
      await warmUp(ctx.baseUrl, token, workers);
      chat.maxChatsInFlight = 0;
      const calls = chat.chats.length;
      const run = await summarizeOverHttp(ctx.baseUrl, token, data, 90_000);
      results[workers] = { ms: run.mapReduceMs, chats: chat.chats.length - calls, parallel: chat.maxChatsInFlight };
      await stack.stop('ai');
    }
  } finally {
    // The product as the runner started it, for the benches after this one.
    await Promise.all([stack.stop('ai'), stack.stop('media')]);
    await Promise.all([stack.startCopy('media'), stack.startCopy('ai')]);
    await chat.close();
  }
  return results;
}

/**
 * Another user's media-backed request (a summary's status, GET /api/summaries/:id) polled by a few
 * clients, idle and then while hostile PDFs (one page inflating to 60 MB) are uploaded one after
 * another: with the product's settings (refused at the inflate bound), and with that bound lifted
 * so each PDF is read in a worker thread until the time limit stops it.
 */
async function hostileLatency(ctx) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const { inflatingPdf } = require(join(root, 'libs/testing/dist/index.js'));
  const { percentile } = await import('./support/measure.mjs');
  const hostile = inflatingPdf(60 * 1024 * 1024);
  const [reader, other] = await Promise.all([signUp(ctx.baseUrl), signUp(ctx.baseUrl)]);
  const url = `${ctx.baseUrl}/api/summaries/00000000-0000-0000-0000-000000000000`;
  const headers = { authorization: `Bearer ${other.token}` };

  async function poll(ms, clients = 4) {
    const times = [];
    let errors = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const t = performance.now();
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          times.push(performance.now() - t);
          if (res.status >= 500) errors++;
          await sleep(5);
        }
      }),
    );
    times.sort((a, b) => a - b);
    return { p99: percentile(times, 99), count: times.length, errors };
  }
  async function whileHostile(ms) {
    let reading = true;
    const answers = [];
    const uploads = (async () => {
      while (reading) {
        const form = new FormData();
        form.append('file', new Blob([hostile], { type: 'application/pdf' }), 'drawing.pdf');
        const res = await fetch(`${ctx.baseUrl}/api/summaries`, { method: 'POST', body: form, headers: { authorization: `Bearer ${reader.token}` } });
        answers.push(res.status);
        await res.arrayBuffer();
      }
    })();
    const polled = await poll(ms);
    reading = false;
    await uploads;
    return { ...polled, uploads: answers };
  }

  await poll(1_000); // warm-up
  const idle = await poll(8_000);
  const bounded = await whileHostile(8_000);
  const stack = ctx.stack;
  let timed;
  try {
    await stack.stop('media');
    await stack.startCopy('media', { DOCUMENT_MAX_PDF_STREAM_BYTES: String(1024 * 1024 * 1024) });
    await poll(1_000);
    timed = await whileHostile(15_000);
  } finally {
    await stack.stop('media');
    await stack.startCopy('media');
  }
  const refusals = (r) => {
    const counts = {};
    for (const s of r.uploads) counts[s] = (counts[s] ?? 0) + 1;
    return `uploads answered ${Object.entries(counts)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}`;
  };
  return [
    { section: 'documents', name: "another user's media-backed request (GET /api/summaries/:id), idle: p99", value: idle.p99, unit: 'ms' },
    {
      section: 'documents',
      name: `same, while hostile PDFs are uploaded back to back (refused at the inflate bound; ${refusals(bounded)}): p99`,
      value: bounded.p99,
      unit: 'ms',
      goal: `< ${(2 * idle.p99).toFixed(1)} (2× idle)`,
    },
    {
      section: 'documents',
      name: `same, while hostile PDFs are read until the time limit (inflate bound lifted; ${refusals(timed)}): p99`,
      value: timed.p99,
      unit: 'ms',
      goal: `< ${(2 * idle.p99).toFixed(1)} (2× idle)`,
    },
    {
      section: 'documents',
      name: "another user's requests answered 5xx while hostile PDFs are read",
      value: bounded.errors + timed.errors,
      unit: 'requests',
      goal: '0',
    },
  ];
}

/** The book `longPdf` made for `pages`, as a file (pdftotext reads files). */
const bookFile = (pages) => join(tmpdir(), 'vn-bench-documents', `book-${pages}.pdf`);

/**
 * Reading speed on one book, side by side in one run: pdftotext (poppler) on the whole file, our
 * `readPdfPages` over all pages on this thread (pdftotext for plain pages, pdf.js for the rest),
 * and pdf.js alone (`pdftotextPath: false`). Wall times in ms.
 */
export async function readingSpeed(pages) {
  const data = longPdf(pages);
  const { pdfInfo, readPdfPages } = require(join(root, 'services/media/dist/documents/extract/pdf.js'));
  const { DEFAULT_LIMITS } = require(join(root, 'services/media/dist/documents/extract/types.js'));
  await readPdfPages(data, 1, 5, DEFAULT_LIMITS); // module loading and compilation
  // pdftotext's time: the median of three runs (one run varies by half from one to the next here)
  const times = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    execFileSync('pdftotext', ['-enc', 'UTF-8', bookFile(pages), '-'], { stdio: ['ignore', 'ignore', 'ignore'], timeout: 120_000 });
    times.push(performance.now() - t0);
  }
  const pdftotextMs = times.sort((a, b) => a - b)[1];
  const read = async (limits) => {
    const t = performance.now();
    const { pageCount } = await pdfInfo(data, limits);
    const { pages: got } = await readPdfPages(data, 1, pageCount, limits);
    if (got.length !== pages) throw new Error(`read ${got.length} of ${pages} pages`);
    return performance.now() - t;
  };
  // As pdftotext's: the median of three runs, after one that compiles the reading code.
  const medianOf3 = async (limits) => {
    await read(limits);
    const ms = [await read(limits), await read(limits), await read(limits)];
    return ms.sort((a, b) => a - b)[1];
  };
  const oursMs = await medianOf3(DEFAULT_LIMITS);
  const pdfjsMs = await medianOf3({ ...DEFAULT_LIMITS, pdftotextPath: false });
  return { pages, pdftotextMs, oursMs, pdfjsMs };
}

/** A book read in `threads` page ranges at once, each on a worker thread of its own (as document jobs read it): wall ms from start to last page. */
export async function readInRanges(pages, threads) {
  const data = longPdf(pages);
  const code = `
    const { parentPort, workerData: w } = require('node:worker_threads');
    const { readPdfPages } = require(w.pdf);
    const { DEFAULT_LIMITS } = require(w.types);
    readPdfPages(Buffer.from(w.data), w.from, w.to, DEFAULT_LIMITS).then((r) => parentPort.postMessage(r.pages.length));`;
  const per = Math.ceil(pages / threads);
  const t0 = performance.now();
  const counts = await Promise.all(
    Array.from({ length: threads }, (_, i) => {
      const workerData = {
        pdf: join(root, 'services/media/dist/documents/extract/pdf.js'),
        types: join(root, 'services/media/dist/documents/extract/types.js'),
        data: new Uint8Array(data),
        from: i * per + 1,
        to: Math.min(pages, (i + 1) * per),
      };
      return new Promise((resolve, reject) => {
        const worker = new Worker(code, { eval: true, workerData });
        worker.once('message', (n) => {
          resolve(n);
          void worker.terminate();
        });
        worker.once('error', reject);
      });
    }),
  );
  const ms = performance.now() - t0;
  if (counts.reduce((a, b) => a + b, 0) !== pages) throw new Error(`read ${counts.join('+')} of ${pages} pages`);
  return ms;
}

/** pdftotext's time for the whole book, by its pages (the end-to-end rows compare with it). */
const pdftotextMsOf = {};

/** Rows of pages per second, ours and pdftotext's, on books of 510 and 1,000 pages, and the 1,000 pages read on two threads. */
async function readingRows() {
  const rows = [];
  for (const pages of [510, 1000]) {
    const r = await readingSpeed(pages);
    pdftotextMsOf[pages] = r.pdftotextMs;
    const perSecond = (ms) => Math.round((pages / ms) * 1000);
    rows.push(
      {
        section: 'documents',
        name: `${pages}-page book: pages read per second, pdftotext (poppler), same file, same run`,
        value: perSecond(r.pdftotextMs),
        unit: 'pages/s',
      },
      { section: 'documents', name: `${pages}-page book: pages read per second, ours (readPdfPages, one thread)`, value: perSecond(r.oursMs), unit: 'pages/s' },
      {
        section: 'documents',
        name: `${pages}-page book: pages read per second, ours with pdf.js alone (no pdftotext)`,
        value: perSecond(r.pdfjsMs),
        unit: 'pages/s',
      },
      {
        section: 'documents',
        name: `${pages}-page book: our reading time over pdftotext's`,
        value: Number((r.oursMs / r.pdftotextMs).toFixed(2)),
        unit: '×',
        goal: '<= 4',
      },
    );
  }
  const twoThreadsMs = await readInRanges(1000, 2);
  rows.push({
    section: 'documents',
    name: '1,000-page book read in two page ranges on two threads (start to last page)',
    value: Math.round(twoThreadsMs),
    unit: 'ms',
    goal: '< 30000',
  });
  return rows;
}

/**
 * Long books through the running product, end to end (upload to finished built-in summary): a
 * 510-page book alone, against pdftotext's time for the same file; three books at once; OCR time
 * per scanned page (300 dpi, one page at a time, Tesseract as the media service runs it).
 */
async function longBookRows(baseUrl, token) {
  const book = longPdf(510);
  // One run to warm up (reading threads that have not read a book yet compile its code first), then
  // five, one after another: the median, with every run's time in the row's name.
  await summarizeOverHttp(baseUrl, token, book, 300_000, 'book-510.pdf');
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push((await summarizeOverHttp(baseUrl, token, book, 300_000, 'book-510.pdf')).totalMs);
  runs.sort((a, b) => a - b);
  const alone = runs[2];
  const pdftotextMs = pdftotextMsOf[510];
  const rows = [
    {
      section: 'documents',
      name: `510-page book through HTTP: upload to finished built-in summary, median of 5 after one to warm up (${runs.map(Math.round).join(', ')} ms)`,
      value: Math.round(alone),
      unit: 'ms',
    },
    {
      section: 'documents',
      name: "510-page book through HTTP, end to end (median of 5), over pdftotext's time for the file",
      value: Number((alone / pdftotextMs).toFixed(2)),
      unit: '×',
      goal: '<= 4',
    },
  ];
  const t0 = performance.now();
  const books = [longPdf(510), longPdf(300), longPdf(1000)];
  const done = await Promise.all(books.map((b, i) => summarizeOverHttp(baseUrl, token, b, 600_000, `book-${i}.pdf`)));
  rows.push({
    section: 'documents',
    name: `three books at once (510, 300 and 1,000 pages): all ${done.length} summaries completed`,
    value: Math.round(performance.now() - t0),
    unit: 'ms',
  });
  const { measureOcr } = require(join(root, 'services/media/dist/documents/extract/ocr.js'));
  const { scannedPdf } = require(join(root, 'libs/testing/dist/index.js'));
  const scan = scannedPdf(
    [1, 2, 3].map((page) => ({ pdf: longPdf(20), page })),
    300,
  );
  const ocr = await measureOcr(scan, [1, 2, 3]);
  rows.push(
    {
      section: 'documents',
      name: `OCR of a scanned page (300 dpi, ${ocr.languages.join('+')}), one at a time`,
      value: Number(ocr.secondsPerPage.toFixed(2)),
      unit: 's/page',
    },
    ...(ocr.peakRssMb ? [{ section: 'documents', name: 'OCR: peak RSS of one tesseract run', value: Math.round(ocr.peakRssMb), unit: 'MB' }] : []),
  );
  return rows;
}

export async function run(ctx) {
  const extract = require(join(root, 'services/media/dist/documents/extract/index.js'));
  const { planChunks } = require(join(root, 'services/media/dist/documents/plan.js'));
  const { BuiltinSummaryProvider } = require(join(root, 'services/ai/dist/summaries/providers/builtin.provider.js'));
  const { summarizeChunk, combineChunks } = require(join(root, 'services/ai/dist/document-summaries/document-summarizer.js'));
  const data = longPdf(300);
  // First, so that the peak memory it reports is the reading's alone.
  const reading = await readingRows();
  reading.push({
    section: 'documents',
    name: 'peak RSS of the bench process after reading the books (both threads included)',
    value: Math.round(process.resourceUsage().maxRSS / 1024),
    unit: 'MB',
  });

  // The same reading without the text cleaning (pdf.js alone), to show what cleaning costs. A
  // warm-up first (module loading and compilation), then six rounds of each, which goes first alternating: medians.
  const { extractPdf } = require(join(root, 'services/media/dist/documents/extract/pdf.js'));
  await extract.extractDocument(longPdf(20), { name: 'warm.pdf' }, extract.DEFAULT_LIMITS);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const cleanTimes = [];
  const rawTimes = [];
  let doc;
  const timeClean = async () => {
    const t0 = performance.now();
    doc = await extract.extractDocument(data, { name: 'long.pdf' }, extract.DEFAULT_LIMITS);
    cleanTimes.push(performance.now() - t0);
  };
  const timeRaw = async () => {
    const t0 = performance.now();
    await extractPdf(data, extract.DEFAULT_LIMITS);
    rawTimes.push(performance.now() - t0);
  };
  // Which goes first alternates, so neither pays for the other's garbage every time.
  for (let round = 0; round < 6; round++) {
    if (round % 2) await timeRaw().then(timeClean);
    else await timeClean().then(timeRaw);
  }
  const extractMs = median(cleanTimes);
  const rawMs = median(rawTimes);

  const provider = new BuiltinSummaryProvider();
  const t1 = performance.now();
  const chunks = planChunks(doc.pages, 10, 16_000);
  const parts = [];
  for (const [index, c] of chunks.entries()) {
    const structured = doc.pages.some((p) => p.headings || p.title);
    parts.push(await summarizeChunk(provider, { index, title: 'Long report', pages: doc.pages.slice(c.from - 1, c.to), maxSections: 4, structured }));
  }
  const summary = await combineChunks(provider, 'Long report', parts);
  const summaryMs = performance.now() - t1;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  if (!summary.sections.length) throw new Error('the summary has no sections');

  const rows = [
    ...reading,
    {
      section: 'documents',
      name: '300-page PDF: pages extracted per second (with text cleaning)',
      value: Math.round((doc.pages.length / extractMs) * 1000),
      unit: 'pages/s',
      goal: '>= 50',
    },
    {
      section: 'documents',
      name: '300-page PDF: extraction with text cleaning, slower than without',
      value: Math.round(((extractMs - rawMs) / rawMs) * 100),
      unit: '%',
      goal: '<= 10',
    },
    {
      section: 'documents',
      name: '300-page PDF: extraction + built-in map-reduce summary (in process)',
      value: Math.round(extractMs + summaryMs),
      unit: 'ms',
      goal: '< 10000',
    },
    {
      section: 'documents',
      name: '300-page book of 12 chapters (PDF outline): sections in its summary',
      value: summary.sections.length,
      unit: 'sections',
      goal: '12',
    },
    { section: 'documents', name: 'peak RSS of the bench process', value: Math.round(rssMb), unit: 'MB' },
  ];
  if (!ctx?.baseUrl || !ctx.stack) return rows;

  // End to end through HTTP on the running product: upload, extraction, 30 map jobs, reduce.
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const user = await signUp(ctx.baseUrl, { scope: ['premium'] });
  const e2e = await summarizeOverHttp(ctx.baseUrl, user.token, data);
  rows.push(
    {
      section: 'documents',
      name: '300-page PDF through HTTP: upload to finished built-in summary',
      value: Math.round(e2e.totalMs),
      unit: 'ms',
      goal: '< 10000',
    },
    { section: 'documents', name: '300-page PDF through HTTP: upload + extraction + queueing (202 answer)', value: Math.round(e2e.acceptMs), unit: 'ms' },
  );
  rows.push(...(await longBookRows(ctx.baseUrl, user.token)));
  for (const name of ['media', 'ai']) {
    const mb = ctx.stack
      .copies(name)
      .map((p) => peakRssMb(p.child))
      .find((v) => v !== null);
    if (mb) rows.push({ section: 'documents', name: `peak RSS of the ${name} service (since start, all benches so far)`, value: Math.round(mb), unit: 'MB' });
  }

  rows.push(...(await hostileLatency(ctx)));

  const scaling = await workerScaling(ctx, user.token, data);
  const speedUp = scaling[1].ms / scaling[4].ms;
  rows.push(
    {
      section: 'documents',
      name: `map-reduce of 300 pages (60 chunks, chat stand-in ${CHAT_LATENCY_MS} ms/call, ${scaling[1].chats} calls), 1 ai worker`,
      value: Math.round(scaling[1].ms),
      unit: 'ms',
    },
    {
      section: 'documents',
      name: `map-reduce of 300 pages, 4 ai workers (at most ${scaling[4].parallel} calls at once)`,
      value: Math.round(scaling[4].ms),
      unit: 'ms',
    },
    { section: 'documents', name: 'map-reduce speed-up, 4 ai workers over 1', value: Number(speedUp.toFixed(2)), unit: '×', goal: '>= 3.5' },
  );
  return rows;
}
