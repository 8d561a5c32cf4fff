import './excalidraw-setup';
import '@excalidraw/excalidraw/index.css';
import { CaptureUpdateAction, Excalidraw, exportToBlob, exportToSvg, getSceneVersion, reconcileElements, restoreElements } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { Scene } from '@visualnotes/contracts';
import { useEffect, useRef } from 'react';
import type { SceneElements } from './scene-types';

export type CanvasApi = ExcalidrawImperativeAPI;

export interface CanvasViewProps {
  scene: Scene;
  readOnly?: boolean;
  /** Data URLs of the scene's images, by Excalidraw file id. */
  images?: Record<string, string>;
  onReady?: (api: CanvasApi) => void;
  onChange?: (elements: SceneElements, files: Record<string, { id: string; dataURL: string; mimeType: string; created?: number }>) => void;
  theme?: 'light' | 'dark';
}

/** The Excalidraw editor (or read-only viewer). Lives in its own chunk: only canvas pages load it. */
export default function CanvasView({ scene, readOnly, images, onReady, onChange }: CanvasViewProps) {
  const apiRef = useRef<CanvasApi | null>(null);
  useEffect(() => {
    const api = apiRef.current;
    if (!api || !images) return;
    const files = Object.entries(images).map(([id, dataURL]) => ({
      id,
      dataURL,
      mimeType: (scene.files?.[id]?.mimeType ?? 'image/png') as 'image/png',
      created: scene.files?.[id]?.created ?? Date.now(),
    }));
    if (files.length) api.addFiles(files as never);
  }, [images, scene.files]);

  return (
    <Excalidraw
      initialData={{
        // Excalidraw restores (fills in) the elements itself; restoring here as well would do it twice.
        elements: scene.elements as never,
        appState: { viewBackgroundColor: scene.appState?.viewBackgroundColor ?? '#ffffff' },
        scrollToContent: true,
      }}
      viewModeEnabled={readOnly}
      // The editor fills the page: its shortcuts (r, o, t, …) work without clicking the canvas first;
      // Excalidraw ignores keys typed in inputs, so the title field and dialogs are unaffected.
      handleKeyboardGlobally={!readOnly}
      autoFocus={!readOnly}
      excalidrawAPI={(api) => {
        apiRef.current = api;
        onReady?.(api);
      }}
      onChange={(elements, _appState, files) => onChange?.(elements as unknown as SceneElements, files as never)}
      UIOptions={{ canvasActions: { loadScene: !readOnly, saveToActiveFile: false, export: false, saveAsImage: false } }}
    />
  );
}

/** Merges a remote scene into the open one, element by element (the higher version wins). */
export function mergeInto(api: CanvasApi, remote: SceneElements): SceneElements {
  const local = api.getSceneElementsIncludingDeleted();
  const merged = reconcileElements(local, restoreElements(remote as never, null) as never, api.getAppState());
  api.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
  return merged as unknown as SceneElements;
}

/** Merges two element lists without an open editor (offline copy + server copy). */
export function mergeElements(local: SceneElements, remote: SceneElements): SceneElements {
  const appState = { editingTextElement: null, newElement: null, resizingElement: null } as never;
  return reconcileElements(restoreElements(local as never, null) as never, restoreElements(remote as never, null) as never, appState) as unknown as SceneElements;
}

export const sceneVersion = (elements: SceneElements) => getSceneVersion(elements as never);

async function exportInput(api: CanvasApi) {
  return { elements: api.getSceneElements(), appState: { ...api.getAppState(), exportBackground: true }, files: api.getFiles() };
}

export async function exportPng(api: CanvasApi): Promise<Blob> {
  return exportToBlob({ ...(await exportInput(api)), mimeType: 'image/png' });
}

export async function exportSvgText(api: CanvasApi): Promise<string> {
  const svg = await exportToSvg({ ...(await exportInput(api)), exportPadding: 16 });
  return new XMLSerializer().serializeToString(svg);
}
