import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BaseConfig } from './config';

/** Thrown by `put` when the body is larger than `maxBytes`; nothing is kept. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
}

export interface PutOptions {
  contentType?: string;
  /** Refuse (and keep nothing) past this many bytes. */
  maxBytes?: number;
}

/**
 * Where files live (uploads, audio chunks, snapshots): a folder on local disk by default, or S3.
 * Keys are relative paths such as `uploads/<id>`; a write is all-or-nothing.
 */
export interface Storage {
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<{ size: number }>;
  get(key: string): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every stored key starting with `prefix` (all of them by default), in no particular order. */
  keys(prefix?: string): AsyncIterable<string>;
}

export const STORAGE = Symbol('STORAGE');

const KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,511}$/;
function checkKey(key: string) {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`Invalid storage key "${key}"`);
  }
}

function limit(maxBytes: number | undefined, counter: { size: number }) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.size += chunk.length;
      if (maxBytes !== undefined && counter.size > maxBytes) done(new StorageLimitError(maxBytes));
      else done(null, chunk);
    },
  });
}

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string) {
    checkKey(key);
    const full = resolve(this.root, key);
    if (!full.startsWith(resolve(this.root) + sep)) throw new Error(`Invalid storage key "${key}"`);
    return full;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.${randomUUID()}.part`);
    const counter = { size: 0 };
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, limit(options.maxBytes, counter), createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    return { size: counter.size };
  }

  async get(key: string) {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async getBuffer(key: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** False only when the file is not there; any other failure (permissions, disk) throws. */
  async exists(key: string) {
    try {
      await stat(this.path(key));
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      throw err;
    }
  }

  async delete(key: string) {
    await rm(this.path(key), { force: true });
  }

  async *keys(prefix = '') {
    const root = resolve(this.root);
    let entries;
    try {
      entries = await readdir(root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      // `.<id>.part` files are writes still in progress (or abandoned): not stored files.
      if (!entry.isFile() || entry.name.startsWith('.')) continue;
      const key = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (key.startsWith(prefix)) yield key;
    }
  }
}

/** Parts of a multipart upload: an upload holds at most (queue + 1) parts in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements Storage {
  private readonly client: S3Client;
  constructor(
    private readonly bucket: string,
    options: { endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string },
  ) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // S3-compatible servers (MinIO, SeaweedFS, s3rver) are addressed by path, not by subdomain,
      // and not all of them accept the newer default checksum headers.
      forcePathStyle: Boolean(options.endpoint),
      ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
    });
  }

  /**
   * Streams the body in parts (multipart past one part), so memory stays bounded whatever the size.
   * Past `maxBytes` the upload is aborted and its parts removed: nothing is kept.
   */
  async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
    checkKey(key);
    const params = { Bucket: this.bucket, Key: key, ContentType: options.contentType };
    if (Buffer.isBuffer(body)) {
      if (options.maxBytes !== undefined && body.length > options.maxBytes) throw new StorageLimitError(options.maxBytes);
      await new Upload({ client: this.client, params: { ...params, Body: body }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT }).done();
      return { size: body.length };
    }
    const counter = { size: 0 };
    const limiter = limit(options.maxBytes, counter);
    // An error of the source or of the limit ends the reading inside Upload, which then aborts the
    // multipart upload; that first error is the one worth reporting (not a failed abort after it).
    let cause: unknown;
    limiter.once('error', (err) => (cause ??= err));
    const feeding = pipeline(body, limiter).catch(() => undefined);
    const upload = new Upload({ client: this.client, params: { ...params, Body: limiter }, partSize: PART_BYTES, queueSize: PARTS_IN_FLIGHT });
    try {
      await upload.done();
    } catch (err) {
      const first = cause;
      limiter.destroy();
      await feeding;
      throw first ?? err;
    }
    await feeding;
    return { size: counter.size };
  }

  async get(key: string) {
    checkKey(key);
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return out.Body as Readable;
  }

  async getBuffer(key: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** False only when the object is not there; an unreachable or refusing server throws. */
  async exists(key: string) {
    checkKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string) {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *keys(prefix = '') {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Rejects when the bucket cannot be reached with these credentials within `timeoutMs`. */
  async check(timeoutMs = 5_000): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  }
}

export function createStorage(config: BaseConfig): Storage {
  if (config.STORAGE === 's3') {
    if (!config.S3_BUCKET) throw new Error('Invalid configuration: S3_BUCKET is required when STORAGE=s3');
    return new S3Storage(config.S3_BUCKET, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(resolve(config.DATA_DIR, 'files'));
}
