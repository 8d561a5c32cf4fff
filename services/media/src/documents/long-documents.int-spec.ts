import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceApp, type ServiceApp } from '@visualnotes/common';
import type { DocumentSummaryView } from '@visualnotes/contracts';
import { createTestEnv, documentFixtures, signUp, waitFor, type Fixtures, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { definitions, startBackend, type Backend } from '../../../../test/support/backend';

/**
 * Books are read in steps of pages after they are accepted, on every media copy: a long book is
 * never refused for its length or for other books being read, its progress (pages read) rises,
 * and a copy that stops in the middle leaves its steps to another, the book being read once.
 */
describe('long documents', () => {
  let t: TestEnv;
  let backend: Backend;
  let second: ServiceApp | undefined;
  let reader: SignedUp;
  let fx: Fixtures;

  beforeAll(async () => {
    fx = documentFixtures();
    t = await createTestEnv('long-docs', {
      DOCUMENT_READ_STEP_PAGES: '25',
      DOCUMENT_CHUNK_PAGES: '25',
      DOCUMENT_WORKERS: '1',
      DOCUMENT_LIMIT_BYTES: String(64 * 1024 * 1024),
    });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'ai']);
    // a second media copy: reading steps go to whichever copy is free
    second = (await createServiceApp(definitions.media as never, t.env)) as ServiceApp;
    reader = await signUp(backend.url, { scope: ['premium'] });
  }, 300_000);
  afterAll(async () => {
    await second?.app.close();
    await backend?.close();
    await t?.cleanup();
  });

  const view = async (id: string) =>
    (await request(backend.http).get(`/api/summaries/${id}`).set('authorization', `Bearer ${reader.token}`).expect(200)).body as DocumentSummaryView;
  const storedDocuments = () => {
    try {
      return readdirSync(join(t.dataDir, 'files', 'documents')).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  it('reads a 500-page book and another book at once, with rising progress, through a copy stopped mid-way', async () => {
    const [book, other] = [fx.long(500), fx.long(120)];
    const post = (data: Buffer, name: string) =>
      request(backend.http).post('/api/summaries').set('authorization', `Bearer ${reader.token}`).attach('file', data, name).expect(202);
    const [a, b] = await Promise.all([post(book, 'book.pdf'), post(other, 'other.pdf')]);
    const [bookId, otherId] = [a.body.summary_id as string, b.body.summary_id as string];

    // Progress while reading: pages read, rising; the first copy stops once some pages are read.
    const seen: number[] = [];
    let stopped = false;
    await waitFor(
      async () => {
        const v = await view(bookId);
        if (v.status !== 'reading') return true;
        expect(v.pages).toBe(500);
        seen.push(v.progress);
        if (!stopped && v.progress > 0) {
          stopped = true;
          // a graceful stop hands the steps it holds back to the queue; the second copy reads them
          await backend.services.media!.app.close();
        }
        return false;
      },
      240_000,
      100,
    );
    expect(stopped).toBe(true);
    expect(seen.length).toBeGreaterThan(2);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    expect(new Set(seen).size).toBeGreaterThan(1);
    expect(Math.max(...seen)).toBeLessThan(100);

    const done = async (id: string) =>
      (await waitFor(async () => {
        const v = await view(id);
        return v.status === 'completed' || v.status === 'failed' ? v : null;
      }, 300_000)) as DocumentSummaryView;
    const [va, vb] = await Promise.all([done(bookId), done(otherId)]);
    // its title from the PDF's metadata, as a book read in one go has it
    expect(va).toMatchObject({ status: 'completed', title: 'Long report', pages: 500, textless_pages: [], ocr_pages: [], progress: 100 });
    expect(vb).toMatchObject({ status: 'completed', pages: 120 });
    // Cited pages run through the whole book, in order.
    const pages = va.summary!.sections.map((s) => s.page!);
    expect(Math.max(...pages)).toBeGreaterThan(400);
    const page = await request(backend.http).get(`/api/summaries/${bookId}/pages/321`).set('authorization', `Bearer ${reader.token}`).expect(200);
    expect(page.body.text).toContain('On page 321 the report');
    // Every step counted once; the file is gone once read.
    const ds = second!.app.get(DataSource);
    const [row] = (await ds.query('SELECT read_steps, read_done, source_key FROM media.documents WHERE id = $1', [bookId])) as {
      read_steps: number;
      read_done: number[];
      source_key: string | null;
    }[];
    expect(row.read_done).toEqual(Array.from({ length: row.read_steps }, (_, i) => i));
    expect(row.source_key).toBeNull();
    expect(storedDocuments()).toEqual([]);
  }, 600_000);
});
