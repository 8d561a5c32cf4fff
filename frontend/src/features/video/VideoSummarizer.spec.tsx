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

  it('sends a playlist link to the batch form, which it opens, without calling the API', async () => {
    const u = renderSummarizer();
    await u.type(screen.getByLabelText('YouTube link'), 'https://www.youtube.com/playlist?list=PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf');
    await u.click(screen.getByRole('button', { name: 'Summarize' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This is a playlist link: paste it under “Many videos at once” below to summarize its videos');
    expect(screen.getByRole('button', { name: 'Hide the batch form' }).getAttribute('aria-expanded')).toBe('true');
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

  it('tells a visitor that files need an account before one is chosen, not after', async () => {
    renderSummarizer();
    const note = await screen.findByTestId('need-login');
    expect(note.textContent).toMatch(new RegExp(`^${Messages.needLogin}\\. Log in or create a free account to upload`));
    expect(screen.queryByLabelText('Upload video, audio or SRT/VTT')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/account/login');
    expect(api().received.some((r) => r.path === '/uploads')).toBe(false);
  });

  it('asks for a link in the user’s words', async () => {
    const u = renderSummarizer();
    await u.click(screen.getByRole('button', { name: 'Summarize' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Paste a YouTube link or upload a file to summarize');
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

  it('does not promise audio or video uploads in its guide', async () => {
    render();
    await screen.findByTestId('transcription-unavailable');
    const guide = screen.getByTestId('tool-guide').textContent ?? '';
    expect(guide).toContain('upload a subtitle file (SRT or VTT)');
    expect(guide).not.toMatch(/audio file|the audio is transcribed/);
  });
});
