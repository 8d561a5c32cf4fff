import { useCallback, useLayoutEffect, useRef, type RefObject } from 'react';
import type { ProjectRole } from '@visualnotes/contracts';
import type { LiveSession } from '../live';
import type { SceneElements } from '../scene-types';
import type { ProjectSync } from '../sync';
import type { CanvasModule } from '../useCanvasModule';

/**
 * What the editor does with a change: the autosave and the live channel get it, and the element
 * count and scene version (shown to tests as data attributes of `editor`) follow.
 * Excalidraw reports every change, scrolling and zooming included (elements are often changed in
 * place, so the list itself may be the same): only a new scene version matters here.
 * An image's file may reach the editor after its element (Excalidraw reads a dropped file while
 * the element is already placed): a new file counts as a change too, so that it is uploaded.
 * The count and version are written on the element itself, not kept in React state: a change
 * (many a second while drawing or while others draw) re-renders nothing around the canvas.
 */
export function useSceneChanges(
  mod: CanvasModule | null,
  sync: RefObject<ProjectSync | null>,
  live: RefObject<LiveSession | null>,
  role: RefObject<ProjectRole>,
  editor: RefObject<HTMLElement | null>,
) {
  // the number of elements not deleted, and Excalidraw's scene version (the sum of element
  // versions): equal on two screens showing the same scene
  const shown = useRef({ count: 0, version: 0 });
  const show = useCallback(() => {
    const el = editor.current;
    if (!el) return;
    el.dataset.elementCount = String(shown.current.count);
    el.dataset.sceneVersion = String(shown.current.version);
  }, [editor]);
  // the editor's element may be put anew (after a failure, say): it gets the figures again
  useLayoutEffect(show);
  const setCount = useCallback(
    (count: number) => {
      shown.current.count = count;
      show();
    },
    [show],
  );

  const lastVersion = useRef(-1);
  const lastFiles = useRef(0);
  const onChange = useCallback(
    (elements: SceneElements, files?: Record<string, unknown>) => {
      const version = mod ? mod.sceneVersion(elements) : -1;
      const fileCount = files ? Object.keys(files).length : lastFiles.current;
      const newFiles = fileCount > lastFiles.current;
      lastFiles.current = fileCount;
      const changed = version === -1 || version !== lastVersion.current;
      if (!changed && !newFiles) return;
      lastVersion.current = version;
      // a viewer's canvas changes only by others' edits: nothing to save from here
      if (changed && role.current !== 'viewer') sync.current?.changed(elements);
      const session = live.current;
      if (session?.connected) {
        // images are uploaded first: the live channel carries only references to uploads
        void sync.current?.shareImages(elements, (ready) => session.changed(ready));
      }
      let count = 0;
      for (const e of elements) if (!e.isDeleted) count++;
      shown.current = { count, version };
      show();
    },
    [mod, sync, live, role, show],
  );
  return { onChange, setCount };
}
