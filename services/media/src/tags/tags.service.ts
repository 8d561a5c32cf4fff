import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isUuid, type TagView } from '@visualnotes/contracts';
import { Tag } from './tag.entity';
import { TagsRepository, type TagStore } from './tags.repository';

export const tagView = (t: Tag): TagView => ({ id: t.id, name: t.name });

/** A user's tags. Names are unique per user, ignoring case. */
@Injectable()
export class TagsService {
  constructor(@Inject(TagsRepository) private readonly tags: TagStore) {}

  async list(ownerId: string): Promise<TagView[]> {
    return (await this.tags.listOf(ownerId)).map(tagView);
  }

  /** The user's tag; `id` may be anything a request carried (a malformed one is not found). */
  async get(ownerId: string, id: string): Promise<Tag> {
    const tag = isUuid(id) ? await this.tags.ownedBy(id, ownerId) : null;
    if (!tag) throw new DomainError('NOT_FOUND', 'Tag not found');
    return tag;
  }

  async create(ownerId: string, name: string): Promise<TagView> {
    const existing = await this.tags.named(ownerId, name);
    if (existing) return tagView(existing);
    try {
      return tagView(await this.tags.insert(ownerId, name));
    } catch {
      // a parallel create of the same name won the unique index
      const again = await this.tags.named(ownerId, name);
      if (!again) throw new DomainError('CONFLICT');
      return tagView(again);
    }
  }

  async rename(ownerId: string, id: string, name: string): Promise<TagView> {
    const tag = await this.get(ownerId, id);
    const clash = await this.tags.named(ownerId, name, id);
    if (clash) throw new DomainError('CONFLICT', 'A tag with this name already exists');
    tag.name = name;
    return tagView(await this.tags.save(tag));
  }

  /** Deletes the tag; videos keep everything else (the link rows go with the tag). */
  async delete(ownerId: string, id: string): Promise<void> {
    const tag = await this.get(ownerId, id);
    await this.tags.delete(tag.id, ownerId);
  }

  /** The user's tags among `ids`; an id that is not theirs is refused. */
  async owned(ownerId: string, ids: string[]): Promise<Tag[]> {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((id) => this.get(ownerId, id)));
    return found;
  }
}
