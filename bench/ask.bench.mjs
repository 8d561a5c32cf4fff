// Ask: latency of questions over a large library, retrieval only (no model): 200 hours of
// transcripts (45-second windows) and 5,000 document pages of one user, written straight into
// PostgreSQL (the triggers build the passages as an import would), then questions through HTTP.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { percentile } from './support/measure.mjs';

const require = createRequire(import.meta.url);

const HOURS = 200;
const VIDEO_HOURS = 2;
const PAGES = 5_000;
const PAGES_PER_DOCUMENT = 250;
const QUESTIONS = 200;

/** A seeded random source, so every run searches the same library. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = `the of and to in is that it was for on are as with be at this have from or had by not but what all were when we there can an your which their
said if do will each about how up out them then she many some so these would other into has more her two like him see time could no make than first been
its who now people my made over did down only way find use may water long little very after words called just where most know get through back much go
good new write our me man too any day same right look think also around another came come work three word must because does part even place well such
here take why things help put years different away again off went old number great tell men say small every found still between name should home big
give air line set own under read last never us left end along while might next sound below saw something thought both few those always looked show large
often together asked house world going want school important until form food keep children feet land side without boy once animals life enough took
sometimes four head above kind began almost live page got earth need far hand high year mother light parts country father let night following picture
being study second eyes soon times story boys since white days paper hard near sentence better best across during today others however sure means knew
try told young miles sun ways thing whole hear example heard several change answer room sea against top turned learn point city play toward five using
himself usually money seen car morning given body family later`.split(/\s+/);
const SYLLABLES =
  'ba be bi bo bu ka ke ki ko ku ra re ri ro ru ta te ti to tu na ne ni no nu sa se si so su la le li lo lu ma me mi mo mu pha phe tri tro gla gle zen zor vin vor quel quin'.split(
    ' ',
  );

/** Words as a library has them: a few hundred frequent words and a long tail of rare ones (names, terms). */
function vocabulary(rand) {
  const rare = new Set();
  while (rare.size < 30_000) {
    let w = '';
    const n = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    rare.add(w);
  }
  const tail = [...rare];
  return () => {
    // about 7 in 10 words are frequent ones (Zipf-like within them), the rest the long tail
    if (rand() < 0.7) return COMMON[Math.floor(COMMON.length * rand() ** 2.5)];
    return tail[Math.floor(tail.length * rand() ** 1.6)];
  };
}

const sentence = (word, n) => {
  const words = Array.from({ length: n }, word);
  return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
};

export async function run({ baseUrl, env, root }) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const { Client } = require('pg');
  const rand = random(35);
  const word = vocabulary(rand);
  // a busy machine may answer the first sign-up late (argon2): it is tried again
  let user;
  for (let attempt = 1; !user; attempt++) {
    user = await signUp(baseUrl).catch((err) => {
      if (attempt >= 3) throw err;
      return undefined;
    });
  }
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const rows = [];
  try {
    // the library: videos of two hours in 5-second caption lines, documents of 250 pages
    let started = performance.now();
    const videoIds = [];
    for (let v = 0; v < HOURS / VIDEO_HOURS; v++) {
      const transcript = [];
      for (let t = 0; t < VIDEO_HOURS * 3600; t += 5) transcript.push({ start: t, end: t + 5, text: sentence(word, 12 + Math.floor(rand() * 6)) });
      const id = randomUUID();
      videoIds.push(id);
      await db.query(
        `INSERT INTO media.videos (id, owner_id, provider, title, transcript, transcript_text, status, duration)
         VALUES ($1, $2, 'upload', $3, $4::jsonb, $5, 'ready', $6)`,
        [id, user.user.id, `Lecture ${v + 1}`, JSON.stringify(transcript), transcript.map((s) => s.text).join(' '), VIDEO_HOURS * 3600],
      );
    }
    const videoSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    for (let d = 0; d < PAGES / PAGES_PER_DOCUMENT; d++) {
      const pages = Array.from({ length: PAGES_PER_DOCUMENT }, (_, i) => ({
        page: i + 1,
        title: null,
        text: Array.from({ length: 20 }, () => sentence(word, 10 + Math.floor(rand() * 10))).join(' '),
      }));
      const chars = pages.reduce((n, p) => n + p.text.length, 0);
      await db.query(
        `INSERT INTO media.documents (id, owner_id, title, kind, page_count, char_count, pages, textless_pages, ocr_pages, status, progress, chunks)
         VALUES ($1, $2, $3, 'pdf', $4, $5, $6::jsonb, '{}', '{}', 'completed', 100, 1)`,
        [randomUUID(), user.user.id, `Book ${d + 1}`, PAGES_PER_DOCUMENT, chars, JSON.stringify(pages)],
      );
    }
    const documentSeconds = (performance.now() - started) / 1000;
    await db.query('ANALYZE media.ask_passages');
    const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM media.ask_passages WHERE owner_id = $1', [user.user.id])).rows;
    rows.push({ section: 'ask', name: `index ${HOURS} h of transcripts (${HOURS / VIDEO_HOURS} videos)`, value: videoSeconds, unit: 's' });
    rows.push({ section: 'ask', name: `index ${PAGES} document pages`, value: documentSeconds, unit: 's' });
    rows.push({ section: 'ask', name: 'passages in the library', value: count, unit: 'rows' });

    // questions made from the library's own passages: two of a passage's rarer words and a frequent one
    const sample = (await db.query('SELECT text FROM media.ask_passages WHERE owner_id = $1 ORDER BY random() LIMIT $2', [user.user.id, QUESTIONS])).rows;
    const questions = sample.map(({ text }) => {
      const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
      const rare = words.filter((w) => !COMMON.includes(w));
      const common = words.filter((w) => COMMON.includes(w) && w.length > 3);
      const pick = (list) => list[Math.floor(rand() * list.length)] ?? '';
      return `What is said about ${pick(rare)} and ${pick(rare)} ${pick(common)}?`;
    });
    const ask = async (path, question) => {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - t0, found: body.citations.length > 0 };
    };
    for (const q of questions.slice(0, 10)) await ask('/api/ask', q);
    const measure = async (label, path) => {
      const times = [];
      let found = 0;
      for (const q of questions) {
        const r = await ask(path(), q);
        times.push(r.ms);
        if (r.found) found++;
      }
      times.sort((a, b) => a - b);
      rows.push({ section: 'ask', name: `${label} p50 (${QUESTIONS} questions, retrieval only)`, value: percentile(times, 50), unit: 'ms' });
      rows.push({ section: 'ask', name: `${label} p95`, value: percentile(times, 95), unit: 'ms', goal: '< 300' });
      rows.push({ section: 'ask', name: `${label}: questions with an answer`, value: (found / QUESTIONS) * 100, unit: '%' });
    };
    await measure('ask the whole library', () => '/api/ask');
    let i = 0;
    await measure('ask one video', () => `/api/videos/${videoIds[i++ % videoIds.length]}/ask`);
  } finally {
    await db.end();
  }
  return rows;
}
