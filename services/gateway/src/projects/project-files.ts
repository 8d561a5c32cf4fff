import type { Storage } from '@visualnotes/common';
import { isCanvasImage } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';

/** Streams an image of a canvas from storage; the publish service has already checked access. */
export async function sendProjectFile(storage: Storage, reply: FastifyReply, file: { storage_key: string; content_type: string }) {
  const body = await storage.get(file.storage_key);
  const type = isCanvasImage(file.content_type) ? file.content_type : 'application/octet-stream';
  return reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, max-age=3600')
    .send(body);
}
