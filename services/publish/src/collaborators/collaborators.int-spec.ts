import { Messages, PublishMessages } from '@visualnotes/contracts';
import { createTestEnv, outboxReader, signUp, waitFor, waitForMail, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';

describe('collaborators and access rules on every project route', () => {
  let t: TestEnv;
  let backend: Backend;
  let owner: SignedUp;
  let editor: SignedUp;
  let viewer: SignedUp;
  let stranger: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const api = () => request(backend.http);
  const read = (to: string) => outboxReader(backend.url)(to);

  /** A project of `owner` with one element, shared with `editor` and `viewer`. */
  const sharedProject = async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Shared' }).expect(201)).body;
    const saved = (
      await api()
        .put(`/api/projects/${p.id}`)
        .set(auth(owner))
        .send({ scene: scene(rect()), version: 1 })
        .expect(200)
    ).body;
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: editor.email, role: 'editor' }).expect(201);
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: viewer.email, role: 'viewer' }).expect(201);
    return saved as { id: string; version: number };
  };

  beforeAll(async () => {
    t = await createTestEnv('collaborators', { RATE_LIMIT_MAX: '10000', VERSION_SETTLE_MS: '0' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    [owner, editor, viewer, stranger] = await Promise.all([
      signUp(backend.url, { scope: ['publisher'] }),
      signUp(backend.url),
      signUp(backend.url),
      signUp(backend.url),
    ]);
  }, 90_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('lets the owner add, list, change and remove collaborators, who see the project in their list with their role', async () => {
    const p = await sharedProject();
    const list = (await api().get(`/api/projects/${p.id}/collaborators`).set(auth(owner)).expect(200)).body;
    expect(list).toEqual([
      expect.objectContaining({ id: editor.user.id, user_id: editor.user.id, email: editor.email, role: 'editor', pending: false }),
      expect.objectContaining({ id: viewer.user.id, email: viewer.email, role: 'viewer', pending: false }),
    ]);
    const theirs = (await api().get('/api/projects').set(auth(viewer)).expect(200)).body;
    expect(theirs.find((x: { id: string }) => x.id === p.id)).toMatchObject({ title: 'Shared', role: 'viewer' });
    const mine = (await api().get('/api/projects').set(auth(owner)).expect(200)).body;
    expect(mine.find((x: { id: string }) => x.id === p.id).role).toBe('owner');

    const changed = await api().patch(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(owner)).send({ role: 'editor' }).expect(200);
    expect(changed.body.role).toBe('editor');
    await api().put(`/api/projects/${p.id}`).set(auth(viewer)).send({ title: 'Now I edit', version: p.version }).expect(200);

    await api().delete(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(owner)).expect(204);
    await api().get(`/api/projects/${p.id}`).set(auth(viewer)).expect(404);
    const after = (await api().get('/api/projects').set(auth(viewer)).expect(200)).body;
    expect(after.map((x: { id: string }) => x.id)).not.toContain(p.id);
    await api().delete(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(owner)).expect(404);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await api().get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/projects/{id}/collaborators',
        '/api/projects/{id}/collaborators/{user_id}',
        '/api/projects/{id}/versions',
        '/api/projects/{id}/versions/{version_id}',
        '/api/projects/{id}/versions/{version_id}/restore',
      ]),
    );
    expect(doc.paths['/api/projects/{id}/collaborators/{user_id}'].patch).toBeDefined();
  });

  it('refuses bad input with clear messages', async () => {
    const p = await sharedProject();
    const bad = await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: 'nope', role: 'editor' }).expect(400);
    expect(JSON.stringify(bad.body.message)).toContain('valid e-mail');
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: stranger.email, role: 'admin' }).expect(400);
    const self = await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: owner.email, role: 'editor' }).expect(400);
    expect(self.body.message).toBe(PublishMessages.collaboratorIsOwner);
    const twice = await api()
      .post(`/api/projects/${p.id}/collaborators`)
      .set(auth(owner))
      .send({ email: editor.email.toUpperCase(), role: 'viewer' })
      .expect(409);
    expect(twice.body.message).toBe(PublishMessages.collaboratorExists);
    await api().patch(`/api/projects/${p.id}/collaborators/not-a-uuid`).set(auth(owner)).send({ role: 'viewer' }).expect(404);
    await api().patch(`/api/projects/${p.id}/collaborators/${editor.user.id}`).set(auth(owner)).send({ role: 'owner' }).expect(400);
  });

  it('lets one account invite a bounded number of people a day (no bulk mail, no list of who has an account)', async () => {
    const sender = await signUp(backend.url);
    const p = (await api().post('/api/projects').set(auth(sender)).send({ title: 'Many friends' }).expect(201)).body;
    const invite = (i: number) =>
      api()
        .post(`/api/projects/${p.id}/collaborators`)
        .set(auth(sender))
        .send({ email: `friend-${i}-${Date.now()}@example.test`, role: 'viewer' });
    for (let i = 0; i < 50; i++) await invite(i).expect(201);
    const over = await invite(50).expect(429);
    expect(over.body.message).toBe(Messages.tooManyInvitations);
    // known accounts are refused alike, before they are looked up
    const known = await api().post(`/api/projects/${p.id}/collaborators`).set(auth(sender)).send({ email: stranger.email, role: 'viewer' }).expect(429);
    expect(known.body).toEqual(over.body);
    // other owners are not affected
    const mine = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Mine' }).expect(201)).body;
    await api().post(`/api/projects/${mine.id}/collaborators`).set(auth(owner)).send({ email: stranger.email, role: 'viewer' }).expect(201);
  });

  it('mails an invitation: a link to the project for an account, a link to sign up for another address', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Roadmap board' }).expect(201)).body;
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: stranger.email, role: 'editor' }).expect(201);
    // The stranger's invitation to another project (the test before) may arrive after this one is
    // sent: the mail looked for is the one that links this project.
    const known = await waitForMail(read, stranger.email, new RegExp(`(http\\S+/projects/${p.id})(?![0-9a-f-])`));
    expect(known).toMatch(/^https?:\/\/[^/]+\/projects\/[0-9a-f-]{36}$/);
    const mail = (await read(stranger.email)).find((m) => m.text.includes(known))!;
    expect(mail.subject).toContain('Roadmap board');
    expect(mail.text).toContain(`invited you to edit`);

    const email = `newcomer-${Date.now()}@example.test`;
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email, role: 'viewer' }).expect(201);
    const link = await waitForMail(read, email, /(http\S+\/account\/login\?register=1)/);
    expect(link).toContain('/account/login?register=1');
    expect((await read(email))[0].text).toContain('invited you to view');
  });

  it('keeps an invitation for an address without an account and turns it into a membership when that account lists its projects', async () => {
    const p = await sharedProject();
    const email = `invitee-${Date.now()}@example.test`;
    const invite = (await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email, role: 'viewer' }).expect(201)).body;
    expect(invite).toMatchObject({ email, user_id: null, pending: true, role: 'viewer' });
    const invitee = await signUp(backend.url, { email });
    const list = (await api().get('/api/projects').set(auth(invitee)).expect(200)).body;
    expect(list.find((x: { id: string }) => x.id === p.id)).toMatchObject({ role: 'viewer' });
    await api().get(`/api/projects/${p.id}`).set(auth(invitee)).expect(200);
    const members = (await api().get(`/api/projects/${p.id}/collaborators`).set(auth(owner)).expect(200)).body;
    expect(members.find((m: { email: string }) => m.email === email)).toMatchObject({ user_id: invitee.user.id, pending: false });
    // a pending invitation can be withdrawn by its id
    const other = (
      await api()
        .post(`/api/projects/${p.id}/collaborators`)
        .set(auth(owner))
        .send({ email: `x-${email}`, role: 'editor' })
        .expect(201)
    ).body;
    await api().delete(`/api/projects/${p.id}/collaborators/${other.id}`).set(auth(owner)).expect(204);
  });

  it('lets viewers read, editors save, and only the owner publish, delete, share and manage collaborators', async () => {
    const p = await sharedProject();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const upload = (await api().post('/api/uploads').set(auth(editor)).attach('file', png, { filename: 'dot.png', contentType: 'image/png' }).expect(201)).body;
    const withImage = {
      ...scene(rect(), rect({ id: 'img', type: 'image', fileId: 'f1', status: 'saved', scale: [1, 1] })),
      files: { f1: { id: 'f1', mimeType: 'image/png', file_id: upload.file_id, created: 1 } },
    };

    // reading: everyone with a role; the stranger does not learn that the project exists
    for (const u of [owner, editor, viewer]) await api().get(`/api/projects/${p.id}`).set(auth(u)).expect(200);
    await api().get(`/api/projects/${p.id}`).set(auth(stranger)).expect(404);

    // saving: the editor (with an image of their own upload); not the viewer
    const readOnly = await api().put(`/api/projects/${p.id}`).set(auth(viewer)).send({ scene: scene(), version: p.version }).expect(403);
    expect(readOnly.body.message).toBe(PublishMessages.viewerCannotEdit);
    await api().put(`/api/projects/${p.id}`).set(auth(stranger)).send({ scene: scene(), version: p.version }).expect(404);
    const saved = (await api().put(`/api/projects/${p.id}`).set(auth(editor)).send({ scene: withImage, version: p.version }).expect(200)).body;
    expect(saved).toMatchObject({ role: 'editor', version: p.version + 1 });

    // the image is readable by everyone on the project
    for (const u of [owner, editor, viewer]) await api().get(`/api/projects/${p.id}/files/${upload.file_id}`).set(auth(u)).expect(200);
    await api().get(`/api/projects/${p.id}/files/${upload.file_id}`).set(auth(stranger)).expect(404);

    // owner-only routes
    const ownerOnly: [string, string, object?][] = [
      ['post', `/api/projects/${p.id}/publish`, {}],
      ['delete', `/api/projects/${p.id}/publish`],
      ['post', `/api/projects/${p.id}/share`],
      ['get', `/api/projects/${p.id}/share`],
      ['delete', `/api/projects/${p.id}/share`],
      ['get', `/api/projects/${p.id}/collaborators`],
      ['post', `/api/projects/${p.id}/collaborators`, { email: stranger.email, role: 'viewer' }],
      ['patch', `/api/projects/${p.id}/collaborators/${viewer.user.id}`, { role: 'editor' }],
      // removing someone else (a collaborator may only remove themselves: leave)
      ['delete', `/api/projects/${p.id}/collaborators/${owner.user.id}`],
      ['delete', `/api/projects/${p.id}`],
    ];
    for (const [method, path, body] of ownerOnly) {
      for (const u of [editor, viewer]) {
        const res = await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set(auth(u)).send(body);
        expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, PublishMessages.ownerOnly]);
      }
      const res = await (api() as unknown as Record<string, (p: string) => request.Test>)[method](path).set(auth(stranger)).send(body);
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    // submitting the project as a template is the owner's too
    await api().post('/api/templates').set(auth(editor)).send({ project_id: p.id, name: 'Mine now', category: 'whiteboard' }).expect(403);

    // versions: read by everyone on the project, restored by editors, not viewers
    const versions = (await api().get(`/api/projects/${p.id}/versions`).set(auth(viewer)).expect(200)).body;
    expect(versions.length).toBeGreaterThan(0);
    await api().get(`/api/projects/${p.id}/versions/${versions[0].id}`).set(auth(viewer)).expect(200);
    await api().get(`/api/projects/${p.id}/versions`).set(auth(stranger)).expect(404);
    await api().get(`/api/projects/${p.id}/versions/${versions[0].id}`).set(auth(stranger)).expect(404);
    await api().post(`/api/projects/${p.id}/versions/${versions[0].id}/restore`).set(auth(viewer)).expect(403);
    await api().post(`/api/projects/${p.id}/versions/${versions[0].id}/restore`).set(auth(stranger)).expect(404);

    // the owner does all of it
    await api().post(`/api/projects/${p.id}/publish`).set(auth(owner)).send({}).expect(200);
    await api().post(`/api/projects/${p.id}/share`).set(auth(owner)).expect(200);
    await api().delete(`/api/projects/${p.id}`).set(auth(owner)).expect(204);
    await api().get(`/api/projects/${p.id}`).set(auth(editor)).expect(404);
  });

  it('lets a collaborator leave a project, and no one else remove them but the owner', async () => {
    const p = await sharedProject();
    await api().delete(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(editor)).expect(403);
    await api().delete(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(stranger)).expect(404);
    await api().delete(`/api/projects/${p.id}/collaborators/${viewer.user.id}`).set(auth(viewer)).expect(204);
    await api().get(`/api/projects/${p.id}`).set(auth(viewer)).expect(404);
    const people = (await api().get(`/api/projects/${p.id}/collaborators`).set(auth(owner)).expect(200)).body;
    expect(people.map((x: { email: string }) => x.email)).toEqual([editor.email]);
  });

  it('removes memberships when a collaborator deletes their account', async () => {
    const p = await sharedProject();
    const leaving = await signUp(backend.url);
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: leaving.email, role: 'editor' }).expect(201);
    await api().delete('/api/auth/account').set(auth(leaving)).send({ email: leaving.email, password: leaving.password }).expect(204);
    await waitFor(async () => {
      const members = (await api().get(`/api/projects/${p.id}/collaborators`).set(auth(owner)).expect(200)).body as { email: string }[];
      return !members.some((m) => m.email === leaving.email);
    });
    const members = (await api().get(`/api/projects/${p.id}/collaborators`).set(auth(owner)).expect(200)).body as { email: string }[];
    expect(members.map((m) => m.email)).toEqual([editor.email, viewer.email]);
  });
});
