/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { VideoView } from '@visualnotes/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import VideoWorkspace from './VideoWorkspace';

const api = apiServerPerTest({ transcription: true });
// jsdom lays nothing out and has no element scrolling; the transcript follows playback with it
beforeAll(() => {
  Element.prototype.scrollTo ??= () => undefined;
});

/** A ready video made from subtitles (nothing to play), with a summary. */
function video(over: Partial<VideoView> = {}): VideoView {
  return {
    id: 'v1',
    url: null,
    provider: 'upload',
    provider_id: null,
    title: 'A lecture',
    channel: null,
    duration: 30,
    thumbnail_url: null,
    status: 'ready',
    progress: 100,
    error: null,
    favorite: false,
    tags: [],
    created_at: '2026-01-01T00:00:00.000Z',
    language: 'en',
    transcript_source: 'subtitles',
    transcript: [
      { start: 0, end: 5, text: 'Welcome to the lecture.' },
      { start: 5, end: 10, text: 'Today professor quill feather talks about maps.' },
      { start: 10, end: 15, text: 'Maps help us find our way.' },
    ],
    summary: {
      overview: 'A lecture about maps.',
      sections: [{ start: 0, title: 'Maps', points: ['Maps help us find our way.'], citations: [{ text: 'Maps help us find our way.', start: 10 }] }],
    },
    summary_length: 'standard',
    summary_outdated: false,
    chapters: [],
    media_url: null,
    file_id: 'f1',
    job_id: null,
    ...over,
  };
}

const renderWorkspace = () => renderAt('/v', { '/v': <VideoWorkspace id="v1" start={0} /> });

describe('the video workspace: correcting the transcript and regenerating the summary', () => {
  it('lets the owner correct a line, sends it, shows it, and then offers to regenerate the summary', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    let current = video();
    api()
      .on('GET /videos/v1', () => ({ status: 200, body: current }))
      .on('GET /videos/v1/highlights', { status: 200, body: [] })
      .on('PATCH /videos/v1/transcript/1', (req) => {
        const text = (req.body as { text: string }).text;
        current = { ...current, summary_outdated: true, transcript: current.transcript.map((l, i) => (i === 1 ? { ...l, text } : l)) };
        return { status: 200, body: current };
      })
      .on('POST /videos/v1/summary', (req) => {
        current = { ...current, status: 'summarizing', summary_length: (req.body as { length: 'detailed' }).length, summary_outdated: false };
        return { status: 202, body: { video: current, job_id: 'media-jobs:j2' } };
      });
    const u = renderWorkspace();
    const transcript = await screen.findByTestId('transcript', {}, { timeout: 10_000 });
    // each point keeps its moment
    expect(screen.getByTestId('point-time').textContent).toBe('0:10');
    expect(screen.queryByTestId('summary-outdated')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Correct the transcript' }));
    expect(screen.getByRole('button', { name: 'Done correcting' }).getAttribute('aria-pressed')).toBe('true');
    await u.click(within(transcript).getByRole('button', { name: /quill feather/ }));
    const field = screen.getByLabelText('Corrected text') as HTMLInputElement;
    expect(field.value).toBe('Today professor quill feather talks about maps.');
    // Escape leaves the line as it was, without a request
    await u.keyboard('{Escape}');
    expect(screen.queryByLabelText('Corrected text')).toBeNull();
    await u.click(within(transcript).getByRole('button', { name: /quill feather/ }));
    await u.clear(screen.getByLabelText('Corrected text'));
    await u.type(screen.getByLabelText('Corrected text'), 'Today Professor Quillfeather talks about maps.');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    await within(transcript).findByRole('button', { name: /Professor Quillfeather/ });
    expect(api().received.filter((r) => r.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/videos/v1/transcript/1', body: { text: 'Today Professor Quillfeather talks about maps.' } }),
    ]);
    expect((await screen.findByTestId('summary-outdated')).textContent).toBe('You corrected the transcript: regenerate the summary to use your corrections.');

    await u.selectOptions(screen.getByLabelText('Summary length'), 'detailed');
    await u.click(screen.getByRole('button', { name: 'Regenerate summary' }));
    await waitFor(() => expect(api().received.filter((r) => r.method === 'POST' && r.path === '/videos/v1/summary')).toHaveLength(1));
    expect(api().received.find((r) => r.path === '/videos/v1/summary')!.body).toEqual({ length: 'detailed' });
    expect(await screen.findByTestId('video-progress')).toBeTruthy();
  });

  it('says why a correction was refused, and keeps the line open', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    api()
      .on('GET /videos/v1', { status: 200, body: video() })
      .on('GET /videos/v1/highlights', { status: 200, body: [] })
      .on('PATCH /videos/v1/transcript/0', { status: 404, body: { statusCode: 404, message: 'Transcript line not found' } });
    const u = renderWorkspace();
    const transcript = await screen.findByTestId('transcript', {}, { timeout: 10_000 });
    await u.click(screen.getByRole('button', { name: 'Correct the transcript' }));
    await u.click(within(transcript).getByRole('button', { name: /Welcome/ }));
    await u.type(screen.getByLabelText('Corrected text'), ' Hello.');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Transcript line not found');
    expect(screen.getByLabelText('Corrected text')).toBeTruthy();
  });

  it('offers no correcting to a visitor', async () => {
    api().on('GET /videos/v1', { status: 200, body: video() });
    renderWorkspace();
    await screen.findByTestId('transcript', {}, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Correct the transcript' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Regenerate summary' })).toBeNull();
  });
});
