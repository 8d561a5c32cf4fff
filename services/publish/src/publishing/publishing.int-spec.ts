import { PublishMessages, TEMPLATE_MAX_PENDING } from '@visualnotes/contracts';
import { createTestEnv, inlineScripts, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';
import { sanitizeSvg } from './svg-sanitizer';

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100" onload="alert(1)">
<script>alert(1)</script><style>@import url(https://evil.test/x.css);</style>
<rect x="10" y="10" width="80" height="40" fill="#a5d8ff" onclick="alert(2)"/>
<a href="javascript:alert(3)"><text x="10" y="80">Hello board</text></a>
<foreignObject><div>html</div></foreignObject><image href="https://evil.test/track.png"/>
<animate attributeName="href" to="javascript:alert(4)"/></svg>`;

describe('publishing, statistics, share links and templates', () => {
  let t: TestEnv;
  let backend: Backend;
  let publisher: SignedUp;
  let free: SignedUp;
  let admin: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const newProject = async (u: SignedUp, title = 'Board') => {
    const p = (await request(backend.http).post('/api/projects').set(auth(u)).send({ title }).expect(201)).body;
    return (
      await request(backend.http)
        .put(`/api/projects/${p.id}`)
        .set(auth(u))
        .send({ scene: scene(rect()), version: 1 })
        .expect(200)
    ).body;
  };

  beforeAll(async () => {
    t = await createTestEnv('publishing', { RATE_LIMIT_MAX: '10000', PUBLIC_URL: 'http://board.test' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    [publisher, free, admin] = await Promise.all([
      signUp(backend.url, { scope: ['publisher'] }),
      signUp(backend.url),
      signUp(backend.url, { scope: ['admin'] }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('sanitises snapshots to a drawing without script, links or outside resources', () => {
    const clean = sanitizeSvg(SVG)!;
    expect(clean).toMatch(/^<svg/);
    expect(clean).toContain('<rect');
    expect(clean).toContain('Hello board');
    for (const bad of ['script', 'onload', 'onclick', 'javascript:', 'foreignObject', '@import', 'evil.test', 'animate']) expect(clean).not.toContain(bad);
    expect(sanitizeSvg('<html><body>no</body></html>')).toBeNull();
    expect(sanitizeSvg('<script>alert(1)</script><svg></svg>')).toBeNull();
  });

  it('asks for the Publisher plan', async () => {
    const p = await newProject(free);
    const res = await request(backend.http).post(`/api/projects/${p.id}/publish`).set(auth(free)).send({ svg: SVG }).expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: PublishMessages.publisherRequired });
  });

  it('publishes with a sanitised snapshot, serves /p/{id} to anyone, counts views and visitors, unpublishes', async () => {
    const p = await newProject(publisher, 'Launch <plan>');
    const bad = await request(backend.http).post(`/api/projects/${p.id}/publish`).set(auth(publisher)).send({ svg: '<b>not svg</b>' }).expect(400);
    expect(bad.body.message).toBe(PublishMessages.snapshotInvalid);

    const pub = await request(backend.http)
      .post(`/api/projects/${p.id}/publish`)
      .set(auth(publisher))
      .send({ svg: SVG, description: 'Our launch' })
      .expect(200);
    expect(pub.body.url).toBe(`http://board.test/p/${pub.body.public_id}`);
    const id = pub.body.public_id as string;

    const snap = await request(backend.http).get(`/api/p/${id}/snapshot.svg`).expect(200);
    expect(snap.headers['content-type']).toContain('image/svg+xml');
    expect(snap.headers['content-security-policy']).toContain("default-src 'none'");
    const svgText = Buffer.isBuffer(snap.body) ? snap.body.toString('utf8') : String(snap.text);
    expect(svgText).toContain('<rect');
    expect(svgText).not.toContain('script');

    const page = await request(backend.http).get(`/p/${id}`).expect(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.text).toContain('<title>Launch &lt;plan&gt; | VisualNotes</title>');
    expect(page.text).toContain(`<meta property="og:image" content="http://board.test/api/p/${id}/snapshot.svg">`);
    expect(page.text).toContain('<meta name="description" content="Our launch">');
    expect(page.text).not.toContain('<plan>');
    // the snapshot (the first paint's largest part) is asked for before anything else; the app's
    // scripts, which the first paint does not need, start once it is on screen
    const preload = `<link rel="preload" as="image" href="/api/p/${id}/snapshot.svg" fetchpriority="high">`;
    expect(page.text).toContain(preload);
    expect(page.text).toMatch(/<img src="\/api\/p\/[^"]+\/snapshot\.svg"[^>]*fetchpriority="high"/);
    for (const later of ['rel="stylesheet"', '<script'])
      if (page.text.includes(later)) expect(page.text.indexOf(preload)).toBeLessThan(page.text.indexOf(later));
    expect(page.text).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(inlineScripts(page)).toEqual([{ text: expect.stringContaining('requestAnimationFrame'), allowed: true }]);

    // Views: two from one visitor, one from another with an outside referrer.
    const ua = { 'user-agent': 'Browser A' };
    await request(backend.http).get(`/api/p/${id}`).set(ua).expect(200);
    const view = await request(backend.http).get(`/api/p/${id}`).set(ua).expect(200);
    expect(view.body).toMatchObject({ title: 'Launch <plan>', scene: { elements: [expect.objectContaining({ type: 'rectangle' })] } });
    await request(backend.http)
      .get(`/api/p/${id}?ref=${encodeURIComponent('https://www.news.example/story?id=7')}`)
      .set({ 'user-agent': 'Browser B' })
      .expect(200);
    await request(backend.http).get(`/p/${id}`).expect(200); // the page itself counts nothing
    // The owner's own looks (signed in) are not views; anyone else's are, signed in or not, and a
    // token that is no longer valid is read as a visitor's.
    await request(backend.http).get(`/api/p/${id}`).set(ua).set(auth(publisher)).expect(200);
    await request(backend.http).get(`/api/p/${id}`).set({ 'user-agent': 'Browser B', authorization: 'Bearer not-a-token' }).expect(200);

    await request(backend.http).get(`/api/p/${id}/statistics`).expect(401);
    await request(backend.http).get(`/api/p/${id}/statistics`).set(auth(free)).expect(404);
    const stats = await request(backend.http).get(`/api/p/${id}/statistics`).set(auth(publisher)).expect(200);
    expect(stats.body).toMatchObject({ views: 4, visitors: 2, referrers: [{ referrer: 'news.example', views: 1 }] });
    expect(stats.body.by_day).toHaveLength(30);
    expect(stats.body.by_day.at(-1)).toMatchObject({ views: 4, visitors: 2 });

    const mine = await request(backend.http).get('/api/published').set(auth(publisher)).expect(200);
    expect(mine.body).toEqual([expect.objectContaining({ public_id: id, project_id: p.id, views: 4, visitors: 2 })]);
    const listed = await request(backend.http).get(`/api/projects/${p.id}`).set(auth(publisher)).expect(200);
    expect(listed.body.public_id).toBe(id);

    // No raw address or browser is stored anywhere.
    const ds = backend.services.publish!.app.get(DataSource);
    const rows = JSON.stringify(await ds.query(`SELECT * FROM "publish"."view_visitors"`));
    expect(rows).not.toContain('Browser A');
    expect(rows).not.toContain('127.0.0.1');

    await request(backend.http).delete(`/api/projects/${p.id}/publish`).set(auth(publisher)).expect(204);
    await request(backend.http).get(`/api/p/${id}`).expect(404);
    await request(backend.http).get(`/api/p/${id}/snapshot.svg`).expect(404);
    await request(backend.http).get(`/p/${id}`).expect(404);
    await request(backend.http).get('/api/p/unknown-id-123').expect(404);

    // Publishing again keeps the address and the numbers.
    const again = await request(backend.http).post(`/api/projects/${p.id}/publish`).set(auth(publisher)).send({}).expect(200);
    expect(again.body.public_id).toBe(id);
    const kept = await request(backend.http).get(`/api/p/${id}/statistics`).set(auth(publisher)).expect(200);
    expect(kept.body.views).toBe(4);
  });

  it('puts titles and descriptions into the published page as they are, replacement patterns included', async () => {
    const title = "Q3 $' plan $` and $& more";
    const p = await newProject(publisher, title);
    const pub = await request(backend.http)
      .post(`/api/projects/${p.id}/publish`)
      .set(auth(publisher))
      .send({ svg: SVG, description: "Costs $` and $'" })
      .expect(200);
    const page = await request(backend.http).get(`/p/${pub.body.public_id}`).expect(200);
    const escaped = 'Q3 $&#39; plan $` and $&amp; more';
    expect(page.text).toContain(`<title>${escaped} | VisualNotes</title>`);
    expect(page.text).toContain(`<h1 dir="auto">${escaped}</h1>`);
    expect(page.text).toContain('<meta name="description" content="Costs $` and $&#39;">');
    // Nothing of the page itself was pasted into it.
    for (const once of [/<head>/g, /<\/head>/g, /<div id="root"/g, /<!doctype/gi]) expect(page.text.match(once)).toHaveLength(1);
  });

  it('shares a project read-only until the link is revoked', async () => {
    const p = await newProject(free, 'Shared');
    const share = await request(backend.http).post(`/api/projects/${p.id}/share`).set(auth(free)).expect(200);
    const sid = share.body.share_id as string;
    const again = await request(backend.http).post(`/api/projects/${p.id}/share`).set(auth(free)).expect(200);
    expect(again.body.share_id).toBe(sid);
    const seen = await request(backend.http).get(`/api/share/${sid}`).expect(200);
    expect(seen.body).toMatchObject({ kind: 'project', title: 'Shared', scene: { elements: [expect.any(Object)] } });
    // The link shows the live project.
    await request(backend.http).put(`/api/projects/${p.id}`).set(auth(free)).send({ title: 'Shared v2', version: p.version }).expect(200);
    expect((await request(backend.http).get(`/api/share/${sid}`).expect(200)).body.title).toBe('Shared v2');
    // Nobody else can revoke; the owner can.
    await request(backend.http).delete(`/api/share/${sid}`).set(auth(publisher)).expect(404);
    await request(backend.http).delete(`/api/share/${sid}`).set(auth(free)).expect(204);
    const gone = await request(backend.http).get(`/api/share/${sid}`).expect(404);
    expect(gone.body.message).toBe(PublishMessages.shareNotFound);
    const fresh = await request(backend.http).post(`/api/projects/${p.id}/share`).set(auth(free)).expect(200);
    expect(fresh.body.share_id).not.toBe(sid);
    await request(backend.http).delete(`/api/projects/${p.id}/share`).set(auth(free)).expect(204);
    await request(backend.http).get(`/api/share/${fresh.body.share_id}`).expect(404);
  });

  it('lists at least 12 shipped templates by category and makes projects from them', async () => {
    const all = await request(backend.http).get('/api/templates').expect(200);
    expect(all.body.length).toBeGreaterThanOrEqual(12);
    const flow = await request(backend.http).get('/api/templates?category=flowchart').expect(200);
    expect(flow.body.length).toBeGreaterThanOrEqual(2);
    expect(flow.body.every((x: { category: string }) => x.category === 'flowchart')).toBe(true);
    const one = await request(backend.http).get(`/api/templates/${flow.body[0].id}`).expect(200);
    expect(one.body.scene.elements.length).toBeGreaterThan(3);
    const made = await request(backend.http).post(`/api/templates/${flow.body[0].id}/use`).set(auth(free)).expect(201);
    expect(made.body).toMatchObject({ title: flow.body[0].name, version: 1 });
    expect(made.body.scene.elements).toHaveLength(one.body.scene.elements.length);
    const viaCreate = await request(backend.http).post('/api/projects').set(auth(free)).send({ title: 'Mine', template_id: flow.body[0].id }).expect(201);
    expect(viaCreate.body.title).toBe('Mine');
    await request(backend.http).get('/api/templates/00000000-0000-0000-0000-000000000000').expect(404);
  });

  it('takes submissions that are public only after an operator approves them', async () => {
    const p = await newProject(free, 'My flow');
    const bad = await request(backend.http).post('/api/templates').set(auth(free)).send({ project_id: p.id, name: 'X', category: 'nope' }).expect(400);
    expect(bad.body.message).toBe(PublishMessages.categoryInvalid);
    await request(backend.http).post('/api/templates').set(auth(publisher)).send({ project_id: p.id, name: 'Stolen', category: 'flowchart' }).expect(404);
    const sub = await request(backend.http)
      .post('/api/templates')
      .set(auth(free))
      .send({ project_id: p.id, name: 'My flow', description: 'A flow', category: 'flowchart' })
      .expect(201);
    expect(sub.body.status).toBe('pending');
    const mine = await request(backend.http).get('/api/templates/mine').set(auth(free)).expect(200);
    expect(mine.body.map((x: { id: string }) => x.id)).toContain(sub.body.id);
    expect((await request(backend.http).get('/api/templates').expect(200)).body.map((x: { id: string }) => x.id)).not.toContain(sub.body.id);
    await request(backend.http).get(`/api/templates/${sub.body.id}`).expect(404);
    await request(backend.http).get(`/api/templates/${sub.body.id}`).set(auth(free)).expect(200);

    await request(backend.http).get('/api/templates/pending').set(auth(free)).expect(403);
    await request(backend.http).post(`/api/templates/${sub.body.id}/approve`).set(auth(free)).expect(403);
    const pending = await request(backend.http).get('/api/templates/pending').set(auth(admin)).expect(200);
    expect(pending.body.map((x: { id: string }) => x.id)).toContain(sub.body.id);
    const ok = await request(backend.http).post(`/api/templates/${sub.body.id}/approve`).set(auth(admin)).expect(200);
    expect(ok.body.status).toBe('approved');
    expect((await request(backend.http).get('/api/templates?category=flowchart').expect(200)).body.map((x: { id: string }) => x.id)).toContain(sub.body.id);
  });

  it('keeps a few submissions of one person waiting for review at once, then asks them to wait', async () => {
    const author = await signUp(backend.url);
    const p = await newProject(author, 'Board');
    const submit = () => request(backend.http).post('/api/templates').set(auth(author)).send({ project_id: p.id, name: 'Board', category: 'flowchart' });
    const ids: string[] = [];
    for (let i = 0; i < TEMPLATE_MAX_PENDING; i++) ids.push((await submit().expect(201)).body.id);
    expect((await submit().expect(429)).body.message).toBe(PublishMessages.templatesPending);
    // a review frees a place
    await request(backend.http).post(`/api/templates/${ids[0]}/reject`).set(auth(admin)).expect(200);
    await submit().expect(201);
  });
});
