import type { RpcClient, Storage } from '@visualnotes/common';
import {
  clipText,
  DomainError,
  IMPORTED_SVG_MAX_BYTES,
  isCanvasImage,
  Patterns,
  PublishMessages,
  type Project,
  type PublishCaller,
  type Scene,
} from '@visualnotes/contracts';
import { storeUpload } from '../uploads/store-upload';
import type { ImportPool } from './import-pool';
import { IMAGE_MAX_BYTES } from './import.worker';

/** The project title from the file name: `Roadmap.excalidraw` is "Roadmap". */
function titleOf(name: string): string | undefined {
  const title = name.replace(/(\.excalidraw)?\.(excalidraw|json|md|svg|png)$/i, '').trim();
  return title ? clipText(title, 200, true) : undefined;
}

/** Markup rather than a raster picture: what follows a byte-order mark and white space is `<`. */
function isMarkup(bytes: Buffer): boolean {
  const text = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}

/**
 * An embedded SVG picture cleaned by the publish service's sanitiser (the one published snapshots
 * go through), whatever type the file declared; raster pictures as they are. Throws the import's
 * refusal when an SVG is too large or cannot be read as one.
 */
async function cleanedImage(rpc: RpcClient, image: { mimeType: string; bytes: Buffer }): Promise<{ mimeType: string; bytes: Buffer }> {
  if (image.mimeType !== 'image/svg+xml' && !isMarkup(image.bytes)) return image;
  if (image.bytes.length > IMPORTED_SVG_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.importSvgTooLarge);
  const { svg } = await rpc.send(Patterns.publish.imageClean, { svg: image.bytes.toString('utf8') });
  if (svg === null) throw new DomainError('VALIDATION_FAILED', PublishMessages.importSvgUnsafe);
  return { mimeType: 'image/svg+xml', bytes: Buffer.from(svg, 'utf8') };
}

/**
 * A new project from an `.excalidraw` file (or a PNG/SVG with the scene embedded, or an Obsidian
 * Excalidraw note): its elements restored as Excalidraw restores a file,
 * each embedded image stored through the uploads path (the scene keeps references to the uploads,
 * by the same Excalidraw file ids). SVG pictures are cleaned first, and the import is refused
 * when one cannot be. An image whose bytes are not a picture we accept is left out;
 * its element stays, drawn as Excalidraw draws a missing image. `input.bytes` is handed over to
 * the thread that reads it (see ImportPool.read): the caller does not use it afterwards.
 */
export async function importExcalidrawFile(
  pool: ImportPool,
  storage: Storage,
  rpc: RpcClient,
  input: PublishCaller & { name: string; bytes: Buffer },
): Promise<Project> {
  // Unpacking, parsing and restoring happen in a worker thread, with the file's refusals (see import.worker.ts).
  const { elements, appState, images } = await pool.read(input.bytes);
  const files: NonNullable<Scene['files']> = {};
  // Every picture is checked before any is stored: a refusal leaves no uploads behind.
  const cleaned = [];
  for (const image of images) {
    cleaned.push({
      ...image,
      ...(await cleanedImage(rpc, { mimeType: image.mimeType, bytes: Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength) })),
    });
  }
  for (const image of cleaned) {
    const bytes = image.bytes;
    try {
      const saved = await storeUpload(storage, rpc, {
        ownerId: input.user_id,
        name: `${image.id}.${image.mimeType.split('/')[1]?.replace('svg+xml', 'svg') ?? 'png'}`.slice(0, 255),
        body: bytes,
        declaredType: image.mimeType,
        maxBytes: IMAGE_MAX_BYTES,
      });
      if (!isCanvasImage(saved.content_type)) continue;
      files[image.id] = { id: image.id, mimeType: saved.content_type, file_id: saved.file_id, created: image.created };
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 415 || (err as { statusCode?: number }).statusCode === 400) continue;
      throw err;
    }
  }
  const scene: Scene = { type: 'excalidraw', version: 2, elements, appState, files };
  return rpc.send(Patterns.publish.projectsCreate, { user_id: input.user_id, scope: input.scope, title: titleOf(input.name), scene });
}
