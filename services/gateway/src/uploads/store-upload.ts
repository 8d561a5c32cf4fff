import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type RpcClient, StorageLimitError, type Storage } from '@visualnotes/common';
import { DomainError, Patterns, type UploadedFile } from '@visualnotes/contracts';
import { brokenUpload, type MultipartFile } from './multipart';

/**
 * Writes a file to storage under a new upload id, then has the media service check its real type
 * and record it for `ownerId`. A refused or failed upload leaves nothing behind.
 */
export async function storeUpload(
  storage: Storage,
  rpc: RpcClient,
  file: { ownerId: string; name: string; body: Buffer | Readable; declaredType?: string; maxBytes: number },
): Promise<UploadedFile> {
  const fileId = randomUUID();
  const storageKey = `uploads/${fileId}`;
  let size: number;
  try {
    ({ size } = await storage.put(storageKey, file.body, { maxBytes: file.maxBytes, contentType: file.declaredType }));
  } catch (err) {
    if (err instanceof StorageLimitError) throw new DomainError('PAYLOAD_TOO_LARGE', err.message);
    throw err;
  }
  try {
    return await rpc.send(Patterns.media.uploadRegister, {
      fileId,
      ownerId: file.ownerId,
      name: file.name,
      size,
      storageKey,
      declaredType: file.declaredType,
    });
  } catch (err) {
    await storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** storeUpload for one file part of a multipart request; a part cut short is refused in the user's words. */
export async function storeUploadedPart(storage: Storage, rpc: RpcClient, ownerId: string, file: MultipartFile, maxBytes: number): Promise<UploadedFile> {
  try {
    return await storeUpload(storage, rpc, { ownerId, name: file.filename, body: file.file, declaredType: file.mimetype, maxBytes });
  } catch (err) {
    file.file.resume();
    throw (err instanceof DomainError ? null : brokenUpload(file)) ?? err;
  }
}
