import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFTER_PAINT_SCRIPT, AppShell, scriptsAfterPaint } from './app-shell';

describe('AppShell', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'shell-'));
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    jest.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the index.html of the latest build (a page naming scripts that no longer exist stays blank)', () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, '<script src="/assets/index-old.js"></script>');
    utimesSync(file, 1_000, 1_000);
    const shell = new AppShell({ FRONTEND_DIST: dir });
    expect(shell.html()).toContain('index-old.js');

    writeFileSync(file, '<script src="/assets/index-new.js"></script>');
    utimesSync(file, 2_000, 2_000);
    // looked at again at most once a second
    expect(shell.html()).toContain('index-old.js');
    jest.advanceTimersByTime(1_001);
    expect(shell.html()).toContain('index-new.js');

    rmSync(file);
    jest.advanceTimersByTime(1_001);
    expect(shell.html()).toBeNull();
  });

  it('links the scripts and style sheets of the page a path shows, beyond those index.html names', () => {
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body></body></html>');
    mkdirSync(join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-1.css'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_prose.js': { file: 'assets/prose-1.js', imports: ['_react.js'], css: ['assets/prose-1.css'] },
      'src/pages/blog/blog.pages.ts': {
        file: 'assets/blog-1.js',
        imports: ['_react.js', '_prose.js'],
        css: ['assets/blog-1.css'],
        dynamicImports: ['_editor.js'],
      },
      '_editor.js': { file: 'assets/editor-1.js' },
    };
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const shell = new AppShell({ FRONTEND_DIST: dir });
    const head = shell.pageHead('/blog/an-article');
    expect(head.match(/href="[^"]+"/g)).toEqual([
      'href="/assets/blog-1.css"',
      'href="/assets/prose-1.css"',
      'href="/assets/blog-1.js"',
      'href="/assets/prose-1.js"',
    ]);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/blog-1.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/blog-1.css">');
    // the editor and paths without a page get nothing; neither does a build without a manifest
    expect(shell.pageHead('/projects/abc')).toBe('');
    rmSync(join(dir, '.vite'), { recursive: true });
    jest.advanceTimersByTime(1_001);
    expect(shell.pageHead('/blog')).toBe('');
  });

  it('starts the scripts of a page the server drew after its first paint, and leaves everything else where it is', () => {
    const page =
      '<head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<link rel="stylesheet" href="/assets/index-1.css"><link rel="modulepreload" crossorigin href="/assets/page.js"><link rel="modulepreload" crossorigin href="/assets/react.js">' +
      '<script type="application/json">{}</script></head><body><div id="root"></div></body>';
    expect(scriptsAfterPaint(page)).toBe(
      '<head><link rel="stylesheet" href="/assets/index-1.css"><script type="application/json">{}</script></head><body><div id="root"></div>' +
        `<script data-entries="/assets/index-1.js" data-modules="/assets/react.js /assets/page.js">${AFTER_PAINT_SCRIPT}</script></body>`,
    );
    // a page without the app's scripts is left as it is
    const other = '<head><link rel="modulepreload" href="/x.js"></head><body></body>';
    expect(scriptsAfterPaint(other)).toBe(other);
  });

  it('starts the scripts once the first frame is drawn, each once, preloads first', () => {
    const appended: { tag: string; src?: string; href?: string; rel?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const loader = { getAttribute: (name: string) => ({ 'data-entries': '/assets/index-1.js', 'data-modules': '/assets/a.js /assets/b.js' })[name] ?? null };
    const document = {
      currentScript: loader,
      head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      createElement: (tag: string) => ({ tag }),
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', AFTER_PAINT_SCRIPT)(
      document,
      (f: () => void) => frames.push(f),
      (f: () => void) => timers.push(f),
    );
    expect(appended).toEqual([]);
    frames.forEach((f) => f());
    timers.forEach((f) => f());
    timers.splice(0).forEach((f) => f());
    expect(appended.map((n) => [n.tag, n.rel ?? '', n.href ?? n.src])).toEqual([
      ['link', 'modulepreload', '/assets/a.js'],
      ['link', 'modulepreload', '/assets/b.js'],
      ['script', '', '/assets/index-1.js'],
    ]);
  });
});
