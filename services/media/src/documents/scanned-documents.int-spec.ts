import { createServiceApp, type ServiceApp } from '@visualnotes/common';
import type { DocumentSummaryView } from '@visualnotes/contracts';
import { createTestEnv, documentFixtures, scannedPdf, signUp, waitFor, SOLAR_FACTS, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { definitions, startBackend, type Backend } from '../../../../test/support/backend';

/** A scanned PDF (pictures of pages, no text layer) sent through the gateway is read by OCR and summarized. */
describe('scanned documents through the gateway', () => {
  let t: TestEnv;
  let backend: Backend;
  let ai: ServiceApp | undefined;
  let user: SignedUp;

  beforeAll(async () => {
    t = await createTestEnv('scanned-documents', {
      // Reading a scan takes about a second a page: more than a text PDF's few milliseconds.
      RPC_TIMEOUT_MS: '40000',
      DOCUMENT_READ_TIMEOUT_MS: '30000',
      DOCUMENT_CHUNK_PAGES: '2',
      WORKER_CONCURRENCY_AI_DOCUMENTS: '1',
    });
    backend = await startBackend(t.env, ['auth', 'license', 'media']);
    ai = (await createServiceApp(definitions.ai as never, t.env)) as ServiceApp;
    user = await signUp(backend.url);
  }, 240_000);
  afterAll(async () => {
    await ai?.app.close();
    await backend?.close();
    await t?.cleanup();
  });

  it('summarizes a scanned report, shows its pages as read, and names the blank page as without text', async () => {
    const fx = documentFixtures();
    const scan = scannedPdf([{ pdf: fx.pdf, page: 1 }, { pdf: fx.pdf, page: 2 }, { pdf: fx.pdf, page: 3 }, 'blank']);
    const res = await request(backend.http).post('/api/summaries').set('authorization', `Bearer ${user.token}`).attach('file', scan, 'scan.pdf').expect(202);
    const v = (await waitFor(async () => {
      const s = await request(backend.http).get(`/api/summaries/${res.body.summary_id}`).set('authorization', `Bearer ${user.token}`).expect(200);
      return s.body.status === 'completed' || s.body.status === 'failed' ? s.body : null;
    }, 90_000)) as DocumentSummaryView;
    expect(v).toMatchObject({ status: 'completed', kind: 'pdf', pages: 4, textless_pages: [4] });
    expect(v.summary!.overview.length).toBeGreaterThan(20);
    const page = await request(backend.http).get(`/api/summaries/${v.id}/pages/2`).set('authorization', `Bearer ${user.token}`).expect(200);
    expect(page.body.text.replace(/\s+/g, ' ')).toContain(SOLAR_FACTS[1]);
  }, 120_000);
});
