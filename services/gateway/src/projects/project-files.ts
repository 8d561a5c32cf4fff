import type { Storage } from '@visualnotes/common';
import { isCanvasImage } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';

/**
 * Streams an image of a canvas from storage; the publish service has already checked access.
 * Opened on its own (not drawn by the canvas), it still cannot run script or load anything: the
 * sandbox makes it a page of no origin, `nosniff` holds the browser to the declared type, and
 * anything that is not a picture is downloaded rather than shown.
 */
export async function sendProjectFile(storage: Storage, reply: FastifyReply, file: { storage_key: string; content_type: string }) {
  const body = await storage.get(file.storage_key);
  const image = isCanvasImage(file.content_type);
  return reply
    .header('content-type', image ? file.content_type : 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('content-disposition', image ? 'inline' : 'attachment')
    .header('cache-control', 'private, max-age=3600')
    .send(body);
}
