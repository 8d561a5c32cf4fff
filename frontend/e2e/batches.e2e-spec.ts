import { readFileSync } from 'node:fs';
import { signUp, type SignedUp, type Stack } from '@visualnotes/testing';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { startVideoStack, type VideoStack } from '../../test/support/transcription';
import { signIn, useBrowser } from './browser';

/** A batch in the browser: paste five links, watch each one finish, download everything as one ZIP. */
jest.setTimeout(150_000);

const LINES = [
  'Solar panels turn sunlight into electricity with photovoltaic cells.',
  'Each solar cell is made of silicon that releases electrons in sunlight.',
  'An inverter changes the direct current of the panels into alternating current.',
  'Now let us cook pasta for dinner in a large pot of boiling water.',
  'Salt the boiling water well before the pasta goes into the pot.',
  'Toss the noodles with tomato sauce, basil and grated parmesan cheese.',
];
const IDS = ['batchvid001', 'batchvid002', 'batchvid003', 'batchvid004', 'batchvid005'];

let started: VideoStack | undefined;
let stack: Stack;
let user: SignedUp;
const chromium = useBrowser();

beforeAll(async () => {
  ({ stack } = started = await startVideoStack({
    label: 'batches_ui',
    videos: IDS.map((id, n) => ({
      id,
      title: `Lesson ${n + 1}`,
      lengthSeconds: 30,
      tracks: [{ lang: 'en', name: 'English', lines: LINES.map((text, i) => ({ start: i * 5, dur: 5, text })) }],
    })),
  }));
  user = await signUp(stack.url);
}, 150_000);
afterAll(async () => {
  await started?.close();
});

async function open(width: number): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  await context.route(/^https:\/\/([a-z0-9-]+\.)?(youtube\.com|ytimg\.com|youtube-nocookie\.com)\//, (route) => route.abort('internetdisconnected'));
  return (await signIn(context, user)).newPage();
}

describe('batches on the video summarizer', () => {
  it('paste five links → watch each finish → download the ZIP; the page fits a phone', async () => {
    const page = await open(1280);
    await page.goto(`${stack.url}/tools/youtube-summarizer`);
    await page.getByRole('button', { name: 'Many videos at once (links, a playlist or files)' }).click();
    await page.getByLabel('Video links, one per line, or one playlist link').fill(IDS.map((id) => `https://youtu.be/${id}`).join('\n'));
    await page.getByRole('button', { name: 'Summarize all' }).click();
    await page.waitForURL(/[?&]batch=[0-9a-f-]{36}/);

    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    expect(await progress.locator('li').count()).toBe(5);
    await page.getByTestId('batch-counts').filter({ hasText: '5 of 5 done' }).waitFor({ timeout: 90_000 });
    expect(await progress.locator('li[data-status="done"]').count()).toBe(5);
    expect(await progress.locator('li').allTextContents()).toEqual(IDS.map((_, n) => expect.stringContaining(`Lesson ${n + 1}`)));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('batch-zip').click()]);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const names = Object.keys(files);
    expect(names).toHaveLength(25);
    for (let n = 1; n <= 5; n++) {
      expect(names).toEqual(expect.arrayContaining([`${n} Lesson ${n}/transcript.srt`, `${n} Lesson ${n}/summary.md`, `${n} Lesson ${n}/summary.docx`]));
    }
    expect(strFromU8(files['3 Lesson 3/transcript.txt'])).toContain('[0:25] Toss the noodles');

    // the batch is listed, and the page fits a phone screen
    const list = page.getByRole('region', { name: 'Your batches' });
    await list.getByText('5 of 5 done').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > 376).map((el) => `${el.tagName}.${el.className}`),
    );
    expect(wider).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // the whole batch on one canvas: a frame per video holding its timestamped section cards
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Send to one canvas' }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}/, { timeout: 30_000 });
    const projectId = /\/projects\/([0-9a-f-]{36})/.exec(page.url())![1];
    const res = await fetch(`${stack.url}/api/projects/${projectId}`, { headers: { authorization: `Bearer ${user.token}` } });
    const project = (await res.json()) as {
      scene: { elements: { id: string; type: string; name?: string; frameId?: string | null; text?: string; link?: string | null }[] };
    };
    const frames = project.scene.elements.filter((e) => e.type === 'frame');
    expect(frames.map((f) => f.name)).toEqual(IDS.map((_, n) => `Lesson ${n + 1}`));
    const inFirst = project.scene.elements.filter((e) => e.frameId === frames[0].id && e.type === 'text').map((e) => e.text ?? '');
    expect(inFirst.some((text) => /^\[0:\d\d\] /.test(text))).toBe(true);
    expect(project.scene.elements.some((e) => e.frameId === frames[0].id && /youtube\.com\/watch\?v=batchvid001&t=\d+s/.test(e.link ?? ''))).toBe(true);
    await page.context().close();
  });
});
