import { DomainError } from '../errors';
import { Messages } from '../messages';

/** Image types every current browser draws (AVIF included); HEIC/HEIF is not among them (Chrome cannot show it). */
const CANVAS_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml']);

/** Whether an upload of this (sniffed) type can be an image of a canvas. */
export function isCanvasImage(contentType: string): boolean {
  return CANVAS_IMAGE_TYPES.has(contentType);
}

/** Why an upload of this type cannot be an image of a canvas, in the user's words. */
export function notACanvasImage(contentType: string): DomainError {
  return new DomainError('VALIDATION_FAILED', /^image\/hei[cf]$/.test(contentType) ? Messages.canvasImageHeic : Messages.canvasImageNotImage);
}
