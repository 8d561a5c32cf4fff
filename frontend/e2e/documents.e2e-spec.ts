import { Messages } from '@visualnotes/contracts';
import { signUp, type SignedUp, documentFixtures, SOLAR_FACTS, type Fixtures } from '@visualnotes/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { APP_URL, apiAs, appUrl, signIn, useBrowser } from './browser';

let fx: Fixtures;
const chromium = useBrowser();

beforeAll(async () => {
  // PDF, DOCX made by LibreOffice from the text in the fixtures (cached after the first run).
  fx = documentFixtures();
}, 240_000);

async function open(user?: SignedUp): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
  if (user) await signIn(context, user);
  const page = await context.newPage();
  // Records whether the progress of a summary was shown, however briefly (the built-in summarizer is quick).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="document-progress"]');
      if (el?.textContent && seen.at(-1) !== el.textContent) seen.push(el.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return page;
}

const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);
const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Uses up part of the monthly allowance through the API, as the pasted-text summarizer does. */
async function summarizeTexts(user: SignedUp, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${APP_URL}/api/summaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ text: `Note ${i}. ${SOLAR_FACTS.join(' ')}` }),
    });
    if (res.status !== 202) throw new Error(`summaries answered ${res.status}: ${await res.text()}`);
  }
}

describe('PDF summarizer', () => {
  it('summarizes an uploaded PDF with progress, overview and sections, and shows a cited page', async () => {
    const user = await signUp(APP_URL);
    const page = await open(user);
    await page.goto(appUrl('/tools/pdf-summarizer'));
    const input = page.getByTestId('document-file');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: fx.pdf });

    const summary = page.getByTestId('document-summary');
    await summary.waitFor({ timeout: 60_000 });
    expect((await progressSeen(page)).some((t) => /Summarizing.*\d+%/.test(t))).toBe(true);

    // Overview and sections.
    expect(normalize(await summary.locator('h2').textContent()).length).toBeGreaterThan(0);
    expect(normalize(await summary.locator('h2 + p').textContent()).length).toBeGreaterThan(20);
    expect(await summary.locator('article h3').count()).toBeGreaterThan(0);
    expect(await summary.locator('article li').count()).toBeGreaterThan(1);

    // A citation shows the text of its page.
    const cites = summary.getByRole('button', { name: /^Page \d$/ });
    expect(await cites.count()).toBeGreaterThan(0);
    const pageTwo = summary.getByRole('button', { name: 'Page 2', exact: true });
    const cite = (await pageTwo.count()) ? pageTwo.first() : cites.first();
    const n = Number((await cite.textContent())!.replace(/\D/g, ''));
    await cite.click();
    const source = page.getByRole('complementary', { name: 'Cited text' });
    await source
      .locator('strong')
      .filter({ hasText: `Page ${n}` })
      .waitFor();
    const facts: Record<number, string> = { 1: SOLAR_FACTS[0], 2: SOLAR_FACTS[1], 3: SOLAR_FACTS[2] };
    expect(normalize(await source.locator('p').textContent())).toContain(facts[n]);

    // On a phone the cited text sits below the summary: a citation brings it into view.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await cite.click();
    await page.waitForFunction(() => {
      const box = document.querySelector('[aria-label="Cited text"]')?.getBoundingClientRect();
      // within a pixel: boxes of text lines end on fractions of one
      return !!box && box.top >= -1 && box.bottom <= window.innerHeight + 1;
    });
  }, 120_000);

  it('reads a long book with the pages read so far, then shows its summary citing pages throughout', async () => {
    const user = await signUp(APP_URL, { scope: ['premium'] });
    const page = await open(user);
    await page.goto(appUrl('/tools/pdf-summarizer'));
    await page.getByTestId('document-file').setInputFiles({ name: 'book.pdf', mimeType: 'application/pdf', buffer: fx.long(300) });
    const summary = page.getByTestId('document-summary');
    await summary.waitFor({ timeout: 180_000 });
    const seen = await progressSeen(page);
    expect(seen.some((t) => /Reading “.*”: \d+ of 300 pages/.test(t))).toBe(true);
    // Each phase's percentage only rises: the summary does not start at the reading's 100%.
    for (const phase of [/^Reading/, /^Summarizing/]) {
      const percents = seen.filter((t) => phase.test(t)).map((t) => Number(/(\d+)%$/.exec(t)?.[1]));
      expect(percents).toEqual([...percents].sort((x, y) => x - y));
    }
    const cites = await summary.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
    expect(Math.max(...cites.map((c) => Number(c.replace(/\D/g, ''))))).toBeGreaterThan(200);
  }, 240_000);

  it('says which pages had no text to read, and what to upload instead of an old Word file', async () => {
    const user = await signUp(APP_URL);
    const page = await open(user);
    await page.goto(appUrl('/tools/pdf-summarizer'));
    await page.getByTestId('document-file').setInputFiles({ name: 'site-visit.pdf', mimeType: 'application/pdf', buffer: fx.partlyScannedPdf });
    const note = page.getByTestId('document-summary').getByTestId('textless-pages');
    await note.waitFor({ timeout: 60_000 });
    expect(normalize(await note.textContent())).toBe('Page 2 has no text we can read (it may be a scanned image), so the summary leaves it out.');

    // The user's list offers it, as finished once it is.
    await page.waitForFunction(() => {
      const item = document.querySelector('[data-testid="recent-summaries"] li');
      return !!item && item.textContent!.includes('Site visit') && !/Summarizing|Reading/.test(item.textContent!);
    });
    // The summary stays: a reload opens it again.
    await page.reload();
    await page.getByTestId('document-summary').getByTestId('textless-pages').waitFor();
    await page.getByTestId('recent-summaries').getByRole('link', { name: 'Site visit' }).waitFor();

    await page.goto(appUrl('/tools/word-summarizer'));
    await page.getByTestId('recent-summaries').getByRole('link', { name: 'Site visit' }).click();
    await page.getByTestId('document-summary').getByTestId('textless-pages').waitFor();
    await page.getByTestId('document-file').setInputFiles({ name: 'budget.xls', mimeType: 'application/vnd.ms-excel', buffer: fx.otherOffice().xls });
    const alert = page.getByRole('alert').filter({ hasText: Messages.documentSpreadsheet });
    await alert.waitFor();
  }, 120_000);

  it('shows an Arabic summary right to left, its words as the PDF has them', async () => {
    const user = await signUp(APP_URL);
    const page = await open(user);
    await page.goto(appUrl('/tools/pdf-summarizer'));
    await page.getByTestId('document-file').setInputFiles({ name: 'الطاقة.pdf', mimeType: 'application/pdf', buffer: fx.rtlProsePdf });
    const summary = page.getByTestId('document-summary');
    await summary.waitFor({ timeout: 60_000 });
    const direction = (selector: string) =>
      summary
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).direction);
    expect(await direction('h2 + p')).toBe('rtl');
    expect(await direction('article li')).toBe('rtl');
    await summary.getByRole('button', { name: 'Page 1', exact: true }).first().click();
    const cited = page.getByRole('complementary', { name: 'Cited text' });
    await cited.locator('strong').filter({ hasText: 'Page 1' }).waitFor();
    const source = cited.locator('p');
    expect(await source.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // lam-alef ligatures in their letters' order ("إلنتاج" is how pdf.js reads the glyph)
    expect(normalize(await source.textContent())).toContain('لإنتاج الطاقة');
  }, 120_000);

  it('asks a visitor to log in', async () => {
    const page = await open();
    await page.goto(appUrl('/tools/pdf-summarizer'));
    const notice = page.getByTestId('need-login');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(Messages.needLogin);
    expect(await page.getByTestId('document-file').count()).toBe(0);
  }, 60_000);

  it('says when the free document summaries of the month are used up', async () => {
    const user = await signUp(APP_URL);
    const entitlements = (await (await fetch(`${APP_URL}/api/entitlements`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
      limits: { document_summaries: number | null };
    };
    const limit = entitlements.limits.document_summaries;
    expect(limit).toBeGreaterThan(0);
    await summarizeTexts(user, limit! - 1);

    const page = await open(user);
    await page.goto(appUrl('/tools/word-summarizer'));
    await page
      .getByTestId('document-allowance')
      .filter({ hasText: `${limit! - 1} of ${limit} free document summaries used this month` })
      .waitFor();
    // The last free one goes through...
    await page
      .getByTestId('document-file')
      .setInputFiles({ name: 'report.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: fx.docx });
    await page
      .getByTestId('document-summary')
      .waitFor({ timeout: 60_000 })
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nThe page shows: ${normalize(await page.locator('main').textContent())}`);
      });
    // ... the next one is refused with the dedicated prompt, not an error code.
    await page.getByTestId('document-file').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: fx.pdf });
    const prompt = page.getByTestId('monthly-allowance-used');
    await prompt.waitFor();
    const text = normalize(await prompt.textContent());
    expect(text).toContain(Messages.monthlySummariesUsed);
    expect(text).toContain(`You have used all ${limit} free document summaries of this month`);
    expect(text).not.toMatch(/MONTHLY_SUMMARIES_USED|403/);
    expect(await prompt.getByRole('link', { name: 'See Premium plans' }).getAttribute('href')).toBe('/pricing');

    // Coming back later, the tool page says so before any upload.
    const again = await open(user);
    await again.goto(appUrl('/tools/pdf-summarizer'));
    await again.getByTestId('monthly-allowance-used').waitFor();
    expect(await again.getByTestId('document-file').count()).toBe(0);
  }, 120_000);
});

describe('a document summary as a map on a canvas', () => {
  interface SceneElement {
    id: string;
    type: string;
    x: number;
    y: number;
    width: number;
    height: number;
    link: string | null;
    isDeleted?: boolean;
  }

  it('sends the summary to a new canvas, and a node opens the page it cites beside the canvas', async () => {
    const user = await signUp(APP_URL);
    const context = await chromium.newContext({ viewport: { width: 1280, height: 1400 } });
    await signIn(context, user);
    const page = await context.newPage();
    await page.goto(appUrl('/tools/pdf-summarizer'));
    const input = page.getByTestId('document-file');
    await input.waitFor({ state: 'attached' });
    await input.setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: fx.pdf });
    await page.getByTestId('document-summary').waitFor({ timeout: 60_000 });
    const summaryId = new URL(page.url()).searchParams.get('summary')!;

    // The summary as Markdown and as Word, each citation a link to its page; the Word file as
    // LibreOffice reads it.
    const [markdown] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-summary-markdown').click()]);
    const md = readFileSync((await markdown.path())!, 'utf8');
    // named by the document's title (the PDF's own), which heads the file
    const title = md.split('\n')[0].replace(/^# /, '');
    expect(title).toBe('Renewable energy report');
    expect(markdown.suggestedFilename()).toBe(`${title}.md`);
    expect(md).toContain(`](${APP_URL}/tools/pdf-summarizer?summary=${summaryId}&page=`);
    const [word] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-summary-word').click()]);
    expect(word.suggestedFilename()).toBe(`${title}.docx`);
    const dir = mkdtempSync(join(tmpdir(), 'vn-docx-'));
    try {
      const docx = join(dir, 'summary.docx');
      await word.saveAs(docx);
      execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'txt:Text', '--outdir', dir, docx], {
        timeout: 120_000,
      });
      const text = readFileSync(join(dir, 'summary.txt'), 'utf8');
      expect(text).toContain('Overview');
      const firstPoint = md
        .split('\n')
        .find((l) => l.startsWith('- '))!
        .replace(/^- \[[^\]]*\]\([^)]*\) /, '');
      expect(text).toContain(firstPoint);

      // The summary as a PDF made by the server: named by the title, its points as text, each
      // citation a link to its page.
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('document-summary-pdf').click()]);
      expect(pdf.suggestedFilename()).toBe(`${title}.pdf`);
      const pdfFile = join(dir, 'summary.pdf');
      await pdf.saveAs(pdfFile);
      const printed = execFileSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' });
      expect(normalize(printed)).toContain(normalize(firstPoint).slice(0, 40));
      expect(printed).not.toContain('Send to canvas');
      expect(readFileSync(pdfFile).toString('latin1')).toContain(`/URI (${APP_URL}/tools/pdf-summarizer?summary=${summaryId}&page=`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    await page.getByTestId('document-to-canvas').click();
    await page.waitForURL(/\/projects\/[^/?]+$/, { timeout: 30_000 });
    await page.locator('.excalidraw canvas').first().waitFor({ timeout: 30_000 });
    const projectId = new URL(page.url()).pathname.split('/').pop()!;
    const { scene } = await apiAs<{ scene: { elements: SceneElement[] } }>(user, 'GET', `/projects/${projectId}`);
    const elements = scene.elements.filter((e) => !e.isDeleted);
    const rects = elements.filter((e) => e.type === 'rectangle');
    // sections as nodes and points as their children, joined by arrows, every node citing a page
    expect(elements.filter((e) => e.type === 'arrow').length).toBeGreaterThan(0);
    for (const r of rects) expect(r.link).toMatch(new RegExp(`\\?summary=${summaryId}&page=\\d+$`));

    // A node's link opens the summary with the page it cites shown beside it.
    const target = rects.find((r) => r.x > 0)!;
    const cited = Number(/page=(\d+)$/.exec(target.link!)![1]);
    await page.goto(target.link!.startsWith('http') ? target.link! : appUrl(target.link!));
    const source = page.getByRole('complementary', { name: 'Cited text' });
    await source
      .locator('strong')
      .filter({ hasText: `Page ${cited}` })
      .waitFor({ timeout: 30_000 });
    const text = await apiAs<{ text: string }>(user, 'GET', `/summaries/${summaryId}/pages/${cited}`);
    expect(normalize(await source.locator('p').first().textContent())).toContain(normalize(text.text).slice(0, 40));
    await context.close();
  }, 180_000);
});
