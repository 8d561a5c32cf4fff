import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CollaboratorRole } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { ProjectMember } from '../projects/project.entity';

export type MemberRow = Pick<ProjectMember, 'id' | 'userId' | 'email' | 'role' | 'createdAt'>;

// property names; the rows come back with the column names
const RETURNING = ['id', 'userId', 'email', 'role', 'createdAt'];
const fromReturned = (r: { id: string; user_id: string | null; email: string; role: CollaboratorRole; created_at: Date }): MemberRow => ({
  id: r.id,
  userId: r.user_id,
  email: r.email,
  role: r.role,
  createdAt: r.created_at,
});

/** The member `memberId` names: a person by their account id, or an open invitation by its own id. */
const MEMBER = 'project_id = :projectId AND (user_id = :memberId OR (user_id IS NULL AND id = :memberId))';

/** Every query on the people a project is shared with (members, and open invitations without an account). */
@Injectable()
export class CollaboratorsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get members() {
    return this.db.getRepository(ProjectMember);
  }

  /** A project's members and invitations, oldest first. */
  listOf(projectId: string): Promise<MemberRow[]> {
    return this.members.find({
      where: { projectId },
      select: { id: true, userId: true, email: true, role: true, createdAt: true },
      order: { createdAt: 'ASC' },
    });
  }

  count(projectId: string): Promise<number> {
    return this.members.countBy({ projectId });
  }

  /** Whether the address, or the account, is already a member or invited. */
  async has(projectId: string, email: string, userId: string | null): Promise<boolean> {
    return this.members.exists({ where: [{ projectId, email }, ...(userId ? [{ projectId, userId }] : [])] });
  }

  /** A membership (accepted at once when the address has an account) or an invitation. */
  async add(m: { projectId: string; userId: string | null; email: string; role: CollaboratorRole; invitedBy: string }): Promise<MemberRow> {
    const result = await this.members
      .createQueryBuilder()
      .insert()
      .values({ ...m, acceptedAt: m.userId ? () => 'now()' : null })
      .returning(RETURNING)
      .execute();
    return fromReturned(result.raw[0]);
  }

  async setRole(projectId: string, memberId: string, role: CollaboratorRole): Promise<MemberRow | null> {
    const result = await this.members.createQueryBuilder().update().set({ role }).where(MEMBER, { projectId, memberId }).returning(RETURNING).execute();
    const [row] = result.raw as Parameters<typeof fromReturned>[0][];
    return row ? fromReturned(row) : null;
  }

  /** Whether there was such a member. */
  async remove(projectId: string, memberId: string): Promise<boolean> {
    return !!(await this.members.createQueryBuilder().delete().where(MEMBER, { projectId, memberId }).execute()).affected;
  }
}

export type CollaboratorStore = Pick<CollaboratorsRepository, keyof CollaboratorsRepository>;
