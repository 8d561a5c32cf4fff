import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type DeepPartial, type Repository } from 'typeorm';
import { Upload } from './upload.entity';

/** Every query on uploaded files. */
@Injectable()
export class UploadsRepository {
  constructor(@InjectRepository(Upload) private readonly uploads: Repository<Upload>) {}

  byId(id: string): Promise<Upload | null> {
    return this.uploads.findOneBy({ id });
  }

  /** Inserts (or writes over) a file's record. */
  save(values: DeepPartial<Upload>): Promise<Upload> {
    return this.uploads.save(this.uploads.create(values));
  }

  /** The owner's files among `ids`, with their ids and hashes only. */
  hashesOf(ownerId: string, ids: string[]): Promise<Pick<Upload, 'id' | 'sha256'>[]> {
    return this.uploads.find({ where: { id: In(ids), ownerId }, select: { id: true, sha256: true } });
  }

  /** Ids of the owner's files with the same content as `fileId` (itself included). */
  async sameContent(ownerId: string, fileId: string): Promise<string[]> {
    const rows = await this.uploads
      .createQueryBuilder('u')
      .select('u.id')
      .where('u.owner_id = :ownerId AND (u.id = :fileId OR u.sha256 = (SELECT sha256 FROM media.uploads WHERE id = :fileId AND owner_id = :ownerId))', {
        ownerId,
        fileId,
      })
      .getMany();
    return rows.map((r) => r.id);
  }

  /** The owner's files among `ids` that no video and no batch item uses. */
  unused(ownerId: string, ids: string[]): Promise<Pick<Upload, 'id' | 'storageKey'>[]> {
    return this.uploads
      .createQueryBuilder('u')
      .select(['u.id', 'u.storageKey'])
      .where('u.owner_id = :ownerId AND u.id = ANY(CAST(:ids AS uuid[]))', { ownerId, ids })
      .andWhere('NOT EXISTS (SELECT 1 FROM media.videos v WHERE v.upload_id = u.id)')
      .andWhere(`NOT EXISTS (SELECT 1 FROM media.batch_items i WHERE i.kind = 'file' AND i.ref = u.id::text)`)
      .getMany();
  }

  ownedBy(ownerId: string): Promise<Upload[]> {
    return this.uploads.findBy({ ownerId });
  }

  async delete(id: string): Promise<void> {
    await this.uploads.delete({ id });
  }
}

export type UploadStore = Pick<UploadsRepository, keyof UploadsRepository>;
