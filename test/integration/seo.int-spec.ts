import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceApp, type ServiceApp } from '@visualnotes/common';
import { createTestEnv, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { definitions } from '../support/backend';
import { createGatewayApp, type Gateway } from '../../services/gateway/src/bootstrap';

/** A stand-in for the built front end: the gateway only needs its index.html. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <title>VisualNotes</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const meta = (html: string, attr: 'name' | 'property', key: string) => html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];

describe('blog API, head tags, sitemap and robots', () => {
  let t: TestEnv;
  let publish: ServiceApp;
  let gateway: Gateway;
  let backend: { http: ReturnType<Gateway['app']['getHttpServer']> };

  beforeAll(async () => {
    t = await createTestEnv('seo');
    const dist = join(t.env.DATA_DIR!, 'frontend');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    const env = { ...t.env, FRONTEND_DIST: dist, PUBLIC_URL: 'https://notes.example' };
    publish = (await createServiceApp(definitions.publish, env)) as ServiceApp;
    gateway = await createGatewayApp(env);
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    backend = { http: gateway.app.getHttpServer() };
  });
  afterAll(async () => {
    await gateway?.app.close();
    await publish?.app.close();
    await t?.cleanup();
  });

  it('lists articles per language and serves one as sanitised HTML', async () => {
    const en = await request(backend.http).get('/api/blog?lang=en').expect(200);
    expect(en.body.length).toBeGreaterThanOrEqual(6);
    expect(en.body[0]).toEqual(expect.objectContaining({ slug: expect.any(String), title: expect.any(String), excerpt: expect.any(String), lang: 'en' }));
    const zh = await request(backend.http).get('/api/blog?lang=zh-CN').expect(200);
    expect(zh.body.map((a: { slug: string }) => a.slug).sort()).toEqual(en.body.map((a: { slug: string }) => a.slug).sort());
    expect((await request(backend.http).get('/api/blog').expect(200)).body).toEqual(en.body);

    const article = await request(backend.http).get('/api/blog/how-to-make-a-flowchart?lang=zh-CN').expect(200);
    expect(article.body).toMatchObject({ slug: 'how-to-make-a-flowchart', lang: 'zh-CN', title: '十分钟画出清晰的流程图' });
    expect(article.body.html).toContain('<table>');
  });

  it('answers clear errors for a bad language or an unknown article', async () => {
    const bad = await request(backend.http).get('/api/blog?lang=xx').expect(400);
    expect(bad.body.message).toContain('Unsupported language');
    const missing = await request(backend.http).get('/api/blog/no-such-article').expect(404);
    expect(missing.body).toEqual({ statusCode: 404, message: 'This article does not exist in the requested language' });
    await request(backend.http).get('/api/blog/..%2Fetc%2Fpasswd').expect(404);
    await request(backend.http).get('/api/blog/how-to-make-a-moodboard?lang=ko').expect(404);
  });

  it('serves an RSS feed', async () => {
    const res = await request(backend.http).get('/api/blog/rss.xml?lang=en').expect(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.text).toContain('<link>https://notes.example/blog/how-to-summarize-a-youtube-video</link>');
    expect((res.text.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });

  it('puts an article’s title, description, canonical, hreflang and Open Graph tags in the served HTML', async () => {
    const res = await request(backend.http).get('/blog/how-to-summarize-a-youtube-video').expect(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<title>How to summarize a YouTube video (and keep the notes) | VisualNotes</title>');
    expect(meta(res.text, 'name', 'description')).toMatch(/^Turn a long YouTube video/);
    expect(res.text).not.toContain('content="generic"');
    expect(res.text).toContain('<link rel="canonical" href="https://notes.example/blog/how-to-summarize-a-youtube-video" />');
    expect(res.text).toContain('hreflang="zh-CN" href="https://notes.example/blog/how-to-summarize-a-youtube-video?lang=zh-CN"');
    expect(res.text).toContain('hreflang="ja"');
    expect(meta(res.text, 'property', 'og:type')).toBe('article');
    expect(meta(res.text, 'property', 'og:url')).toBe('https://notes.example/blog/how-to-summarize-a-youtube-video');

    const zh = await request(backend.http).get('/blog/how-to-summarize-a-youtube-video?lang=zh-CN').expect(200);
    expect(zh.text).toContain('<html lang="zh-CN"');
    expect(zh.text).toContain('<title>如何总结一个 YouTube 视频（并保存笔记） | VisualNotes</title>');
  });

  it('serves landing pages in their language with hreflang links', async () => {
    const de = await request(backend.http).get('/de').expect(200);
    expect(de.text).toContain('<html lang="de"');
    expect(de.text).toContain('<title>VisualNotes – Visuelle Notizen, Whiteboards und KI-Zusammenfassungen</title>');
    expect(de.text).toContain('hreflang="x-default" href="https://notes.example/"');
    const page = await request(backend.http).get('/ja/pdf-summarizer').expect(200);
    expect(page.text).toContain('<title>PDF 要約 | VisualNotes</title>');
    expect(page.text).toContain('hreflang="en" href="https://notes.example/tools/pdf-summarizer"');
  });

  it('answers 404 with the app for unknown pages, and keeps known pages indexable', async () => {
    for (const path of ['/no-such-page-here', '/blog/no-such-article', '/de/no-such-page', '/tools/nope', '/a/b/c']) {
      const res = await request(backend.http).get(path).expect(404);
      expect(res.text).toContain('<div id="root">');
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
    }
    const comparison = await request(backend.http).get('/miro-alternative').expect(200);
    expect(comparison.text).toContain('<title>VisualNotes vs Miro | VisualNotes</title>');
    const home = await request(backend.http).get('/').expect(200);
    expect(home.text).toContain('<link rel="canonical" href="https://notes.example/" />');
    expect(home.text).not.toContain('noindex');
  });

  it('serves the statistics pages (signed-in pages, not published projects) with 200', async () => {
    for (const path of ['/p/statistic', '/p/statistic/abcdefgh12']) {
      const res = await request(backend.http).get(path).expect(200);
      expect(res.text).toContain('<title>Statistics | VisualNotes</title>');
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('tells the pages what this installation offers (no Google sign-in without a client id)', async () => {
    const res = await request(backend.http).get('/api/capabilities').expect(200);
    expect(res.body.google_sign_in).toBe(false);
    expect(typeof res.body.transcription).toBe('boolean');
  });

  it('lists blog, landing and tool pages in sitemap.xml and points robots.txt at it', async () => {
    const res = await request(backend.http).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toContain('application/xml');
    for (const loc of [
      'https://notes.example/',
      'https://notes.example/blog',
      'https://notes.example/blog/publish-a-board-to-the-web',
      'https://notes.example/blog/publish-a-board-to-the-web?lang=zh-CN',
      'https://notes.example/ko',
      'https://notes.example/pt/flowchart-maker',
      'https://notes.example/tools/youtube-summarizer',
      'https://notes.example/notion-alternative',
    ]) {
      expect(res.text).toContain(`<loc>${loc.replace(/&/g, '&amp;')}</loc>`);
    }
    expect(res.text).not.toContain('/account');
    const robots = await request(backend.http).get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap: https://notes.example/sitemap.xml');
    expect(robots.text).toContain('Disallow: /api/');
  });
});
