import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already applied: a re-delivered or replayed one changes nothing. */
@Entity({ name: 'stripe_events' })
export class StripeEvent {
  @PrimaryColumn('varchar', { length: 255 }) id!: string;
  @Column('varchar', { length: 100 }) type!: string;
  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' }) receivedAt!: Date;
}
