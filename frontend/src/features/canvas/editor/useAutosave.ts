import { useCallback, useEffect, useRef, useState } from 'react';
import type { CanvasApi } from '../CanvasView';
import type { LocalProject } from '../offline-store';
import { ProjectSync, type SaveStatus } from '../sync';
import type { CanvasModule } from '../useCanvasModule';

/** The save status; `picture`: the error is a picture the server refused (`message` holds its words). */
export type SaveState = { status: SaveStatus; message?: string; picture?: boolean };

/**
 * The autosave (server and device copy) of the project in the editor: `start` wires it to the
 * editor once per opened project, `stop` drops it; it ends with the page.
 */
export function useAutosave(setNotice: (message: string | null) => void) {
  const sync = useRef<ProjectSync | null>(null);
  const [status, setStatus] = useState<SaveState>({ status: 'saved' });

  const start = useCallback(
    (local: LocalProject, api: CanvasApi, mod: CanvasModule) => {
      sync.current?.dispose();
      sync.current = new ProjectSync(
        local,
        {
          elements: () => api.getSceneElementsIncludingDeleted(),
          files: () => api.getFiles(),
          appState: () => ({ viewBackgroundColor: api.getAppState().viewBackgroundColor }),
          merge: (remote) => mod.mergeInto(api, remote),
          version: (elements) => mod.sceneVersion(elements),
        },
        (s, message, picture) => setStatus({ status: s, message, picture }),
        (message) => setNotice(message),
      );
      return sync.current;
    },
    [setNotice],
  );

  const stop = useCallback(() => {
    sync.current?.dispose();
    sync.current = null;
  }, []);

  useEffect(() => () => sync.current?.dispose(), []);

  return { sync, status, setStatus, start, stop };
}
