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
  const zip = await open(data);
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
  const zip = await open(data);
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

/** The archive as yauzl accepts it: see `withTidyEnd`. */
export function tidyZip(data: Buffer): Buffer {
  return withTidyEnd(data) ?? data;
}

function open(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(tidyZip(data), { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) =>
      err || !z ? reject(corrupt()) : resolve(z),
    ),
  );
}

const END_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIZE = 22;

/**
 * An archive whose end record says its comment has another length than the bytes that follow it
 * (a wrong length field, bytes appended after the archive), as the archive yauzl reads: everything
 * up to the end record, with an empty comment. Office and unzip open such files; yauzl refuses them
 * and has no option not to, so the record is found here. Null when the archive needs no change
 * (or has no end record we can trust: yauzl then refuses it as damaged).
 */
export function withTidyEnd(data: Buffer): Buffer | null {
  const at = endRecordAt(data);
  if (at < 0 || data.readUInt16LE(at + 20) === data.length - at - END_SIZE) return null;
  const end = Buffer.from(data.subarray(at, at + END_SIZE));
  end.writeUInt16LE(0, 20);
  return Buffer.concat([data.subarray(0, at), end]);
}

/**
 * Where the end-of-central-directory record starts: the last signature within the largest comment
 * of the end whose central directory lies before it and starts with a central entry (a signature
 * inside a comment or trailing bytes names no such directory). -1 when there is none.
 */
export function endRecordAt(data: Buffer): number {
  const lowest = Math.max(0, data.length - END_SIZE - 0xffff - 64 * 1024);
  for (let at = data.length - END_SIZE; at >= lowest; at--) {
    if (data.readUInt32LE(at) !== END_SIGNATURE) continue;
    const entries = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 12);
    const offset = data.readUInt32LE(at + 16);
    // ZIP64: the real sizes are in the ZIP64 record before this one; yauzl reads it.
    if (offset === 0xffffffff || size === 0xffffffff || entries === 0xffff) return at;
    if (offset + size > at) continue;
    if (entries === 0 ? size === 0 && offset === at : offset + 4 <= data.length && data.readUInt32LE(offset) === CENTRAL_SIGNATURE) return at;
  }
  return -1;
}

const corrupt = () => new DomainError('DOCUMENT_CORRUPT');
