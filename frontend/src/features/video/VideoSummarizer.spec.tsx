/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { writeTokens } from '../../app/api/tokens';
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

describe('the video summarizer where only subtitle files can be read', () => {
  const subtitlesApi = apiServerPerTest({ transcription: false });
  const render = () => renderAt('/video-summarizer', { '/video-summarizer': <VideoSummarizer heading="Video summarizer" /> });

  it('does not advise uploading audio or video when YouTube cannot be reached', async () => {
    subtitlesApi().on('POST /videos', { status: 503, body: { statusCode: 503, message: Messages.youtubeUnreachable, code: 'YOUTUBE_UNREACHABLE' } });
    const u = render();
    await screen.findByTestId('transcription-unavailable');
    await u.type(screen.getByLabelText('YouTube link'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await u.click(screen.getByRole('button', { name: 'Summarize' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.youtubeUnreachableSubtitles);
  });

  it('says an audio file cannot be transcribed, and another file is not a subtitle file', async () => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    render();
    const picker = await screen.findByLabelText('Upload subtitles (SRT/VTT)');
    // the picker offers subtitle files only; a file dropped on it past that filter is still checked
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.transcriptionUnavailable);
    await user.upload(picker, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.notSubtitleFile);
    expect(subtitlesApi().received.some((r) => r.path === '/uploads')).toBe(false);
  });
});
