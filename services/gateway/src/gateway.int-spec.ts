import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import { Jobs, publicJobId, Queues } from '@visualnotes/contracts';
import { createTestEnv, inlineScripts, REPO_ROOT, type TestEnv } from '@visualnotes/testing';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { startBackend, type Backend } from '../../../test/support/backend';
import { escapeHtml } from './seo/html';
import { visitorKey } from './videos/caller';

/** The API answers a page was sent with (`#page-answers`). */
const servedAnswers = (html: string) => JSON.parse(/<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]') as unknown;

describe('gateway', () => {
  let t: TestEnv;
  let backend: Backend;

  beforeAll(async () => {
    t = await createTestEnv('gateway', { RATE_LIMIT_MAX: '1000', BODY_LIMIT_BYTES: '4096' });
    backend = await startBackend(t.env);
  });
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('reports every service up', async () => {
    const res = await request(backend.http).get('/api/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      services: { auth: 'up', license: 'up', media: 'up', ai: 'up', publish: 'up' },
    });
  });

  it('sends security headers and a request id', async () => {
    const res = await request(backend.http).get('/api/health/live').set('x-request-id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Pages get the page policy (scripts from our origin and the YouTube player).
    const page = await request(backend.http).get('/pricing').expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://www.youtube.com");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-request-id']).toBeTruthy();
  });

  it("answers liveness before the router, and tells a copy's version through the API pipeline", async () => {
    expect((await request(backend.http).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const res = await request(backend.http).get('/api/health/gateway').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', service: 'gateway', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(res.headers['x-ratelimit-limit']).toBeTruthy();
    const doc = (await request(backend.http).get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health/live', '/api/health/gateway']));
  });

  it('compresses what is worth compressing, for clients that accept it', async () => {
    // supertest decodes the body; the headers tell what went over the wire.
    const br = await request(backend.http).get('/api/openapi.json').set('accept-encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.paths['/api/health/live']).toBeTruthy();
    const gzip = await request(backend.http).get('/api/openapi.json').set('accept-encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await request(backend.http).get('/api/openapi.json').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A few bytes are not worth it.
    const live = await request(backend.http).get('/api/health/live').set('accept-encoding', 'br, gzip').expect(200);
    expect(live.headers['content-encoding']).toBeUndefined();
  });

  it('takes request bodies as they are sent, refusing compressed ones with a clear 415', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await request(backend.http)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send(gzipSync(JSON.stringify({ email: 'a@example.com', password: 'x' })));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Send the request body uncompressed (Content-Encoding is not accepted)');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await request(backend.http).get('/api/does-not-exist').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404 });
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await request(backend.http)
      .post('/api/health')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ big: 'x'.repeat(10_000) }));
    expect(res.status).toBe(413);
    expect(res.body.statusCode).toBe(413);
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await request(backend.http).get('/api/openapi.json').expect(200);
    expect(doc.body.paths['/api/health']).toBeDefined();
    expect(doc.body.paths['/api/jobs/{id}']).toBeDefined();
    await request(backend.http).get('/api/docs').expect(200);
  });

  it('serves the front end for any page path, with 404 for unknown pages', async () => {
    const res = await request(backend.http).get('/some/unknown/page').expect(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('<div id="root">');
    const known = await request(backend.http).get('/pricing').expect(200);
    expect(known.text).toContain('<div id="root"');
  });

  it('writes what the installation offers into every page, as the API tells it', async () => {
    const offered = (await request(backend.http).get('/api/capabilities').expect(200)).body as { google_sign_in: boolean; transcription: boolean };
    expect(typeof offered.transcription).toBe('boolean');
    for (const path of ['/tools/youtube-summarizer', '/account/login', '/some/unknown/page']) {
      const page = await request(backend.http).get(path);
      const written = /<script type="application\/json" id="site-capabilities">([^<]*)<\/script>/.exec(page.text)?.[1];
      expect(written && JSON.parse(written)).toEqual(offered);
    }
  });

  it('sends the public pages the front end drew ahead of time, in English only, as this installation offers', async () => {
    const offered = (await request(backend.http).get('/api/capabilities').expect(200)).body as { transcription: boolean };
    const video = (await request(backend.http).get('/tools/youtube-summarizer').expect(200)).text;
    expect(video).toMatch(/<div id="root" data-drawn>.*<h1[^>]*>YouTube Summarizer<\/h1>/s);
    // drawn for what this installation offers: without speech-to-text the page asks for subtitles
    expect(video.includes('data-testid="transcription-unavailable"')).toBe(!offered.transcription);
    const pdf = (await request(backend.http).get('/tools/pdf-summarizer').expect(200)).text;
    expect(pdf).toContain('What it does');
    expect(pdf).toContain('data-drawn');
    // a page drawn ahead of time starts its scripts after its first paint, with the one inline
    // script the page's policy allows by its hash
    expect(pdf).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const scripts = inlineScripts(await request(backend.http).get('/tools/pdf-summarizer').expect(200));
    expect(scripts).toEqual([{ text: expect.stringContaining('requestAnimationFrame'), allowed: true }]);
    expect(pdf).toMatch(/<script data-entries="\/assets\/index-[^"]+\.js" data-modules="[^"]+">[^<]+<\/script><\/body>/);
    const chinese = (await request(backend.http).get('/tools/pdf-summarizer').set('cookie', 'vn_locale=zh-CN').expect(200)).text;
    expect(chinese).not.toContain('data-drawn');
    for (const path of ['/account', '/blog', '/some/unknown/page', '/de/youtube-summarizer']) {
      expect((await request(backend.http).get(path)).text).toContain('<div id="root"></div>');
    }
  });

  it('draws the pages that show data when they are asked for, and sends the data with them', async () => {
    const plans = (await request(backend.http).get('/api/plans').expect(200)).body as { plans: { name: string }[] };
    const pricing = (await request(backend.http).get('/pricing').expect(200)).text;
    // the plan cards are in the page, as the plans are now
    expect(pricing).toMatch(/<div id="root" data-drawn>.*data-testid="plan-premium"/s);
    for (const plan of plans.plans) expect(pricing).toContain(`<h2>${plan.name}</h2>`);
    expect(servedAnswers(pricing)).toEqual([{ endpointName: 'getPlans', value: plans }]);

    const [first] = (await request(backend.http).get('/api/blog?lang=en').expect(200)).body as { slug: string }[];
    const article = (await request(backend.http).get(`/api/blog/${first.slug}?lang=en`).expect(200)).body as { title: string; html: string };
    const page = (await request(backend.http).get(`/blog/${first.slug}`).expect(200)).text;
    expect(page).toMatch(/<div id="root" data-drawn>.*data-testid="article-body"/s);
    expect(page).toContain(`<h1>${escapeHtml(article.title)}</h1>`);
    expect(servedAnswers(page)).toEqual([{ endpointName: 'blogArticle', arg: { slug: first.slug, lang: 'en' }, value: article }]);
    expect(inlineScripts(await request(backend.http).get(`/blog/${first.slug}`))).toEqual([{ text: expect.any(String), allowed: true }]);
    // the same page again comes from what was drawn, an unknown article is not drawn
    expect((await request(backend.http).get(`/blog/${first.slug}`).expect(200)).text).toBe(page);
    expect((await request(backend.http).get('/blog/no-such-article').expect(404)).text).toContain('<div id="root"></div>');
    // a visitor who chose Chinese for the site gets the article drawn by the browser, in their language's frame
    const chinese = (await request(backend.http).get(`/blog/${first.slug}`).set('cookie', 'vn_locale=zh-CN').expect(200)).text;
    expect(chinese).toContain('<div id="root"></div>');
  });

  it('serves built assets with 200 and a long, immutable cache header', async () => {
    const assets = join(REPO_ROOT, 'frontend/dist/assets');
    const file = readdirSync(assets).find((f) => f.endsWith('.js')) ?? readdirSync(assets)[0];
    expect(file).toBeDefined();
    const res = await request(backend.http).get(`/assets/${file}`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('shows the development outbox', async () => {
    const res = await request(backend.http).get('/api/dev/outbox').expect(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('reports a job as it runs, and streams its state until it completes', async () => {
    const queue = backend.services.license!.app.get<Queue>(getQueueToken(Queues.licenseEvents), { strict: false });
    // a job started by a visitor (this client's fingerprint and address)
    const job = await queue.add(Jobs.accountDeleted, { userId: 'u-1', visitorKey: visitorKey('fp-jobs', '127.0.0.1') }, { jobId: 'test-job-1' });
    const id = publicJobId(Queues.licenseEvents, job.id!);
    const events = await request(backend.http)
      .get(`/api/jobs/${id}/events`)
      .set('x-fingerprint', 'fp-jobs')
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => cb(null, text));
      });
    expect(events.headers['content-type']).toContain('text/event-stream');
    const states = String(events.body)
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)).state);
    expect(states[states.length - 1]).toBe('completed');
    const status = await request(backend.http).get(`/api/jobs/${id}`).set('x-fingerprint', 'fp-jobs').expect(200);
    expect(status.body).toEqual({ id, state: 'completed', progress: 100 });
    // anyone else: as if there were no such job
    await request(backend.http).get(`/api/jobs/${id}`).set('x-fingerprint', 'fp-other').expect(404);
    await request(backend.http).get(`/api/jobs/${id}/events`).expect(404);
  });

  it('shows a job that names no owner to no one', async () => {
    const queue = backend.services.license!.app.get<Queue>(getQueueToken(Queues.licenseEvents), { strict: false });
    const job = await queue.add(Jobs.accountDeleted, { userId: 'u-2' }, { jobId: 'test-job-2' });
    const id = publicJobId(Queues.licenseEvents, job.id!);
    const res = await request(backend.http).get(`/api/jobs/${id}`).expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Job not found' });
  });

  it('answers 404 for an unknown job', async () => {
    await request(backend.http).get('/api/jobs/license-events:nope').expect(404);
    await request(backend.http).get('/api/jobs/garbage').expect(404);
  });

  it('answers 503 and names the service that is down', async () => {
    await backend.services.media!.app.close();
    delete backend.services.media; // closed here, not again in afterAll
    const res = await request(backend.http).get('/api/health').expect(503);
    expect(res.body.services.media).toBe('down');
    expect(res.body.down).toEqual(['media']);
  });
});
