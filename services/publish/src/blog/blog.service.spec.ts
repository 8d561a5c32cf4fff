import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BLOG_CONTENT_DIR, BlogService, loadArticles } from './blog.service';
import { renderMarkdown } from './markdown';

describe('blog content', () => {
  const service = new BlogService();

  it('ships at least six articles in English and Chinese, newest first', () => {
    const en = service.list('en');
    const zh = service.list('zh-CN');
    expect(en.length).toBeGreaterThanOrEqual(6);
    expect(zh.map((a) => a.slug).sort()).toEqual(en.map((a) => a.slug).sort());
    const dates = en.map((a) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const slug of [
      'how-to-summarize-a-youtube-video',
      'visual-note-taking-guide',
      'how-to-make-a-moodboard',
      'how-to-make-a-flowchart',
      'how-to-summarize-a-pdf',
      'publish-a-board-to-the-web',
    ]) {
      expect(en.some((a) => a.slug === slug)).toBe(true);
    }
  });

  it('lists the languages of each article for the language switch', () => {
    const article = service.get('how-to-summarize-a-youtube-video', 'ja');
    expect(article.translations).toEqual(['en', 'zh-CN', 'de', 'es', 'fr', 'ja', 'ko', 'pt']);
    expect(article.html).toContain('<h2>');
  });

  it('answers 404 for an unknown article or a missing translation', () => {
    expect(() => service.get('no-such-article', 'en')).toThrow('This article does not exist in the requested language');
    expect(() => service.get('how-to-make-a-moodboard', 'ko')).toThrow('This article does not exist in the requested language');
  });

  it('never renders script, event handlers or javascript: links', () => {
    const html = renderMarkdown('# T\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n[ok](https://example.com)');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<[^>]*onerror/);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<h2>T</h2>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
  });

  it('refuses an article with broken front matter, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blog-'));
    try {
      mkdirSync(join(dir, 'broken'));
      writeFileSync(join(dir, 'broken', 'en.md'), '---\ndescription: no title\ndate: 2025-01-01\n---\nBody');
      expect(() => loadArticles(dir)).toThrow(/broken\/en\.md: title/);
      writeFileSync(join(dir, 'broken', 'en.md'), '---\ntitle: Draft\ndescription: d\ndate: 2025-01-01\ndraft: true\n---\nBody');
      expect(loadArticles(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(BLOG_CONTENT_DIR).toMatch(/content[\\/]blog$/);
  });
});
