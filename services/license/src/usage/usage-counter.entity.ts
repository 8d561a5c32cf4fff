import type { UsageKind } from '@visualnotes/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Uses of one kind by one subject (an account or a visitor key) in one period. */
@Entity({ name: 'usage_counters' })
export class UsageCounter {
  @PrimaryColumn('varchar', { length: 300 }) subject!: string;
  @PrimaryColumn('varchar', { length: 32 }) kind!: UsageKind;
  @PrimaryColumn('varchar', { length: 8 }) period!: string;
  @Column('int') used!: number;
}
