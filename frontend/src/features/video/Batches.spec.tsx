/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import type { BatchView } from '@visualnotes/contracts';
import { BatchForm, BatchProgress } from './Batches';

const api = apiServerPerTest({ transcription: true });

const renderForm = () => {
  writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
  return renderAt('/batches', { '/batches': <BatchForm onCreated={() => undefined} /> });
};
const batchRequests = () => api().received.filter((r) => r.path === '/batches');

describe('the batch form', () => {
  it('refuses links and files together instead of dropping the links, and names the chosen files', async () => {
    const u = renderForm();
    await u.upload(screen.getByLabelText('Or choose files (audio, video, SRT/VTT)'), [
      new File(['WEBVTT'], 'talk one.vtt', { type: 'text/vtt' }),
      new File([], 'empty.srt', { type: 'application/x-subrip' }),
    ]);
    expect(screen.getByTestId('batch-files').textContent).toContain('talk one.vtt');
    expect(screen.getByTestId('batch-files').textContent).toContain('empty.srt (empty)');

    await u.type(screen.getByLabelText('Video links, one per line, or one playlist link'), 'https://youtu.be/dQw4w9WgXcQ');
    await u.click(screen.getByRole('button', { name: 'Summarize all' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.batchLinksOrFiles);
    expect(batchRequests()).toEqual([]);

    // clearing the files leaves the links, which then go
    api().on('POST /batches', { status: 400, body: { statusCode: 400, message: Messages.videoNotFound } });
    await u.click(screen.getByRole('button', { name: 'Clear files' }));
    expect(screen.queryByTestId('batch-files')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Summarize all' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.videoNotFound);
    expect(batchRequests()).toEqual([expect.objectContaining({ method: 'POST', body: expect.objectContaining({ urls: ['https://youtu.be/dQw4w9WgXcQ'] }) })]);
  });

  it("says a free plan's allowance left before the batch is sent", async () => {
    api().on('GET /entitlements', {
      status: 200,
      body: {
        usage: { video_summaries: 7, document_summaries: 0 },
        limits: { video_summaries: 10, document_summaries: 3, period: 'month', referral_friends_needed: 3 },
      },
    });
    renderForm();
    expect((await screen.findByTestId('batch-allowance')).textContent).toContain('Free plan: 3 of 10 video summaries left this month');
  });

  it("keeps following a cancelled batch's videos that had already started", async () => {
    const item = (status: BatchView['items'][number]['status'], progress = 0) => ({
      id: 'i1',
      video_id: 'v1',
      title: 'Lecture one',
      status,
      error: null,
      progress,
    });
    const view = (items: BatchView['items']): BatchView => ({
      id: 'b1',
      title: 'Lectures',
      status: 'cancelled',
      total: 2,
      done: items.filter((i) => i.status === 'done').length,
      failed: 0,
      created_at: '2026-11-26T00:00:00.000Z',
      items: [...items, { id: 'i2', video_id: null, title: 'Lecture two', status: 'cancelled', error: null, progress: 0 }],
    });
    let calls = 0;
    api().on('GET /batches/b1', () => ({ status: 200, body: ++calls === 1 ? view([item('processing', 40)]) : view([item('done')]) }));
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    renderAt('/batches', { '/batches': <BatchProgress id="b1" /> });
    expect((await screen.findByTestId('batch-counts')).textContent).toContain('0 of 2 done');
    // asked again until nothing of it runs any more
    await screen.findByText(/1 of 2 done/, undefined, { timeout: 5_000 });
    const asked = calls;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(calls).toBe(asked);
  }, 15_000);
});
