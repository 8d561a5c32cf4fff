import { randomUUID } from 'node:crypto';
import type { CollaboratorRole, ProjectRole, Scene } from '@visualnotes/contracts';
import type { CollaboratorStore, MemberRow } from '../collaborators/collaborators.repository';
import type { ProjectMember, ProjectRecord } from '../projects/project.entity';
import type { ProjectChange, ProjectStore, ProjectWithScene } from '../projects/projects.repository';
import { withChanges, type SceneChange } from '../projects/scene';
import type { ProjectVersionRecord } from '../versions/project-version.entity';
import type { NewVersion, Tx, VersionRow, VersionStore } from '../versions/versions.repository';

/**
 * In-memory stand-ins for the publish service's repositories, for unit tests of the rules in its
 * services. They keep the repositories' meaning (the caller's role read with a project, a save
 * only on the expected version, versions ordered by time); the integration tests cover the real
 * queries on PostgreSQL.
 */

const copy = <T>(value: T): T => structuredClone(value);

/** Projects and their members, shared by the project and collaborator stores as the tables are. */
export class InMemoryProjects implements ProjectStore {
  readonly projects: ProjectRecord[] = [];
  readonly members: ProjectMember[] = [];
  /** Live publications by project id (their public id). */
  readonly published = new Map<string, string>();

  private role(p: ProjectRecord, userId: string): ProjectRole | null {
    if (p.ownerId === userId) return 'owner';
    return this.members.find((m) => m.projectId === p.id && m.userId === userId)?.role ?? null;
  }

  private row(p: ProjectRecord, userId: string) {
    const { id, ownerId, title, version, createdAt, updatedAt } = p;
    return { id, ownerId, title, version, createdAt, updatedAt, publicId: this.published.get(id) ?? null, role: this.role(p, userId) };
  }

  async acceptInvitations(userId: string, email: string) {
    for (const i of this.members) {
      if (i.userId !== null || i.email !== email) continue;
      const owns = this.projects.some((p) => p.id === i.projectId && p.ownerId === userId);
      const member = this.members.some((x) => x.projectId === i.projectId && x.userId === userId);
      if (!owns && !member) Object.assign(i, { userId, acceptedAt: new Date() });
    }
  }
  async listFor(userId: string) {
    return this.projects
      .map((p) => this.row(p, userId))
      .filter((r): r is typeof r & { role: ProjectRole } => r.role !== null)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, 1000);
  }
  async roleOf(id: string, userId: string) {
    const p = this.projects.find((x) => x.id === id);
    return p ? this.role(p, userId) : undefined;
  }
  async find(id: string, userId: string) {
    const p = this.projects.find((x) => x.id === id);
    return p ? { ...this.row(p, userId), scene: copy(p.scene) } : null;
  }
  async insert(ownerId: string, title: string, scene: Scene): Promise<ProjectWithScene> {
    const now = new Date();
    const p: ProjectRecord = { id: randomUUID(), ownerId, title, scene: copy(scene), version: 1, baseVersion: null, createdAt: now, updatedAt: now };
    this.projects.push(p);
    return { ...this.row(p, ownerId), role: 'owner', scene };
  }
  async filesOf(id: string) {
    const p = this.projects.find((x) => x.id === id);
    return p ? (p.scene.files ?? null) : undefined;
  }
  async write(id: string, change: ProjectChange) {
    const p = this.projects.find((x) => x.id === id && x.version === change.expectedVersion);
    if (!p) return null;
    if (change.title !== null) p.title = change.title;
    if (change.scene !== null) p.scene = copy(change.scene);
    p.version += 1;
    p.updatedAt = new Date();
    const { role: _role, ...row } = this.row(p, p.ownerId);
    return change.scene === null ? { ...row, scene: copy(p.scene) } : row;
  }
  /** A merge saved as what changed: here merged into the one scene held (the database keeps the change as a row). */
  async append(id: string, expectedVersion: number, change: SceneChange) {
    const p = this.projects.find((x) => x.id === id && x.version === expectedVersion);
    if (!p) return null;
    p.scene = withChanges(p.scene, [copy(change)]);
    p.version += 1;
    p.updatedAt = new Date();
    return { version: p.version, baseVersion: p.version };
  }
  async compact() {
    return false;
  }
  async versionOf(id: string) {
    return this.projects.find((x) => x.id === id)?.version ?? null;
  }
  async current(id: string) {
    const p = this.projects.find((x) => x.id === id);
    return p ? { scene: copy(p.scene), version: p.version } : null;
  }
  async raw(id: string) {
    const p = this.projects.find((x) => x.id === id);
    return p ? { ownerId: p.ownerId, scene: copy(p.scene), title: p.title, updatedAt: p.updatedAt } : null;
  }
  async titleOf(id: string) {
    return this.projects.find((x) => x.id === id)?.title ?? null;
  }
  async remove(id: string) {
    const at = this.projects.findIndex((x) => x.id === id);
    if (at >= 0) this.projects.splice(at, 1);
    // members and versions go with the project (ON DELETE CASCADE)
    for (let i = this.members.length - 1; i >= 0; i--) if (this.members[i].projectId === id) this.members.splice(i, 1);
  }
  async editorsOf(projectId: string) {
    return this.members
      .filter((m) => m.projectId === projectId && m.userId !== null && m.role === 'editor')
      .slice(0, 100)
      .map((m) => m.userId!);
  }
}

