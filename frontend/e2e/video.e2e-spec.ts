import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import { signUp, type SignedUp, type Stack } from '@visualnotes/testing';
import type { Page } from 'playwright-core';
import { startVideoStack, type VideoStack } from '../../test/support/transcription';
import { signIn, useBrowser } from './browser';

/**
 * The video summarizer in the browser, against a product of its own whose YouTube is a local
 * stand-in (the shared product's environment is fixed). There is no internet here: the YouTube
 * IFrame API and thumbnails cannot load, and the page must work around the missing player.
 */
jest.setTimeout(120_000);

const SOLAR = [
  'Solar panels turn sunlight into electricity with photovoltaic cells.',
  'Each solar cell is made of silicon that releases electrons in sunlight.',
  'Panels on a roof face south to catch the most sunlight during the day.',
  'An inverter changes the direct current of the panels into alternating current.',
  'Batteries store solar electricity for the evening when the sun is down.',
  'Solar panels need little care apart from cleaning dust off the cells.',
];
const PASTA = [
  'Now let us cook pasta for dinner in a large pot of boiling water.',
  'Salt the boiling water well before the pasta goes into the pot.',
  'Stir the pasta so the noodles do not stick to the bottom of the pot.',
  'Taste the pasta after eight minutes to check that it is al dente.',
  'Drain the pasta and keep a cup of the starchy cooking water for the sauce.',
  'Toss the noodles with tomato sauce, basil and grated parmesan cheese.',
];
const TITLE = 'Solar power and pasta';

let started: VideoStack | undefined;
let stack: Stack;
let user: SignedUp;
const chromium = useBrowser();
/** Requests the page made to YouTube's own hosts (all refused: no internet). */
const youtubeRequests: string[] = [];

beforeAll(async () => {
  ({ stack } = started = await startVideoStack({
    label: 'video_ui',
    videos: [
      {
        id: 'dQw4w9WgXcQ',
        title: TITLE,
        author: 'Kitchen Science',
        lengthSeconds: 60,
        tracks: [{ lang: 'en', name: 'English', lines: [...SOLAR, ...PASTA].map((text, i) => ({ start: i * 5, dur: 5, text })) }],
      },
    ],
  }));
  user = await signUp(stack.url);
}, 150_000);
afterAll(async () => {
  await started?.close();
});

const url = (path: string) => `${stack.url}${path}`;

async function open(): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(/^https:\/\/([a-z0-9-]+\.)?(youtube\.com|ytimg\.com|youtube-nocookie\.com)\//, (route) => {
    youtubeRequests.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return (await signIn(context, user)).newPage();
}

const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ');

