import { pipeline, type Readable } from 'node:stream';
import Busboy, { type BusboyFileStream } from '@fastify/busboy';
import { DomainError } from '@visualnotes/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Multipart uploads, parsed by busboy only on the routes that take files. (A Fastify plugin would
 * add request and response hooks to every route, the liveness probe included.)
 */

export interface MultipartFile {
  fieldname: string;
  filename: string;
  mimetype: string;
  /** The file's bytes as they arrive; `truncated` once more than `fileSize` bytes were sent. */
  file: BusboyFileStream;
}

export interface MultipartLimits {
  /** Bytes of the file beyond which the stream stops (storage enforces the real limit). */
  fileSize: number;
}

/** The error to answer when reading the file failed because the body itself was broken or cut short. */
export function brokenUpload(file: MultipartFile): DomainError | null {
  return file.file.errored ? new DomainError('VALIDATION_FAILED', 'The upload ended before the whole file arrived; please send it again') : null;
}

const MULTIPART = /^multipart\/form-data\b/i;

export function isMultipart(request: FastifyRequest): boolean {
  return MULTIPART.test(request.headers['content-type'] ?? '');
}

/** Lets multipart bodies through Fastify untouched: the upload routes read them as streams. */
export function acceptMultipart(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
}

/**
 * The first file of a multipart body, as a stream, or null when the body ends without one. Only one
 * file is read; fields and further parts are skipped. A malformed or interrupted body fails the
 * file's stream, so whoever reads it sees the error.
 */
export function readMultipartFile(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartFile | null> {
  return new Promise((resolve, reject) => {
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: request.headers as never,
        limits: { files: 1, fileSize: limits.fileSize, fields: 10, parts: 12, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(new DomainError('VALIDATION_FAILED', 'The multipart body has no boundary; send the file as multipart/form-data'));
      return;
    }
    let current: BusboyFileStream | null = null;
    let settled = false;
    busboy.on('file', (fieldname: string, file: BusboyFileStream, filename: string, _encoding: string, mimetype: string) => {
      if (settled) {
        file.resume();
        return;
      }
      settled = true;
      current = file;
      // Whoever reads the file sees its errors through their own listener; one that comes after
      // they stopped reading (the body cut short) must not bring the process down.
      file.on('error', () => undefined);
      resolve({ fieldname, filename, mimetype, file });
    });
    busboy.on('finish', () => {
      if (!settled) {
        settled = true;
        resolve(null);
      }
    });
    pipeline(request.raw as Readable, busboy, (err) => {
      if (!err) return;
      if (!settled) {
        settled = true;
        reject(new DomainError('VALIDATION_FAILED', `The upload could not be read: ${err.message}`));
      } else if (current && !current.readableEnded) {
        current.destroy(err);
      }
    });
  });
}

/**
 * Every file of a multipart body in the field `field`, one after the other: `onFile` reads each
 * file's stream (busboy goes on to the next file once it is read). Other fields are skipped. More
 * than `maxFiles` files, or an `onFile` that fails, fails the whole body after it has been drained.
 */
export function readMultipartFiles(
  request: FastifyRequest,
  limits: MultipartLimits & { maxFiles: number; field: string },
  onFile: (file: MultipartFile) => Promise<void>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({
        headers: request.headers as never,
        limits: { files: limits.maxFiles, fileSize: limits.fileSize, fields: 20, parts: limits.maxFiles + 20, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(new DomainError('VALIDATION_FAILED', 'The multipart body has no boundary; send the files as multipart/form-data'));
      return;
    }
    let chain: Promise<void> = Promise.resolve();
    let failure: unknown = null;
    let count = 0;
    busboy.on('file', (fieldname: string, file: BusboyFileStream, filename: string, _encoding: string, mimetype: string) => {
      file.on('error', () => undefined);
      if (failure || fieldname !== limits.field) {
        file.resume();
        return;
      }
      count++;
      chain = chain.then(async () => {
        if (failure) {
          file.resume();
          return;
        }
        try {
          await onFile({ fieldname, filename, mimetype, file });
        } catch (err) {
          failure ??= err;
          file.resume();
        }
      });
    });
    busboy.on('filesLimit', () => {
      failure ??= new DomainError('PAYLOAD_TOO_LARGE', `Send at most ${limits.maxFiles} files at once`);
    });
    pipeline(request.raw as Readable, busboy, (err) => {
      void chain.then(() => {
        if (failure) reject(failure);
        else if (err) reject(new DomainError('VALIDATION_FAILED', 'The upload ended before every file arrived; please send them again'));
        else resolve(count);
      });
    });
  });
}
