import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Messages, type DocumentSummaryView } from '@visualnotes/contracts';
import { createTestEnv, signUp, waitFor, type SignedUp, type TestEnv, inflatingPdf } from '@visualnotes/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startBackend, type Backend } from '../../../../test/support/backend';

/**
 * Documents that are expensive to read are read in worker threads, in steps after they are
 * accepted: while one is being read, every other request to the media service is answered as
 * usual, and a document that takes longer than its pages allow fails clearly.
 */
describe('hostile documents', () => {
  let t: TestEnv;
  let backend: Backend;
  let reader: SignedUp;
  let other: SignedUp;

  beforeAll(async () => {
    t = await createTestEnv('hostile-docs', {
      // Only the time limit stops the hostile PDF here, so it really is read for a while.
      DOCUMENT_MAX_PDF_STREAM_BYTES: String(1024 * 1024 * 1024),
      DOCUMENT_MAX_UNZIPPED_BYTES: String(1024 * 1024 * 1024),
      DOCUMENT_READ_TIMEOUT_MS: '4000',
      DOCUMENT_READ_MS_PER_PAGE: '100',
      DOCUMENT_WORKERS: '1',
      FREE_DOCUMENT_SUMMARIES_PER_MONTH: '100',
    });
    backend = await startBackend(t.env, ['auth', 'license', 'media']);
    [reader, other] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 240_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const storedDocuments = () => {
    try {
      return readdirSync(join(t.dataDir, 'files', 'documents')).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  it('keeps answering other users while a PDF that inflates to 60 MB is read, then fails it clearly', async () => {
    // Eight pages drawing the same 60 MB stream: longer than the time limit to read on any machine.
    const hostile = inflatingPdf(60 * 1024 * 1024, undefined, 8);
    const accepted = await request(backend.http)
      .post('/api/summaries')
      .set('authorization', `Bearer ${reader.token}`)
      .attach('file', hostile, 'drawing.pdf')
      .expect(202);
    const id = accepted.body.summary_id as string;
    const view = async () =>
      (await request(backend.http).get(`/api/summaries/${id}`).set('authorization', `Bearer ${reader.token}`).expect(200)).body as DocumentSummaryView;
    // Another user polls a media-backed route the whole time the file is read.
    const statuses: number[] = [];
    let failed: DocumentSummaryView | null = null;
    const deadline = Date.now() + 40_000;
    while (!failed && Date.now() < deadline) {
      const res = await request(backend.http).get('/api/summaries/00000000-0000-0000-0000-000000000000').set('authorization', `Bearer ${other.token}`);
      statuses.push(res.status);
      const v = await view();
      if (v.status === 'failed') failed = v;
      else expect(v.status).toBe('reading');
    }
    expect(failed).toMatchObject({ status: 'failed', error: Messages.documentTooComplex, summary: null });
    // The reading took seconds; the other user was answered (404: no such summary) throughout.
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    // Nothing half-written: no pages kept, no stored file.
    const ds = backend.services.media!.app.get(DataSource);
    expect(await ds.query('SELECT status, jsonb_array_length(pages) AS pages FROM media.documents')).toEqual([{ status: 'failed', pages: 0 }]);
    await waitFor(() => storedDocuments().length === 0, 10_000);
    // The service reads the next document as usual.
    await request(backend.http)
      .post('/api/summaries')
      .set('authorization', `Bearer ${other.token}`)
      .send({ text: 'Solar panels convert sunlight into electricity. Wind turbines turn moving air into power.' })
      .expect(202);
  }, 90_000);
});
