import {
  DomainError,
  jsonBodyProblem,
  parseDataUrl,
  parseExcalidrawFile,
  PublishMessages,
  SCENE_MAX_BYTES,
  SCENE_MAX_ELEMENTS,
  SCENE_MAX_NEW_IMAGES,
  type ErrorCode,
  type ExcalidrawFile,
} from '@visualnotes/contracts';
import { SceneTooLargeError, sceneTextOf } from './scene-file';

/** Largest image taken out of an imported file (the whole file is limited anyway). */
export const IMAGE_MAX_BYTES = 20_000_000;

/** An uploaded file's bytes (moved to the worker, not copied). */
export interface ImportTask {
  data: Uint8Array;
}

/** An embedded image, decoded (its bytes are stored through the uploads path by the caller). */
export interface ImportedImage {
  id: string;
  mimeType: string;
  created?: number;
  bytes: Uint8Array;
}

export interface ImportedScene {
  elements: ExcalidrawFile['elements'];
  appState: ExcalidrawFile['appState'];
  images: ImportedImage[];
}

/** A refusal comes back as its code and text: errors lose their class between threads. */
export type ImportOutcome = ({ ok: true } & ImportedScene) | { ok: false; code: ErrorCode; message: string };

/** The scene text of an uploaded file (see `sceneTextOf`), with the catalogue's refusals. */
function sceneText(bytes: Buffer): string {
  let text: string | null;
  try {
    text = sceneTextOf(bytes);
  } catch (err) {
    if (err instanceof SceneTooLargeError) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
    throw err;
  }
  if (text === null) throw new DomainError('VALIDATION_FAILED', PublishMessages.importInvalid);
  return text;
}

/**
 * Parses the scene text and checks the value before anything walks it; answers its `type` and how
 * many of its elements are not deleted. Only the answer outlives the call, so the parsed value can
 * be collected while the text is restored.
 */
function checkedKind(text: string): { type: unknown; listed: number } {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new DomainError('VALIDATION_FAILED', PublishMessages.importDamaged);
  }
  const top = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as { elements?: unknown; type?: unknown }) : null;
  if (Array.isArray(top?.elements) && top.elements.length > SCENE_MAX_ELEMENTS) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.tooManyElements);
  const problem = jsonBodyProblem(data);
  if (problem) throw problem;
  // entries of the file's drawing that are not marked deleted (whatever they are)
  const listed = Array.isArray(top?.elements)
    ? top.elements.filter((e) => !(e && typeof e === 'object' && (e as { isDeleted?: unknown }).isDeleted === true)).length
    : 0;
  return { type: top?.type, listed };
}

/**
 * The drawing in an uploaded file, restored as Excalidraw restores a file it opens, with its
 * images decoded. The parsed JSON is checked as a request body is (nesting, text PostgreSQL
 * refuses) and its element count as the publish service counts it, before anything walks it
 * further: restoring 700,000 elements, or serialising `[[[[…` thousands deep, costs far more
 * than refusing them. The restored scene is held to the publish service's size limit too, so
 * that what reaches the event loop and the RPC hop is no larger than a scene may be. Throws
 * DomainError with the user-facing refusal.
 */
export function readImportedScene(bytes: Buffer): ImportedScene {
  const text = sceneText(bytes);
  // Restoring parses the text again; the checked value is not kept meanwhile.
  const { type, listed } = checkedKind(text);
  const parsed = parseExcalidrawFile(text);
  if (!parsed) throw new DomainError('VALIDATION_FAILED', type === 'excalidrawlib' ? PublishMessages.importLibrary : PublishMessages.importInvalid);
  // shapes were there, and none could be restored: an empty project would look like a lost drawing
  if (listed > 0 && !parsed.elements.some((e) => !e.isDeleted)) throw new DomainError('VALIDATION_FAILED', PublishMessages.importNothingDrawable);
  const size = JSON.stringify({ type: 'excalidraw', version: 2, elements: parsed.elements, appState: parsed.appState }).length;
  if (size > SCENE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
  const embedded = Object.values(parsed.files);
  if (embedded.length > SCENE_MAX_NEW_IMAGES) throw new DomainError('VALIDATION_FAILED', PublishMessages.importTooManyImages);
  const images: ImportedImage[] = [];
  for (const image of embedded) {
    const decoded = Buffer.from(parseDataUrl(image.dataURL)!.base64, 'base64');
    if (!decoded.length || decoded.length > IMAGE_MAX_BYTES) continue;
    // A copy of exactly its bytes (a small Buffer is a view of a shared pool, which would all be sent).
    images.push({ id: image.id, mimeType: image.mimeType, created: image.created, bytes: new Uint8Array(decoded) });
  }
  return { elements: parsed.elements, appState: parsed.appState, images };
}

/**
 * Runs in a worker thread of the import pool (see import-pool.ts): unpacking, parsing and restoring
 * a drawing of tens of megabytes takes seconds of CPU, which on the gateway's event loop would hold
 * up every other request.
 */
export default function importScene(task: ImportTask): ImportOutcome {
  try {
    return { ok: true, ...readImportedScene(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength)) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
