import { createHash } from 'node:crypto';
import type { Stream } from 'node:stream';

/** A supertest parser that keeps the answer's body as bytes (`.buffer(true).parse(bodyBytes)`): files, ZIPs, PDFs. */
export function bodyBytes(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
  res.on('error', (err: Error) => done(err, Buffer.alloc(0)));
}

/**
 * The inline scripts a served page runs (`<script>` without `src`, not JSON data), each with
 * whether the page's Content-Security-Policy allows it by the hash of its text.
 */
export function inlineScripts(res: { text: string; headers: Record<string, string | string[] | undefined> }): { text: string; allowed: boolean }[] {
  const policy = String(res.headers['content-security-policy'] ?? '');
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  const scripts = [...res.text.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return scripts.map((text) => ({ text, allowed: scriptSrc.split(/\s+/).includes(`'sha256-${createHash('sha256').update(text).digest('base64')}'`) }));
}