describe('video summarizer and library', () => {
  it('paste a link → transcript and summary → click a timestamp → add a highlight → find it in the library', async () => {
    const page = await open();
    await page.goto(url('/tools/youtube-summarizer'));
    await page.getByLabel('YouTube link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&si=abcDEF123');
    await page.getByRole('button', { name: 'Summarize' }).click();
    await page.waitForURL(/[?&]v=[0-9a-f-]{36}/);

    // Summary (overview and timestamped sections) and the whole transcript.
    const summary = page.getByTestId('summary');
    await summary.waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: TITLE }).waitFor();
    expect((await summary.locator('p').first().textContent())!.length).toBeGreaterThan(20);
    const stamps = await summary.getByTestId('section-time').allTextContents();
    expect(stamps).toEqual(expect.arrayContaining(['0:00', '0:30']));
    const transcript = page.getByTestId('transcript');
    expect(await transcript.getByRole('button').count()).toBe(12);
    expect(await text(page, 'transcript')).toContain('grated parmesan cheese');

    // No YouTube player here: the page says so and keeps working.
    const playerError = page.getByTestId('player-error');
    await playerError.waitFor({ timeout: 30_000 });
    expect(await playerError.textContent()).toContain(Messages.playerError);
    expect(youtubeRequests.some((u) => u.includes('/iframe_api'))).toBe(true);

    // A section's timestamp seeks: the player gets the position and the transcript follows.
    await summary.getByTestId('section-time').filter({ hasText: '0:30' }).click();
    await transcript.locator('[aria-current="true"]').filter({ hasText: PASTA[0] }).waitFor();
    expect(await page.getByTestId('player').getAttribute('data-position')).toBe('30');
    expect(await playerError.getByRole('link').getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s');

    // A highlight at the current moment.
    const highlights = page.getByTestId('highlights');
    await highlights.getByLabel('Highlight title').fill('Pasta time');
    await highlights.getByLabel('Highlight note').fill('Salt the water well');
    await highlights.getByRole('button', { name: 'Add highlight' }).click();
    const item = highlights.locator('li').filter({ hasText: 'Pasta time' });
    await item.waitFor();
    expect((await item.textContent())!.replace(/\s+/g, ' ')).toContain('0:30');
    expect(await item.textContent()).toContain('Salt the water well');

    // The summary as a PDF made by the server: its sections with their moments as links, and the highlight.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('summary-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`${TITLE}.pdf`);
    const pdfBytes = readFileSync((await pdf.path())!);
    const pdfText = execFileSync('pdftotext', ['-', '-'], { input: pdfBytes, encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdfText).toContain('0:30');
    expect(pdfText).toContain('Pasta time Salt the water well');
    expect(pdfBytes.toString('latin1')).toContain('/URI (https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s)');

    // A transcript line seeks too, and the highlight's time brings the player back.
    await transcript.getByRole('button', { name: new RegExp(PASTA[4].slice(0, 20)) }).click();
    await transcript.locator('[aria-current="true"]').filter({ hasText: PASTA[4] }).waitFor();
    expect(await page.getByTestId('player').getAttribute('data-position')).toBe('50');
    await item.getByRole('button', { name: '0:30' }).click();
    await transcript.locator('[aria-current="true"]').filter({ hasText: PASTA[0] }).waitFor();

    // The library in the account area: the card, full-text search in transcripts, and back to the video.
    const videoUrl = page.url();
    await page.goto(url('/account'));
    const library = page.getByTestId('video-library');
    const card = library.getByTestId('video-card').filter({ hasText: TITLE });
    await card.waitFor({ timeout: 30_000 });
    expect(await card.textContent()).toContain('Kitchen Science');
    await library.getByLabel('Search videos').fill('parmesan');
    await library.getByRole('button', { name: 'Search' }).click();
    await card.waitFor();
    await library.getByLabel('Search videos').fill('helicopter');
    await library.getByRole('button', { name: 'Search' }).click();
    await library.getByText('No videos match these filters.').waitFor();
    expect(await library.getByTestId('video-card').count()).toBe(0);
    await library.getByLabel('Search videos').fill('');
    await library.getByRole('button', { name: 'Search' }).click();
    await card.getByRole('link', { name: TITLE }).click();
    await page.waitForURL((u) => u.searchParams.get('v') === new URL(videoUrl).searchParams.get('v'));
    await page.getByTestId('summary').waitFor();
    const kept = page.getByTestId('highlights').locator('li').filter({ hasText: 'Pasta time' });
    await kept.waitFor();

    // Deleting a highlight asks first: cancelled, it stays; confirmed, it goes.
    await kept.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await kept.count()).toBe(1);
    await kept.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await kept.waitFor({ state: 'detached' });
  });

  it('asks the video a question: the answer cites the moment, which plays from there; what it never says is "not found"', async () => {
    const page = await open();
    await page.goto(url('/tools/youtube-summarizer'));
    await page.getByLabel('YouTube link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Summarize' }).click();
    await page.waitForURL(/[?&]v=[0-9a-f-]{36}/);
    await page.getByTestId('summary').waitFor({ timeout: 60_000 });

    const panel = page.getByTestId('ask-panel');
    const question = panel.getByRole('textbox');
    await question.fill('How long does the pasta cook before you taste it?');
    await question.press('Enter');
    const turn = panel.getByTestId('ask-turn').first();
    await turn.waitFor({ timeout: 30_000 });
    // the passage that answers it is among the citations, with its moment
    const cited = turn.locator('li').filter({ hasText: 'eight minutes' }).first();
    await cited.waitFor();
    const moment = (await cited.getByTestId('ask-citation').textContent())!.trim();
    const [minutes, seconds] = moment.split(':').map(Number);
    expect(minutes * 60 + seconds).toBeLessThanOrEqual(45);
    await cited.getByTestId('ask-citation').click();
    await page.waitForFunction((at) => document.querySelector('[data-testid="player"]')?.getAttribute('data-position') === String(at), minutes * 60 + seconds);

    // a question about something the video never mentions is answered so, with no invented source
    await question.fill('Which helicopters fly over the Andes mountains?');
    await question.press('Enter');
    await panel.getByTestId('ask-not-found').waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('ask-turn').nth(1).getByTestId('ask-citation').count()).toBe(0);
  });

  it('offers Premium when a free user uploads a video file to transcribe', async () => {
    const mp4 = join(mkdtempSync(join(tmpdir(), 'vn-clip-')), 'clip.mp4');
    execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x64:rate=5',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-shortest',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      mp4,
    ]);
    const page = await open();
    // The shared test stack has no speech-to-text (the page would refuse the file before uploading):
    // this installation is presented as one that transcribes, so the server's Premium rule answers.
    const transcribes = { google_sign_in: false, transcription: true };
    await page.route('**/api/capabilities', (route) => route.fulfill({ json: transcribes }));
    await page.route(url('/tools/video-summarizer'), async (route) => {
      const served = await route.fetch();
      const body = (await served.text()).replace(
        /(<script type="application\/json" id="site-capabilities">)[^<]*/,
        (_, tag: string) => tag + JSON.stringify(transcribes),
      );
      await route.fulfill({ response: served, body });
    });
    await page.goto(url('/tools/video-summarizer'));
    await page.locator('input[type=file]').setInputFiles(mp4);
    await page.getByTestId('import-error').filter({ hasText: Messages.premiumForVideoFiles }).waitFor();
    const prompt = page.getByTestId('upgrade-no-transcription');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Upgrade to Premium');
  });
});
