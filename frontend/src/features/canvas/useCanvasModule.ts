import { useEffect, useState } from 'react';

export type CanvasModule = typeof import('./CanvasView');
let loaded: CanvasModule | null = null;
let loading: Promise<CanvasModule> | null = null;

/** Loads the editor chunk (Excalidraw) on demand; it is never part of the first bundle. */
export function loadCanvasModule(): Promise<CanvasModule> {
  loading ??= import('./CanvasView').then((m) => (loaded = m));
  return loading;
}

export const canvasModuleIfLoaded = () => loaded;

export function useCanvasModule() {
  const [mod, setMod] = useState<CanvasModule | null>(loaded);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loadCanvasModule().then(
      (m) => live && setMod(m),
      (e: Error) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [mod]);
  return { mod, error };
}
