import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The e-mail address last seen for an account (licenses name their users by address). */
@Entity({ name: 'accounts' })
export class Account {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @Column('varchar', { length: 254 }) email!: string;
  @Column('timestamptz', { name: 'seen_at', default: () => 'now()' }) seenAt!: Date;
}
