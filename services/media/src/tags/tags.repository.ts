import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Tag } from './tag.entity';

/** Every query on tags. */
@Injectable()
export class TagsRepository {
  constructor(@InjectRepository(Tag) private readonly tags: Repository<Tag>) {}

  /** An owner's tags by name. */
  listOf(ownerId: string): Promise<Tag[]> {
    return this.tags.find({ where: { ownerId }, order: { name: 'ASC' } });
  }

  ownedBy(id: string, ownerId: string): Promise<Tag | null> {
    return this.tags.findOneBy({ id, ownerId });
  }

  /** The owner's tag with this name, ignoring case; `except` leaves one tag out. */
  named(ownerId: string, name: string, except?: string): Promise<Tag | null> {
    if (except === undefined)
      return this.tags.createQueryBuilder('t').where('t.owner_id = :ownerId AND lower(t.name) = lower(:name)', { ownerId, name }).getOne();
    return this.tags
      .createQueryBuilder('t')
      .where('t.owner_id = :ownerId AND lower(t.name) = lower(:name) AND t.id <> :id', { ownerId, name, id: except })
      .getOne();
  }

  /** Inserts a new tag; fails on the unique index when the owner has the name already. */
  insert(ownerId: string, name: string): Promise<Tag> {
    return this.tags.save(this.tags.create({ ownerId, name }));
  }

  save(tag: Tag): Promise<Tag> {
    return this.tags.save(tag);
  }

  async delete(id: string, ownerId: string): Promise<void> {
    await this.tags.delete({ id, ownerId });
  }
}

export type TagStore = Pick<TagsRepository, keyof TagsRepository>;
