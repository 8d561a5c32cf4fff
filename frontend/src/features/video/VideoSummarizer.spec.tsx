/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { apiServerPerTest, renderAt } from '../../test/render';
import { VideoSummarizer } from './VideoSummarizer';

const api = apiServerPerTest({ transcription: true });

const renderSummarizer = () => renderAt('/youtube-video-summarizer', { '/youtube-video-summarizer': <VideoSummarizer heading="YouTube video summarizer" /> });

const videoRequests = () => api().received.filter((r) => r.path === '/videos');

describe('the video summarizer', () => {
  it('asks for a link, and refuses one that is not a YouTube video, without calling the API', async () => {
    const u = renderSummarizer();
    await u.click(screen.getByRole('button', { name: 'Summarize' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.videoUrlRequired);

    await u.type(screen.getByLabelText('YouTube link'), 'https://example.com/watch?v=abc');
    await u.click(screen.getByRole('button', { name: 'Summarize' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not a YouTube video. Paste a YouTube video link or upload a file');
    expect(videoRequests()).toEqual([]);
  });

  it('sends a YouTube link to the API and shows its refusal in words', async () => {
    api().on('POST /videos', { status: 503, body: { statusCode: 503, message: Messages.youtubeBlocked, code: 'YOUTUBE_BLOCKED' } });
    const u = renderSummarizer();
    await u.type(screen.getByLabelText('YouTube link'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await u.click(screen.getByRole('button', { name: 'Summarize' }));

    expect((await screen.findByRole('alert')).textContent).toBe(Messages.youtubeBlocked);
    expect(videoRequests()).toEqual([
      expect.objectContaining({ method: 'POST', body: expect.objectContaining({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }) }),
    ]);
  });

  it('says "try again" when the server fails without words', async () => {
    api().on('POST /videos', { status: 500 });
    const u = renderSummarizer();
    await u.type(screen.getByLabelText('YouTube link'), 'https://youtu.be/dQw4w9WgXcQ');
    await u.click(screen.getByRole('button', { name: 'Summarize' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong; please try again');
  });

  it('asks a visitor to log in before uploading a file', async () => {
    const u = renderSummarizer();
    await u.upload(screen.getByLabelText('Upload video, audio or SRT/VTT'), new File(['WEBVTT'], 'talk.vtt', { type: 'text/vtt' }));

    expect((await screen.findByRole('alert')).textContent).toContain(Messages.needLogin);
    expect(api().received.some((r) => r.path === '/uploads')).toBe(false);
  });
});
