import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';

/** A stand-in for the built front end: the gateway only needs its index.html. */
const INDEX = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>VisualNotes</title></head><body><div id="root"></div></body></html>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

describe('published projects in sitemap.xml and behind their short link', () => {
  let t: TestEnv;
  let backend: Backend;
  let publisher: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    t = await createTestEnv('site-links', { RATE_LIMIT_MAX: '10000', PUBLIC_URL: 'http://board.test' });
    const dist = join(t.env.DATA_DIR!, 'frontend');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    backend = await startBackend({ ...t.env, FRONTEND_DIST: dist }, ['auth', 'license', 'media', 'publish']);
    publisher = await signUp(backend.url, { scope: ['publisher'] });
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const publishBoard = async (title: string) => {
    const p = (await request(backend.http).post('/api/projects').set(auth(publisher)).send({ title }).expect(201)).body;
    await request(backend.http)
      .put(`/api/projects/${p.id}`)
      .set(auth(publisher))
      .send({ scene: scene(rect()), version: 1 })
      .expect(200);
    const pub = (await request(backend.http).post(`/api/projects/${p.id}/publish`).set(auth(publisher)).send({ svg: SVG }).expect(200)).body;
    return { projectId: p.id as string, publicId: pub.public_id as string };
  };

  it('lists live publications in sitemap.xml with their date, and drops unpublished ones', async () => {
    const live = await publishBoard('Sitemap board');
    const gone = await publishBoard('Withdrawn board');
    await request(backend.http)
      .delete(`/api/projects/${gone.projectId}/publish`)
      .set(auth(publisher))
      .expect((res) => expect(res.status).toBeLessThan(300));

    const res = await request(backend.http).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.text).toMatch(new RegExp(`<loc>http://board.test/p/${live.publicId}</loc>\\s*<lastmod>${today}</lastmod>`));
    expect(res.text).not.toContain(`/p/${gone.publicId}<`);
    // blog and landing pages are still there next to them
    expect(res.text).toContain('<loc>http://board.test/de</loc>');
  });

  it('redirects /{id} of a published project to /p/{id}, and answers 404 for an unknown or withdrawn id', async () => {
    const live = await publishBoard('Short link board');
    const res = await request(backend.http).get(`/${live.publicId}`).expect(302);
    expect(res.headers.location).toBe(`/p/${live.publicId}`);
    const page = await request(backend.http).get(res.headers.location).expect(200);
    expect(page.text).toContain('Short link board');

    await request(backend.http).get('/nosuchpublication1').expect(404);
    await request(backend.http)
      .delete(`/api/projects/${live.projectId}/publish`)
      .set(auth(publisher))
      .expect((r) => expect(r.status).toBeLessThan(300));
    await request(backend.http).get(`/${live.publicId}`).expect(404);
  });
});
