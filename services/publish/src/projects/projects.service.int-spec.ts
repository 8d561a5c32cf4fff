import { randomUUID } from 'node:crypto';
import { PublishMessages, type CollaboratorRole } from '@visualnotes/contracts';
import { rect, scene } from '../../test/scenes';
import { projectRules, type ProjectRules } from '../testing/setup';
import { checkRole } from './projects.service';

describe('project access rules', () => {
  let r: ProjectRules;
  const owner = randomUUID();

  beforeEach(async () => {
    r = await projectRules({ VERSION_INTERVAL_MS: '0' });
  });
  afterEach(() => r.close());

  /** A project of `owner` shared with a new person in `role`; that person's id. */
  async function sharedWith(projectId: string, role: CollaboratorRole) {
    const userId = randomUUID();
    r.stores.projects.members.push({
      id: randomUUID(),
      projectId,
      userId,
      email: `${userId}@example.com`,
      role,
      invitedBy: owner,
      createdAt: new Date(),
      acceptedAt: new Date(),
    });
    return userId;
  }

  it('ranks roles: nobody learns of a project they have no role in; a lower role is refused by name', () => {
    expect(() => checkRole(null, 'viewer')).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: PublishMessages.projectNotFound }));
    expect(() => checkRole('viewer', 'editor')).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: PublishMessages.viewerCannotEdit }));
    expect(() => checkRole('editor', 'owner')).toThrow(expect.objectContaining({ code: 'FORBIDDEN', message: PublishMessages.ownerOnly }));
    expect(checkRole('owner', 'editor')).toBe('owner');
    expect(checkRole('editor', 'viewer')).toBe('editor');
  });

  it('lets the owner, an editor and a viewer read the project with their role; a stranger is told it does not exist', async () => {
    const p = await r.projects.create(owner, { title: 'Plan' });
    const editor = await sharedWith(p.id, 'editor');
    const viewer = await sharedWith(p.id, 'viewer');
    expect(await r.projects.get(owner, p.id, 'viewer')).toMatchObject({ title: 'Plan', role: 'owner' });
    expect(await r.projects.get(editor, p.id, 'viewer')).toMatchObject({ role: 'editor' });
    expect(await r.projects.get(viewer, p.id, 'viewer')).toMatchObject({ role: 'viewer' });
    await expect(r.projects.get(randomUUID(), p.id, 'viewer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(r.projects.get(owner, 'not-an-id', 'viewer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(r.projects.get(owner, randomUUID(), 'viewer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets an editor save but not a viewer, and leaves deleting to the owner', async () => {
    const p = await r.projects.create(owner, { title: 'Plan' });
    const editor = await sharedWith(p.id, 'editor');
    const viewer = await sharedWith(p.id, 'viewer');
    const saved = await r.projects.update(editor, p.id, { scene: scene(rect()), version: 1 });
    expect(saved).toMatchObject({ version: 2, role: 'editor' });
    expect(saved.scene.elements).toHaveLength(1);
    await expect(r.projects.update(viewer, p.id, { title: 'Mine', version: 2 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: PublishMessages.viewerCannotEdit,
    });
    await expect(r.projects.remove(editor, p.id)).rejects.toMatchObject({ code: 'FORBIDDEN', message: PublishMessages.ownerOnly });
    expect(r.stores.projects.projects).toHaveLength(1);
    await r.projects.remove(owner, p.id);
    expect(r.stores.projects.projects).toHaveLength(0);
    expect(r.stores.projects.members).toHaveLength(0);
  });

  it('refuses a save based on an older version and keeps the newer scene; a title-only save keeps the scene', async () => {
    const p = await r.projects.create(owner, { title: 'Plan', scene: scene(rect()) });
    const renamed = await r.projects.update(owner, p.id, { title: '  Plan B ', version: 1 });
    expect(renamed).toMatchObject({ title: 'Plan B', version: 2 });
    expect(renamed.scene.elements).toHaveLength(1);
    await expect(r.projects.update(owner, p.id, { scene: scene(), version: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PublishMessages.versionConflict,
    });
    expect((await r.projects.get(owner, p.id)).scene.elements).toHaveLength(1);
    await expect(r.projects.update(owner, p.id, { title: 'x', version: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('merges changes into the scene as it is now, also after a whole save in between (the scene a copy keeps from its last merge is not reused)', async () => {
    const p = await r.projects.create(owner, { title: 'Plan', scene: scene(rect({ id: 'a' })) });
    const ids = async () => (await r.projects.get(owner, p.id)).scene.elements.map((e) => e.id).sort();
    const first = await r.projects.merge(owner, p.id, [rect({ id: 'b' })]);
    expect(first.changed).toBe(1);
    expect(await ids()).toEqual(['a', 'b']);
    // the whole scene saved another way: b gone, c new
    await r.projects.update(owner, p.id, { scene: scene(rect({ id: 'a' }), rect({ id: 'c' })), version: first.version });
    await r.projects.merge(owner, p.id, [rect({ id: 'd' })]);
    expect(await ids()).toEqual(['a', 'c', 'd']);
    // merges one after another build on each other
    await r.projects.merge(owner, p.id, [rect({ id: 'e' })]);
    const last = await r.projects.merge(owner, p.id, [rect({ id: 'a', version: 9, x: 500 })]);
    expect(await ids()).toEqual(['a', 'c', 'd', 'e']);
    expect((await r.projects.get(owner, p.id)).scene.elements.find((e) => e.id === 'a')).toMatchObject({ x: 500, version: 9 });
    expect(last.version).toBe(first.version + 4);
  });

  it('turns invitations to the signed-in address into memberships when that person lists their projects', async () => {
    const p = await r.projects.create(owner, { title: 'Shared' });
    r.stores.projects.members.push({
      id: randomUUID(),
      projectId: p.id,
      userId: null,
      email: 'guest@example.com',
      role: 'viewer',
      invitedBy: owner,
      createdAt: new Date(),
      acceptedAt: null,
    });
    const guest = randomUUID();
    expect(await r.projects.list(guest)).toEqual([]);
    expect(await r.projects.list(guest, ' Guest@Example.com ')).toEqual([expect.objectContaining({ id: p.id, role: 'viewer', public_id: null })]);
    expect(r.stores.projects.members[0]).toMatchObject({ userId: guest });
    expect((await r.projects.list(owner)).map((x) => x.role)).toEqual(['owner']);
  });

  it('keeps a version of each save and restores an earlier one as a newer save', async () => {
    const first = rect();
    const p = await r.projects.create(owner, { title: 'V' });
    const v2 = await r.projects.update(owner, p.id, { scene: scene(first), version: 1 });
    await r.projects.update(owner, p.id, { scene: scene(first, rect()), version: v2.version });
    const kept = await r.versions.list(p.id);
    expect(kept.map((v) => v.project_version)).toEqual([3, 2]);
    const restored = await r.projects.restore(owner, p.id, kept[1].id);
    expect(restored.version).toBe(4);
    expect(restored.scene.elements.filter((e) => !e.isDeleted).map((e) => e.id)).toEqual([first.id]);
    await expect(r.projects.restore(owner, p.id, randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND', message: PublishMessages.versionNotFound });
  });

  it('leaves the list of collaborators and their roles to the owner', async () => {
    const p = await r.projects.create(owner, { title: 'Team' });
    const editor = await sharedWith(p.id, 'editor');
    await expect(r.collaborators.list(editor, p.id)).rejects.toMatchObject({ code: 'FORBIDDEN', message: PublishMessages.ownerOnly });
    await expect(r.collaborators.update(editor, p.id, editor, { role: 'viewer' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await r.collaborators.update(owner, p.id, editor, { role: 'viewer' })).toMatchObject({ id: editor, role: 'viewer', pending: false });
    await expect(r.projects.update(editor, p.id, { title: 'x', version: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await r.collaborators.remove(owner, p.id, editor);
    await expect(r.projects.get(editor, p.id, 'viewer')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(r.collaborators.remove(owner, p.id, editor)).rejects.toMatchObject({ code: 'NOT_FOUND', message: PublishMessages.collaboratorNotFound });
  });
});
