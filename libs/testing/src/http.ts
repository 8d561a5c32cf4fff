import type { Stream } from 'node:stream';

/** A supertest parser that keeps the answer's body as bytes (`.buffer(true).parse(bodyBytes)`): files, ZIPs, PDFs. */
export function bodyBytes(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
  res.on('error', (err: Error) => done(err, Buffer.alloc(0)));
}