export class InMemoryCollaborators implements CollaboratorStore {
  constructor(private readonly store: InMemoryProjects) {}

  private named(projectId: string, memberId: string) {
    return this.store.members.find((m) => m.projectId === projectId && (m.userId === memberId || (m.userId === null && m.id === memberId)));
  }

  async listOf(projectId: string): Promise<MemberRow[]> {
    return this.store.members.filter((m) => m.projectId === projectId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
  async count(projectId: string) {
    return this.store.members.filter((m) => m.projectId === projectId).length;
  }
  async has(projectId: string, email: string, userId: string | null) {
    return this.store.members.some((m) => m.projectId === projectId && (m.email === email || (userId !== null && m.userId === userId)));
  }
  async add(m: { projectId: string; userId: string | null; email: string; role: CollaboratorRole; invitedBy: string }): Promise<MemberRow> {
    const row: ProjectMember = { ...m, id: randomUUID(), createdAt: new Date(), acceptedAt: m.userId ? new Date() : null };
    this.store.members.push(row);
    return { ...row };
  }
  async setRole(projectId: string, memberId: string, role: CollaboratorRole) {
    const m = this.named(projectId, memberId);
    if (m) m.role = role;
    return m ? { ...m } : null;
  }
  async remove(projectId: string, memberId: string) {
    const m = this.named(projectId, memberId);
    if (m) this.store.members.splice(this.store.members.indexOf(m), 1);
    return !!m;
  }
}

/** Kept versions; a transaction runs at once (the unit tests make one call at a time). */
export class InMemoryVersions implements VersionStore {
  readonly versions: ProjectVersionRecord[] = [];
  private clock = 0;
  private readonly editors = new Map<string, string[]>();

  private meta(v: ProjectVersionRecord): VersionRow {
    return {
      id: v.id,
      project_version: v.projectVersion,
      author_id: v.authorId,
      editor_ids: v.editorIds,
      reason: v.reason,
      kind: v.kind,
      changed_elements: v.changedElements,
      elements: v.elements,
      created_at: v.createdAt,
    };
  }
  /** Oldest first, as (created_at, id) orders them. */
  private of(projectId: string) {
    return this.versions.filter((v) => v.projectId === projectId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  transaction<T>(_projectId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return work(undefined as unknown as Tx);
  }
  async newest(projectId: string) {
    const last = this.of(projectId).at(-1);
    return last ? { ...this.meta(last), age_ms: Date.now() - last.createdAt.getTime() } : null;
  }
  async noteEditor(projectId: string, userId: string) {
    const list = this.editors.get(projectId) ?? [];
    if (!list.includes(userId)) this.editors.set(projectId, [...list, userId]);
  }
  async takeEditors(projectId: string) {
    const list = this.editors.get(projectId) ?? [];
    this.editors.delete(projectId);
    return list;
  }
  async insert(v: NewVersion) {
    // distinct, increasing times even within one millisecond
    this.clock = Math.max(this.clock + 1, Date.now());
    this.versions.push({ ...v, id: randomUUID(), createdAt: new Date(this.clock) });
  }
  async list(projectId: string, limit: number) {
    return this.of(projectId)
      .reverse()
      .slice(0, limit)
      .map((v) => this.meta(v));
  }
  async storedBytes(versionId: string) {
    return this.versions.find((v) => v.id === versionId)?.data.length ?? 0;
  }
  async chain(projectId: string, versionId: string) {
    const all = this.of(projectId);
    const target = all.findIndex((v) => v.id === versionId);
    if (target < 0) return [];
    let base = target;
    while (base > 0 && all[base].kind !== 'full') base--;
    if (all[base].kind !== 'full') return [];
    return all.slice(base, target + 1).map((v) => ({ ...this.meta(v), data: v.data }));
  }
  async beyond(projectId: string, keep: number, days: number) {
    const newestFirst = this.of(projectId).reverse();
    const cutoff = Date.now() - days * 86_400_000;
    return newestFirst.filter((v, i) => i + 1 > keep || (days > 0 && i + 1 > 1 && v.createdAt.getTime() < cutoff)).map((v) => v.id);
  }
  async oldestExcept(projectId: string, ids: string[]) {
    const v = this.of(projectId).find((x) => !ids.includes(x.id));
    return v ? this.meta(v) : null;
  }
  async makeFull(id: string, data: Buffer) {
    Object.assign(
      this.versions.find((v) => v.id === id)!,
      { kind: 'full', data },
    );
  }
  async remove(ids: string[]) {
    for (let i = this.versions.length - 1; i >= 0; i--) if (ids.includes(this.versions[i].id)) this.versions.splice(i, 1);
  }
}
