import { Messages } from '@visualnotes/contracts';
import { signUp, type SignedUp, documentFixtures, SOLAR_FACTS, type Fixtures } from '@visualnotes/testing';
import type { Page } from 'playwright-core';
import { APP_URL, appUrl, signIn, useBrowser } from './browser';

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
      return !!box && box.top >= 0 && box.bottom <= window.innerHeight;
    });
  }, 120_000);

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
      return !!item && item.textContent!.includes('Site visit') && !item.textContent!.includes('Summarizing');
    });
    // The summary stays: a reload opens it again.
    await page.reload();
    await page.getByTestId('document-summary').getByTestId('textless-pages').waitFor();
    await page.getByTestId('recent-summaries').getByRole('link', { name: 'Site visit' }).waitFor();

    await page.goto(appUrl('/tools/word-summarizer'));
    await page.getByTestId('recent-summaries').getByRole('link', { name: 'Site visit' }).click();
    await page.getByTestId('document-summary').getByTestId('textless-pages').waitFor();
    await page.getByTestId('document-file').setInputFiles({ name: 'minutes.doc', mimeType: 'application/msword', buffer: fx.otherOffice().doc });
    const alert = page.getByRole('alert').filter({ hasText: Messages.documentOldOffice });
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
