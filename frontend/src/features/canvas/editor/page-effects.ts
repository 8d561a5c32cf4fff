import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CanvasApi } from '../CanvasView';
import type { LiveSession } from '../live';
import type { ProjectSync } from '../sync';
import type { CanvasModule } from '../useCanvasModule';
import { mediaDown } from '../../../styles/breakpoints';

/**
 * Closing or leaving the page right after a change: what waits for the next send goes now, and so
 * does the device copy of the scene. A picture still being uploaded (or waiting to be tried again)
 * is only in this tab: the browser asks before the page goes.
 */
export function useSendBeforeLeaving(sync: RefObject<ProjectSync | null>, live: RefObject<LiveSession | null>) {
  useEffect(() => {
    const onHide = () => {
      live.current?.sendNow();
      sync.current?.keepOnDeviceNow();
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      onHide();
      if (!sync.current?.picturesPending) return;
      event.preventDefault();
      // older browsers ask only when this is set
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [sync, live]);
}

/** Files that hold a drawing or a library (`.json` may be either), told by name when dropped. */
const DRAWING_FILE = /\.(excalidraw|excalidrawlib|json|md)$/i;

/**
 * A drawing file dropped on the canvas opens as a new project too (as "Open file…" does), not in
 * place of this drawing, which Excalidraw would do; images dropped go to Excalidraw as before.
 * `rewire` changes when the editor's content is put anew.
 */
export function useDrawingDrop(root: RefObject<HTMLElement | null>, openFile: (file: File) => Promise<void>, rewire: unknown) {
  const open = useRef(openFile);
  open.current = openFile;
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const onDrop = (event: DragEvent) => {
      const file = event.dataTransfer?.files?.[0];
      if (!file || !DRAWING_FILE.test(file.name)) return;
      event.preventDefault();
      event.stopPropagation();
      void open.current(file);
    };
    el.addEventListener('drop', onDrop, true);
    return () => el.removeEventListener('drop', onDrop, true);
  }, [root, rewire]);
}

/**
 * The dialogs cover the middle of the editor, where the drawing was put on opening: while one is
 * open (`modal`, the dialog's name) the view moves the drawing into the part it leaves free (and back when it closes),
 * so nobody takes the work for lost.
 */
export function useDrawingBesideDialogs(modal: string | null, root: RefObject<HTMLElement | null>, api: RefObject<CanvasApi | null>, mod: CanvasModule | null) {
  useEffect(() => {
    const canvas = api.current;
    const el = root.current;
    if (!modal || !canvas || !mod || !el) return;
    const from = mod.viewportOf(canvas);
    let watched: Element | undefined;
    const place = () => {
      // the dialog now shown (the publish dialog may give way to another one)
      const dialog = [...el.querySelectorAll(':scope > dialog')].pop();
      if (dialog !== watched) {
        if (watched) resized?.unobserve(watched);
        if (dialog) resized?.observe(dialog);
        watched = dialog;
      }
      if (dialog) mod.showDrawingBeside(canvas, dialog.getBoundingClientRect(), from);
    };
    // it grows as its content arrives (statistics, versions)
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => place());
    const swapped = new MutationObserver(place);
    swapped.observe(el, { childList: true });
    place();
    return () => {
      resized?.disconnect();
      swapped.disconnect();
      mod.setViewport(canvas, from);
    };
  }, [modal, root, api, mod]);
}

/** Phone widths, where the toolbar keeps only the title, the save status, "More" and publishing. */
const NARROW = mediaDown('md');

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}
