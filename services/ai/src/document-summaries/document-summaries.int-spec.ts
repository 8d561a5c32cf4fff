import { Messages, type DocumentSummaryView } from '@visualnotes/contracts';
import { createTestEnv, OpenAiStandIn, signUp, waitFor, type SignedUp, type TestEnv, documentFixtures } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

type Message = { role: string; content: string };

const isMap = (m: Message[]) => m[0]?.content.startsWith('You summarize a part');
const isReduce = (m: Message[]) => m[0]?.content.startsWith('You are given the section titles');

/** The sentence "On page N the report looks at X in region N." of each page quoted in a prompt. */
function pageSentences(user: string): { page: number; fact: string }[] {
  return [...user.replace(/\s+/g, ' ').matchAll(/On page (\d+) the report looks at \w+ in region \d+\./g)].map((m) => ({ page: Number(m[1]), fact: m[0] }));
}

/**
 * What the model answers. Map: one section for the part, at its first page, one point quoting each
 * page (so citations can be checked); for the chunk overviews (no page text) one combined section.
 * Reduce: the overview of the pages it was given, or of the whole document.
 */
function modelAnswer(messages: Message[]): string {
  const user = messages.at(-1)?.content ?? '';
  if (isMap(messages)) {
    const pages = pageSentences(user);
    if (pages.length) {
      const title = `Model notes on pages ${pages[0].page} to ${pages.at(-1)!.page}`;
      return JSON.stringify({ sections: [{ at: pages[0].page, title, points: pages.map((p) => p.fact) }] });
    }
    const first = Number(/^\[p\. (\d+)\]/m.exec(user)?.[1] ?? 1);
    return `Here you are:\n\`\`\`json\n${JSON.stringify({ sections: [{ at: first, title: 'Combined', points: ['The chunk overviews, combined.'] }] })}\n\`\`\``;
  }
  if (isReduce(messages)) {
    if (/^Combined:/m.test(user)) return JSON.stringify({ overview: 'Model overview of the whole report.' });
    const pages = pageSentences(user).map((p) => p.page);
    return JSON.stringify({ overview: `Model overview of pages ${Math.min(...pages)} to ${Math.max(...pages)}.` });
  }
  return '{}';
}

describe('document summaries through an OpenAI-compatible chat model', () => {
  let t: TestEnv;
  let backend: Backend;
  let model: OpenAiStandIn;
  let user: SignedUp;

  beforeAll(async () => {
    model = await OpenAiStandIn.start({ chat: modelAnswer });
    t = await createTestEnv('document-llm', {
      AI_BASE_URL: model.url,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'stand-in-model',
      AI_TIMEOUT_MS: '10000',
      DOCUMENT_CHUNK_PAGES: '3',
      // four chunks in two map jobs: each job summarizes its two chunks, one after the other
      DOCUMENT_MAP_JOBS: '2',
      WORKER_CONCURRENCY_AI_DOCUMENTS: '2',
    });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'ai']);
    user = await signUp(backend.url);
  }, 240_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
    await model?.close();
  });

  it('sends the map and reduce prompts to the model and keeps its sections with their page citations', async () => {
    const pdf = documentFixtures().long(12);
    const created = await request(backend.http)
      .post('/api/summaries')
      .set('authorization', `Bearer ${user.token}`)
      .attach('file', pdf, { filename: 'long.pdf', contentType: 'application/pdf' })
      .expect(202);
    const id: string = created.body.summary_id;
    const view = (await waitFor(async () => {
      const res = await request(backend.http).get(`/api/summaries/${id}`).set('authorization', `Bearer ${user.token}`).expect(200);
      const v = res.body as DocumentSummaryView;
      return v.status === 'completed' || v.status === 'failed' ? v : null;
    }, 60_000)) as DocumentSummaryView;
    expect(view).toMatchObject({ status: 'completed', kind: 'pdf', pages: 12, progress: 100, error: null });

    // Map: every page went to the model in one of the chunk prompts (chunks of 3 pages, two to a job), each once.
    const maps = model.chats.filter(isMap);
    const reduces = model.chats.filter(isReduce);
    const mapped = maps.flatMap((m) => pageSentences(m.at(-1)!.content).map((p) => p.page)).sort((a, b) => a - b);
    expect(mapped).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (const m of maps) expect(m.at(-1)!.content).toMatch(/^Title: [^\n]+\n(## [^\n]+\n)?\[p\. \d+\] /);
    // The document's own headings (its PDF outline) reach the model as the sections to keep.
    const headings = maps.flatMap((m) => [...m.at(-1)!.content.matchAll(/^## (.+)$/gm)].map((h) => h[1]));
    expect(headings).toHaveLength(12);
    expect(headings).toContain('Chapter 5: policy');
    // Reduce: one overview per chunk, then the chunk overviews combined into the document's.
    expect(reduces).toHaveLength(5);
    const final = maps.find((m) => /Model overview of pages 1 to 3\./.test(m.at(-1)!.content));
    expect(final?.at(-1)!.content).toContain('Model overview of pages 10 to 12.');
    expect(model.chats).toHaveLength(maps.length + reduces.length);

    // The stored summary is what the model answered, in page order, each point citing its page.
    const summary = view.summary!;
    expect(summary.overview).toBe('Model overview of the whole report.');
    const topic = (page: number) => ['solar', 'wind', 'storage', 'grid', 'hydro', 'policy', 'markets', 'research'][page % 8];
    expect(summary.sections).toEqual(
      [1, 4, 7, 10].map((from) => {
        const pages = [from, from + 1, from + 2];
        const points = pages.map((page) => `On page ${page} the report looks at ${topic(page)} in region ${page}.`);
        return { title: `Model notes on pages ${from} to ${from + 2}`, page: from, points, citations: points.map((text, i) => ({ text, page: pages[i] })) };
      }),
    );

    // A cited page shows the text the point came from.
    const cited = summary.sections[2].citations![1];
    const page = await request(backend.http).get(`/api/summaries/${id}/pages/${cited.page}`).set('authorization', `Bearer ${user.token}`).expect(200);
    expect(page.body.page).toBe(8);
    expect(page.body.text.replace(/\s+/g, ' ')).toContain(cited.text);
  }, 120_000);

  it('still asks visitors to log in', async () => {
    const res = await request(backend.http).post('/api/summaries').send({ text: 'Some text to summarize.' }).expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: Messages.needLogin });
  });
});
