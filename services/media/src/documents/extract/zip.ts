import { DomainError } from '@visualnotes/contracts';
import * as yauzl from 'yauzl';

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries may unpack to, counted while inflating (declared sizes can lie). */
  maxTotalBytes: number;
}

/**
 * Reads an Office Open XML archive with hard bounds against zip bombs: the entry count and the
 * unpacked bytes are counted as the data is inflated, and reading stops at the first excess.
 * Every entry is inflated once (so the bound covers the whole archive, not only what we keep);
 * the entries `keep` selects are returned.
 */
export async function readZip(data: Buffer, limits: ZipLimits, keep: (name: string) => boolean): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) => (err || !z ? reject(corrupt()) : resolve(z))),
  );
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new DomainError('DOCUMENT_ARCHIVE_TOO_LARGE');
  }
  const out = new Map<string, Buffer>();
  let total = 0;
  let declared = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(err instanceof DomainError ? err : corrupt());
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) return fail(new DomainError('DOCUMENT_ARCHIVE_TOO_LARGE'));
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return fail(err);
        const wanted = keep(entry.fileName);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > limits.maxTotalBytes) {
            stream.destroy();
            return fail(new DomainError('DOCUMENT_ARCHIVE_TOO_LARGE'));
          }
          if (wanted) chunks.push(chunk);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (settled) return;
          if (wanted) out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

/** Names of the entries of an archive (central directory only, nothing inflated). */
export async function zipEntryNames(data: Buffer, maxEntries: number): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, strictFileNames: false }, (err, z) => (err || !z ? reject(corrupt()) : resolve(z))),
  );
  if (zip.entryCount > maxEntries) {
    zip.close();
    throw new DomainError('DOCUMENT_ARCHIVE_TOO_LARGE');
  }
  return new Promise((resolve, reject) => {
    const names: string[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      names.push(e.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve(names));
    zip.on('error', () => reject(corrupt()));
    zip.readEntry();
  });
}

const corrupt = () => new DomainError('DOCUMENT_CORRUPT');
