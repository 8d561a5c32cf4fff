import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Views and unique visitors of a published page on one day. */
@Entity({ name: 'view_days' })
export class ViewDay {
  @PrimaryColumn('varchar', { name: 'public_id', length: 32 }) publicId!: string;
  @PrimaryColumn('date') day!: string;
  @Column('int', { default: 0 }) views!: number;
  @Column('int', { default: 0 }) visitors!: number;
}

/** Views that came from an outside site (its host only). */
@Entity({ name: 'view_referrers' })
export class ViewReferrer {
  @PrimaryColumn('varchar', { name: 'public_id', length: 32 }) publicId!: string;
  @PrimaryColumn('varchar', { length: 255 }) referrer!: string;
  @Column('int', { default: 0 }) views!: number;
}

/** The random salt of a day's visitor hashes; deleted after the day, so visits cannot be linked across days. */
@Entity({ name: 'daily_salts' })
export class DailySalt {
  @PrimaryColumn('date') day!: string;
  @Column('char', { length: 64 }) salt!: string;
}
