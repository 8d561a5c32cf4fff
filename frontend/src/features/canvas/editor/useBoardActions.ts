import { Messages } from '@visualnotes/contracts';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { useConfirm } from '../../../components/Dialog/Dialog';
import { formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/i18n';
import { msg } from '../../../i18n/msg';
import type { CanvasApi } from '../CanvasView';
import { importProjectFile, isLibraryFile } from '../create-project';
import { exportExcalidrawFile, exportImage } from '../exporting';
import type { ProjectSync } from '../sync';
import type { CanvasModule } from '../useCanvasModule';
import { moveToNewBoard, selectionOf } from './split-board';

interface BoardContext {
  mod: CanvasModule | null;
  api: RefObject<CanvasApi | null>;
  sync: RefObject<ProjectSync | null>;
  title: string;
  confirm: ReturnType<typeof useConfirm>[0];
  /** What an action has to say (a problem or a result), in the toolbar's notice. */
  setNotice: (message: string | null) => void;
}

/** The editor's file actions: open a file, save or export the board, move the selection to a new board. */
export function useBoardActions({ mod, api, sync, title, confirm, setNotice }: BoardContext) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  /** An `.excalidraw` file opens as a new project; an `.excalidrawlib` file adds to the library. */
  async function openFile(file: File | undefined) {
    if (!file) return;
    setNotice(null);
    try {
      if (await isLibraryFile(file)) {
        const problem = mod && api.current ? await mod.importLibrary(api.current, file) : Messages.imageLibraryNotLoaded;
        setNotice(problem ?? msg('Library items added'));
      } else navigate(`/projects/${await importProjectFile(file)}`);
    } catch (err) {
      setNotice((err as Error).message);
    }
  }

  async function exportAs(kind: 'png' | 'svg' | 'clipboard') {
    const problem = await exportImage(api.current, kind, title);
    setNotice(problem ?? (kind === 'clipboard' ? msg('Image copied to the clipboard') : null));
  }

  /** Moves the selected shapes to a new board, once asked (they leave this one). */
  async function splitBoard() {
    const board = api.current;
    const saving = sync.current;
    if (!board || !saving) return;
    const moved = selectionOf(board);
    if (!moved.length) return setNotice(msg('Select the shapes to move to a new board first'));
    const ok = await confirm({
      title: t('Move to a new board'),
      message: t('Move {{count}} selected elements to a new board? They are removed from this one.', { count: formatNumber(moved.length) }),
      action: t('Move'),
    });
    if (!ok) return;
    try {
      await moveToNewBoard(board, moved, t('{{title}} (part 2)', { title: title.trim() || t('Untitled') }), saving.fileRefs(moved));
      setNotice(msg('The selection was moved to a new board; you find it in your projects'));
    } catch (err) {
      setNotice((err as Error).message);
    }
  }

  return {
    openFile,
    exportAs,
    saveExcalidraw: () => setNotice(exportExcalidrawFile(api.current, title)),
    splitBoard,
    snapshot: async () => (mod && api.current ? mod.snapshotSvgText(api.current) : null),
  };
}
