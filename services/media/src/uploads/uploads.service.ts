import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import {
  clipFileName,
  DomainError,
  IMPORTED_SVG_MAX_BYTES,
  isUuid,
  Patterns,
  PublishMessages,
  type RpcRequest,
  type UploadedFile,
} from '@visualnotes/contracts';
import { sniffContentType } from './sniff';
import { Upload } from './upload.entity';
import { UploadsRepository, type UploadStore } from './uploads.repository';

const HEAD_BYTES = 4_100;

/** The record of every uploaded file; the bytes are in storage. */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(UploadsRepository) private readonly uploads: UploadStore,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly rpc: RpcClient,
  ) {}

  async register(req: RpcRequest<'media.uploads.register'>): Promise<UploadedFile> {
    const existing = await this.uploads.byId(req.fileId);
    if (existing) return toDto(existing); // a retried request
    const head = await this.readHead(req.storageKey);
    const contentType = sniffContentType(head);
    if (!contentType) {
      await this.storage.delete(req.storageKey);
      throw head.length ? new DomainError('UNSUPPORTED_FILE') : new DomainError('EMPTY_FILE');
    }
    const cleaned = contentType === 'image/svg+xml' ? await this.cleanSvg(req.storageKey, req.size) : null;
    const row = await this.uploads.save({
      id: req.fileId,
      ownerId: req.ownerId,
      name: clipFileName(req.name, 255) || 'file',
      size: cleaned?.size ?? req.size,
      contentType,
      storageKey: req.storageKey,
      sha256: cleaned?.sha256 ?? req.sha256 ?? null,
    });
    return toDto(row);
  }

  async get(fileId: string, ownerId: string | null): Promise<UploadedFile> {
    const row = isUuid(fileId) ? await this.uploads.byId(fileId) : null;
    if (!row || row.ownerId !== ownerId) throw new DomainError('NOT_FOUND', 'File not found');
    return toDto(row);
  }

  /** SHA-256 of each of the owner's files among `ids` that has one. */
  async contentHashes(ownerId: string, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.uploads.hashesOf(ownerId, ids);
    return new Map(rows.filter((r) => r.sha256).map((r) => [r.id, r.sha256!]));
  }

  /** The owner's files with the same content as `fileId` (itself included). */
  async sameContent(ownerId: string, fileId: string): Promise<string[]> {
    return this.uploads.sameContent(ownerId, fileId);
  }

  /**
   * Removes files just stored for a request that was refused, or that duplicate another file: the
   * owner's files among `ids` that no video and no batch item uses (idempotent).
   */
  async discard(ownerId: string, ids: string[]): Promise<{ removed: number }> {
    if (!ids.length) return { removed: 0 };
    const rows = await this.uploads.unused(ownerId, ids);
    for (const row of rows) {
      await this.storage.delete(row.storageKey);
      await this.uploads.delete(row.id);
    }
    return { removed: rows.length };
  }

  /** Removes every file of an account (account deleted). */
  async deleteOwnedBy(ownerId: string): Promise<void> {
    const rows = await this.uploads.ownedBy(ownerId);
    for (const row of rows) {
      await this.storage.delete(row.storageKey);
      await this.uploads.delete(row.id);
    }
  }

  /**
   * An SVG picture is kept only as the publish service's sanitiser (the one imported drawings and
   * published snapshots go through) rewrites it: no script, handler, foreign object or outside
   * reference. It replaces what was sent; one that cannot be cleaned is removed and refused.
   */
  private async cleanSvg(key: string, size: number): Promise<{ size: number; sha256: string }> {
    const refuse = async (err: DomainError) => {
      await this.storage.delete(key);
      return err;
    };
    if (size > IMPORTED_SVG_MAX_BYTES) throw await refuse(new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.uploadSvgTooLarge));
    const sent = await this.storage.getBuffer(key);
    const { svg } = await this.rpc.send(Patterns.publish.imageClean, { svg: sent.toString('utf8') });
    if (svg === null) throw await refuse(new DomainError('VALIDATION_FAILED', PublishMessages.uploadSvgUnsafe));
    const bytes = Buffer.from(svg, 'utf8');
    await this.storage.put(key, bytes, { contentType: 'image/svg+xml' });
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  private async readHead(key: string): Promise<Buffer> {
    const stream = await this.storage.get(key);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= HEAD_BYTES) break;
    }
    stream.destroy();
    return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
  }
}

function toDto(row: Upload): UploadedFile {
  return {
    file_id: row.id,
    name: row.name,
    size: row.size,
    content_type: row.contentType,
    storage_key: row.storageKey,
    owner_id: row.ownerId,
    created_at: row.createdAt.toISOString(),
  };
}
