import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv, inflatingPdf } from '@visualnotes/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startBackend, type Backend } from '../../../../test/support/backend';

/**
 * Documents that are expensive to read are read in worker threads: while one is being read, every
 * other request to the media service is answered as usual, and the document is refused clearly.
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

  it('keeps answering other users while a PDF that inflates to 60 MB is read, then refuses it clearly', async () => {
    // Eight pages drawing the same 60 MB stream: longer than the time limit to read on any machine.
    const hostile = inflatingPdf(60 * 1024 * 1024, undefined, 8);
    let reading = true;
    const upload = request(backend.http)
      .post('/api/summaries')
      .set('authorization', `Bearer ${reader.token}`)
      .attach('file', hostile, 'drawing.pdf')
      .then((res) => res)
      .finally(() => (reading = false));
    // Another user polls a media-backed route the whole time.
    const statuses: number[] = [];
    while (reading) {
      const res = await request(backend.http).get('/api/summaries/00000000-0000-0000-0000-000000000000').set('authorization', `Bearer ${other.token}`);
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await upload;
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ statusCode: 422, message: Messages.documentTooComplex });
    // The reading took seconds; the other user was answered (404: no such summary) throughout.
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 404)).toEqual([]);
    // Nothing half-written: no document row, no stored file.
    const ds = backend.services.media!.app.get(DataSource);
    expect(await ds.query('SELECT id FROM media.documents')).toEqual([]);
    expect(storedDocuments()).toEqual([]);
    // The service reads the next document as usual.
    await request(backend.http)
      .post('/api/summaries')
      .set('authorization', `Bearer ${other.token}`)
      .send({ text: 'Solar panels convert sunlight into electricity. Wind turbines turn moving air into power.' })
      .expect(202);
  }, 60_000);
});
