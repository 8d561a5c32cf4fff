import type { CollaboratorRole, Scene } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A project: one Excalidraw scene with a version number that every save raises by one. */
@Entity({ name: 'projects' })
export class ProjectRecord {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('varchar', { length: 200 }) title!: string;
  @Column('jsonb') scene!: Scene;
  @Column('integer', { default: 1 }) version!: number;
  /** The version `scene` is at; the changes of later versions are merged in when it is read (null: none). */
  @Column('integer', { name: 'base_version', nullable: true }) baseVersion!: number | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

/** Someone a project is shared with; `userId` is null while the invitation waits for an account with `email`. */
@Entity({ name: 'project_members' })
export class ProjectMember {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId!: string | null;
  @Column('varchar', { length: 254 }) email!: string;
  @Column('varchar', { length: 16 }) role!: CollaboratorRole;
  @Column('uuid', { name: 'invited_by' }) invitedBy!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'accepted_at', nullable: true }) acceptedAt!: Date | null;
}
