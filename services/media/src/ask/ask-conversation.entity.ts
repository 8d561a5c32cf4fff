import type { AskTurn } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The turns of a conversation with one's sources, for follow-up questions (its owner's alone). */
@Entity({ name: 'ask_conversations' })
export class AskConversation {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('jsonb') turns!: AskTurn[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
