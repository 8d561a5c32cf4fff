import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { type RpcClient, StorageLimitError, type Storage } from '@visualnotes/common';
import { DomainError, Patterns, type UploadedFile } from '@visualnotes/contracts';
import { brokenUpload, type MultipartFile } from './multipart';

/**
 * Writes a file to storage under a new upload id, then has the media service check its real type
 * and record it for `ownerId` with its SHA-256 (computed as the bytes stream through, so identical
 * files can be recognised). A refused or failed upload leaves nothing behind.
 */
export async function storeUpload(
  storage: Storage,
  rpc: RpcClient,
  file: { ownerId: string; name: string; body: Buffer | Readable; declaredType?: string; maxBytes: number },
): Promise<UploadedFile> {
  const fileId = randomUUID();
  const storageKey = `uploads/${fileId}`;
  const hash = createHash('sha256');
  let body: Buffer | Readable = file.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else {
    const source = body;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    // the storage reads `tap`; an error of the source (the body cut short) reaches it too
    source.on('error', (err) => tap.destroy(err));
    // the storage listens while it reads; an error after it stopped reading must not go unhandled
    tap.on('error', () => undefined);
    body = source.pipe(tap);
  }
  let size: number;
  try {
    ({ size } = await storage.put(storageKey, body, { maxBytes: file.maxBytes, contentType: file.declaredType }));
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
      sha256: hash.digest('hex'),
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
