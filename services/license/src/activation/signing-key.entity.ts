import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A key pair the service made for itself, shared by every copy. */
@Entity({ name: 'signing_keys' })
export class SigningKey {
  @PrimaryColumn('varchar', { length: 64 }) kid!: string;
  @Column('text', { name: 'private_pem' }) privatePem!: string;
  @Column('text', { name: 'public_pem' }) publicPem!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
