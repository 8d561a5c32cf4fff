/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { writeTokens } from '../../app/api/tokens';
import type { Reply } from '../../test/api-server';
import { apiServerPerTest, renderAt } from '../../test/render';
import { DocumentSummarizer } from './DocumentSummarizer';

const api = apiServerPerTest({});
const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const item = { id: 's1', title: 'Report', kind: 'docx', status: 'summarizing', created_at: new Date().toISOString() };
const view = { ...item, pages: 12, unit: 'part', progress: 40, job_id: 'j1', error: null, summary: null, textless_pages: [], ocr_pages: [], started_at: null };

/** The address the router is at, as a reload would find it. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

const renderPage = () =>
  renderAt('/tools/word-summarizer', {
    '/tools/word-summarizer': (
      <>
        <DocumentSummarizer heading="Word Summarizer" slug="word-summarizer" />
        <Address />
      </>
    ),
  });

/** Sends a text: the same request as a file, as JSON (a multipart body does not cross the spec's fetch). */
async function summarizeText(u: ReturnType<typeof renderPage>) {
  await u.click(await screen.findByRole('tab', { name: 'Text summarizer' }));
  // The form shows once the signed-in user is known (a slow answer shows the log-in note first).
  await u.type(await screen.findByLabelText('Text to summarize'), 'A long report.');
  await u.click(screen.getByRole('button', { name: 'Summarize' }));
}
const posts = () => api().received.filter((r) => r.method === 'POST' && r.path === '/summaries');

describe('the document summarizer', () => {
  beforeEach(() => {
    sessionStorage.clear();
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    api().on('GET /auth/user', { status: 200, body: { user } });
  });

  it('puts the summary in the address as soon as the upload is accepted, and shows its progress', async () => {
    api()
      .on('GET /summaries', { status: 200, body: { items: [] } })
      .on('POST /summaries', { status: 202, body: { summary_id: 's1', job_id: 'j1' } })
      .on('GET /summaries/s1', { status: 200, body: view });
    await summarizeText(renderPage());

    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?summary=s1'));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Summary progress' }).getAttribute('aria-valuenow')).toBe('40'));
  });

  it('finds the summary again after a reload while the document was still being read', async () => {
    let created = false;
    let answer: (reply: Reply) => void = () => undefined;
    api()
      .on('GET /summaries', () => ({ status: 200, body: { items: created ? [item] : [] } }))
      .on('POST /summaries', () => {
        created = true;
        return new Promise<Reply>((resolve) => (answer = resolve));
      })
      .on('GET /summaries/s1', { status: 200, body: view });
    const u = renderPage();
    await waitFor(() => expect(api().received.some((r) => r.path === '/summaries' && r.method === 'GET')).toBe(true));
    await summarizeText(u);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Reading…' }).getAttribute('aria-busy')).toBe('true');

    // the reload: the page starts again from the address it had, without the answer
    cleanup();
    renderPage();
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Summary progress' }).getAttribute('aria-valuenow')).toBe('40'), { timeout: 4_000 });
    expect(screen.getByTestId('address').textContent).toBe('?summary=s1');
    expect(posts()).toHaveLength(1);
    answer({ status: 202, body: { summary_id: 's1', job_id: 'j1' } });
  });

  it('shows the pages read while a long PDF is read, then that scanned pages were read by OCR', async () => {
    let reading = true;
    const book = { ...view, id: 'b1', title: 'Book', kind: 'pdf', unit: 'page', pages: 500 };
    api()
      .on('GET /summaries', { status: 200, body: { items: [] } })
      .on('GET /summaries/b1', () =>
        reading
          ? { status: 200, body: { ...book, status: 'reading', progress: 30, job_id: null } }
          : {
              status: 200,
              body: {
                ...book,
                status: 'completed',
                progress: 100,
                job_id: null,
                ocr_pages: [3, 4],
                summary: { overview: 'A book about energy.', sections: [{ title: 'Solar', points: ['Panels got cheaper.'], page: 3 }] },
              },
            },
      );
    renderAt('/tools/pdf-summarizer?summary=b1', { '/tools/pdf-summarizer': <DocumentSummarizer heading="PDF Summarizer" slug="pdf-summarizer" /> });
    expect(await screen.findByText(/Reading “Book”: 150 of 500 pages/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Summary progress' }).getAttribute('aria-valuenow')).toBe('30');
    reading = false;
    expect(await screen.findByTestId('ocr-pages', {}, { timeout: 6_000 })).toHaveProperty(
      'textContent',
      'Pages 3, 4 are scanned images: their text was read by character recognition (OCR) and may hold mistakes.',
    );
  }, 10_000);
});
