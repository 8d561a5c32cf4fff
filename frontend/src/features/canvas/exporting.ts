import { Messages, PublishMessages } from '@visualnotes/contracts';
import type { CanvasApi } from './CanvasView';
import { canvasModuleIfLoaded } from './useCanvasModule';

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

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
    if (kind === 'png') download(await mod.exportPng(api), `${safeName(title)}.png`);
    else download(new Blob([await mod.exportSvgText(api)], { type: 'image/svg+xml' }), `${safeName(title)}.svg`);
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
    download(new Blob([mod.exportExcalidrawText(api)], { type: 'application/vnd.excalidraw+json' }), `${safeName(title)}.excalidraw`);
    return null;
  } catch {
    return PublishMessages.exportFileFailed;
  }
}
