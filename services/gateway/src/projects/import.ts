import type { RpcClient, Storage } from '@visualnotes/common';
import {
  DomainError,
  isCanvasImage,
  parseDataUrl,
  parseExcalidrawFile,
  Patterns,
  PublishMessages,
  SCENE_MAX_NEW_IMAGES,
  type Project,
  type PublishCaller,
  type Scene,
} from '@visualnotes/contracts';
import { storeUpload } from '../uploads/store-upload';
import { SceneTooLargeError, sceneTextOf } from './scene-file';

/** Largest image taken out of an imported file (the whole file is limited anyway). */
const IMAGE_MAX_BYTES = 20_000_000;

/** The project title from the file name: `Roadmap.excalidraw` is "Roadmap". */
function titleOf(name: string): string | undefined {
  const title = name.replace(/(\.excalidraw)?\.(excalidraw|json|md|svg|png)$/i, '').trim();
  return title ? title.slice(0, 200) : undefined;
}

/** The scene text of an uploaded file (see `sceneTextOf`), with the catalogue's refusals. */
function sceneText(bytes: Buffer): string {
  try {
    const text = sceneTextOf(bytes);
    if (text === null) throw new DomainError('VALIDATION_FAILED', PublishMessages.importInvalid);
    return text;
  } catch (err) {
    if (err instanceof SceneTooLargeError) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.importTooLarge);
    throw err;
  }
}

/** The refusal of JSON that is no drawing: a library, a file cut short, or anything else. */
function whyNotADrawing(json: string): string {
  try {
    return (JSON.parse(json) as { type?: unknown } | null)?.type === 'excalidrawlib' ? PublishMessages.importLibrary : PublishMessages.importInvalid;
  } catch {
    return PublishMessages.importDamaged;
  }
}

/**
 * A new project from an `.excalidraw` file (or a PNG/SVG with the scene embedded, or an Obsidian
 * Excalidraw note): its elements restored as Excalidraw restores a file,
 * each embedded image stored through the uploads path (the scene keeps references to the uploads,
 * by the same Excalidraw file ids). An image whose bytes are not a picture we accept is left out;
 * its element stays, drawn as Excalidraw draws a missing image.
 */
export async function importExcalidrawFile(storage: Storage, rpc: RpcClient, input: PublishCaller & { name: string; bytes: Buffer }): Promise<Project> {
  const text = sceneText(input.bytes);
  const parsed = parseExcalidrawFile(text);
  if (!parsed) throw new DomainError('VALIDATION_FAILED', whyNotADrawing(text));
  const images = Object.values(parsed.files);
  if (images.length > SCENE_MAX_NEW_IMAGES) throw new DomainError('VALIDATION_FAILED', PublishMessages.importTooManyImages);
  const files: NonNullable<Scene['files']> = {};
  for (const image of images) {
    const bytes = Buffer.from(parseDataUrl(image.dataURL)!.base64, 'base64');
    if (!bytes.length || bytes.length > IMAGE_MAX_BYTES) continue;
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
  const scene: Scene = { type: 'excalidraw', version: 2, elements: parsed.elements, appState: parsed.appState, files };
  return rpc.send(Patterns.publish.projectsCreate, { user_id: input.user_id, scope: input.scope, title: titleOf(input.name), scene });
}
