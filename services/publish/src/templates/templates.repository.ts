import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Scene, TemplateCategory } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { TemplateRow } from './template.entity';

export interface ShippedTemplate {
  key: string;
  name: string;
  description: string;
  category: TemplateCategory;
  scene: Scene;
}

/** Every query on templates. Reads leave the scene out unless they ask for it. */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get templates() {
    return this.db.getRepository(TemplateRow);
  }

  /** Adds a shipped template, or updates it when its file changed (nothing is written otherwise). */
  async keepShipped(t: ShippedTemplate): Promise<void> {
    await this.templates
      .createQueryBuilder()
      .insert()
      // a scene is stored as it is (jsonb): TypeORM's deep-partial type does not fit its open element records
      .values({
        name: t.name,
        description: t.description,
        category: t.category,
        scene: t.scene as never,
        status: 'approved',
        builtinKey: t.key,
        reviewedAt: () => 'now()',
      })
      .orUpdate(['name', 'description', 'category', 'scene'], ['builtin_key'], { skipUpdateIfNoValuesChanged: true })
      .execute();
  }

  /** Approved templates (of one category), the shipped ones first, then by age and name. */
  approved(category?: TemplateCategory): Promise<TemplateRow[]> {
    const qb = this.templates.createQueryBuilder('t').where(`t.status = 'approved'`);
    if (category) qb.andWhere('t.category = :category', { category });
    return qb.orderBy('t.builtin_key IS NULL').addOrderBy('t.created_at').addOrderBy('t.name').getMany();
  }

  byAuthor(authorId: string): Promise<TemplateRow[]> {
    return this.templates.find({ where: { authorId }, order: { createdAt: 'DESC' } });
  }

  pendingCount(authorId: string): Promise<number> {
    return this.templates.count({ where: { authorId, status: 'pending' } });
  }

  pending(): Promise<TemplateRow[]> {
    return this.templates.find({ where: { status: 'pending' }, order: { createdAt: 'ASC' } });
  }

  /** A template with its scene. */
  withScene(id: string): Promise<TemplateRow | null> {
    return this.templates.createQueryBuilder('t').addSelect('t.scene').where('t.id = :id', { id }).getOne();
  }

  add(values: Pick<TemplateRow, 'name' | 'description' | 'category' | 'scene' | 'authorId'>): Promise<TemplateRow> {
    return this.templates.save(this.templates.create({ ...values, status: 'pending', builtinKey: null, reviewedAt: null, reviewedBy: null }));
  }

  /** Records an operator's decision; the template, or null when there is none with this id. */
  async review(id: string, status: 'approved' | 'rejected', reviewerId: string): Promise<TemplateRow | null> {
    const result = await this.templates.update({ id }, { status, reviewedAt: () => 'now()', reviewedBy: reviewerId });
    return result.affected ? this.templates.findOneBy({ id }) : null;
  }
}
