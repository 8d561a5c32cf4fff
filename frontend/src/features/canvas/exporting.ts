import { Messages, PublishMessages } from '@visualnotes/contracts';
import { download } from '../../app/download';
import type { CanvasApi } from './CanvasView';
import { canvasModuleIfLoaded } from './useCanvasModule';

const safeName = (title: string) => title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'canvas';

/** PNG/SVG download and copy to clipboard, with the catalogue's messages when something fails. */
export async function exportImage(api: CanvasApi | null, kind: 'png' | 'svg' | 'clipboard', title: string): Promise<string | null> {
  const mod = canvasModuleIfLoaded();
  if (!mod || !api) return Messages.imageLibraryNotLoaded;
  if (kind === 'clipboard') {
    try {
      const blob = await mod.exportPng(api);
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
      return null;
    } catch {
      return Messages.copyImageFailed;
    }
  }
  try {
    if (kind === 'png') download(`${safeName(title)}.png`, await mod.exportPng(api));
    else download(`${safeName(title)}.svg`, new Blob([await mod.exportSvgText(api)], { type: 'image/svg+xml' }));
    return null;
  } catch {
    return Messages.downloadImageFailed;
  }
}

/** Downloads the canvas as an `.excalidraw` file with its images embedded. */
export function exportExcalidrawFile(api: CanvasApi | null, title: string): string | null {
  const mod = canvasModuleIfLoaded();
  if (!mod || !api) return Messages.imageLibraryNotLoaded;
  try {
    download(`${safeName(title)}.excalidraw`, new Blob([mod.exportExcalidrawText(api)], { type: 'application/vnd.excalidraw+json' }));
    return null;
  } catch {
    return PublishMessages.exportFileFailed;
  }
}
