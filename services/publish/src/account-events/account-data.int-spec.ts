import { randomUUID } from 'node:crypto';
import { openDataSource } from '@visualnotes/common';
import { createTestDatabase } from '@visualnotes/testing';
import type { DataSource } from 'typeorm';
import { rect, scene } from '../../test/scenes';
import { CollaboratorsRepository } from '../collaborators/collaborators.repository';
import { validateScene } from '../projects/scene';
import { ProjectsRepository } from '../projects/projects.repository';
import { PublicationsRepository } from '../publishing/publications.repository';
import { publishService } from '../service';
import { SharesRepository } from '../shares/shares.repository';
import { VersionsRepository } from '../versions/versions.repository';
import { AccountDataRepository } from './account-data.repository';

describe('removing the publish data of a deleted account (PostgreSQL)', () => {
  let db: { url: string; drop: () => Promise<void> };
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('account_data');
    ds = await openDataSource({ url: db.url, schema: 'publish', entities: publishService.entities!, migrations: publishService.migrations!, poolSize: 2 });
  }, 60_000);
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it("removes the account's projects, links and memberships, takes its pages offline and keeps others' versions without its name", async () => {
    const projects = new ProjectsRepository(ds);
    const members = new CollaboratorsRepository(ds);
    const versions = new VersionsRepository(ds);
    const publications = new PublicationsRepository(ds);
    const shares = new SharesRepository(ds);
    const data = new AccountDataRepository(ds);
    const [gone, other] = [randomUUID(), randomUUID()];
    const s = validateScene(scene(rect()));

    const own = await projects.insert(gone, 'Mine', s);
    const theirs = await projects.insert(other, 'Theirs', s);
    await members.add({ projectId: theirs.id, userId: gone, email: 'gone@example.com', role: 'editor', invitedBy: other });
    await versions.insert({
      projectId: theirs.id,
      projectVersion: 1,
      authorId: gone,
      editorIds: [other, gone],
      reason: 'save',
      kind: 'full',
      data: Buffer.from('{}'),
      changedElements: 1,
      elements: 1,
    });
    await publications.put({
      publicId: `p${Date.now()}`,
      projectId: own.id,
      ownerId: gone,
      title: 'Mine',
      description: '',
      scene: s,
      snapshotKey: 'snapshots/mine.png',
    });
    await shares.add(`s${Date.now()}`, own.id, gone);
    expect(await projects.roleOf(theirs.id, gone)).toBe('editor');
    expect((await projects.find(own.id, gone))?.publicId).toMatch(/^p/);

    expect(await data.snapshotKeysOf(gone)).toEqual(['snapshots/mine.png']);
    await data.takePagesOffline(gone);
    expect((await publications.liveOf(gone)).length).toBe(0);
    await data.removeAll(gone);

    expect(await projects.raw(own.id)).toBeNull();
    expect(await projects.roleOf(theirs.id, gone)).toBeNull();
    expect(await members.count(theirs.id)).toBe(0);
    expect((await versions.list(theirs.id, 10)).map((v) => [v.author_id, v.editor_ids])).toEqual([[null, [other]]]);
    expect(await shares.activeOf(own.id)).toEqual([]);
    expect(await projects.titleOf(theirs.id)).toBe('Theirs');
  });
});
