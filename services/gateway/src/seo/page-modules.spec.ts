import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageModule } from './page-modules';

const FRONTEND = join(__dirname, '../../../../frontend');

describe('pageModule', () => {
  it.each([
    ['/', 'src/pages/home/home.pages.ts'],
    ['/pricing', 'src/pages/pricing/pricing.pages.ts'],
    ['/download', 'src/pages/download/download.pages.ts'],
    ['/blog', 'src/pages/blog/blog.pages.ts'],
    ['/blog/how-to-summarize-a-youtube-video', 'src/pages/blog/blog.pages.ts'],
    ['/tools/youtube-summarizer', 'src/pages/tools/tools.pages.ts'],
    ['/tools/pdf-summarizer', 'src/pages/tools/documents/documents.pages.ts'],
    ['/tools/flowchart-maker', 'src/pages/tools/maker.pages.ts'],
    ['/templates/abc', 'src/pages/templates/templates.pages.ts'],
    ['/p/abcdefgh12', 'src/pages/published/published.pages.ts'],
    ['/p/statistic', 'src/pages/published/published.pages.ts'],
    ['/privacy', 'src/pages/info/info.pages.ts'],
    ['/de', 'src/pages/languages/languages.pages.ts'],
    ['/ja/pdf-summarizer', 'src/pages/languages/languages.pages.ts'],
    ['/miro-alternative', 'src/pages/content/content.pages.ts'],
    ['/account', 'src/pages/account/account.pages.ts'],
    ['/account/login', 'src/pages/account/login.pages.ts'],
    ['/account/reset', 'src/pages/account/sign-in.pages.ts'],
    ['/refer/xyz', 'src/pages/refer/refer.pages.ts'],
  ])('%s is rendered by %s', (path, module) => {
    expect(pageModule(path)).toBe(module);
  });

  it('preloads nothing for the editor and for paths no page renders', () => {
    for (const path of ['/projects/abc', '/tools/offline-whiteboard', '/no-such-page', '/a/b/c/d']) expect(pageModule(path)).toBeNull();
  });

  it('names modules the front end has and its routes load', () => {
    const routes = readFileSync(join(FRONTEND, 'src/app/routes/routes.tsx'), 'utf8');
    for (const path of [
      '/',
      '/pricing',
      '/download',
      '/blog',
      '/tools/x',
      '/tools/pdf-summarizer',
      '/tools/flowchart-maker',
      '/templates',
      '/p/x',
      '/privacy',
      '/de',
      '/miro-alternative',
      '/account',
      '/account/login',
      '/account/reset',
      '/refer',
      '/share',
      '/embedTest',
    ]) {
      const module = pageModule(path)!;
      expect(existsSync(join(FRONTEND, module))).toBe(true);
      expect(routes).toContain(`import('../../${module.slice('src/'.length).replace(/\.ts$/, '')}')`);
    }
  });
});
