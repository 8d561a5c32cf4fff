import type { LivePeer, ProjectRole, SceneElement } from '@visualnotes/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { CanvasApi, CursorState } from '../CanvasView';
import { LiveSession, type LiveStatus } from '../live';
import type { SceneElements } from '../scene-types';
import type { ProjectSync } from '../sync';
import type { CanvasModule } from '../useCanvasModule';
import { projectImage } from './open-project';
import { RemoteChanges } from './remote-changes';

/**
 * The live channel of project `projectId`: others' changes merged in as they come (Excalidraw's
 * reconcile keeps an element being edited here), their cursors shown, and this editor's changes
 * sent. While it is connected it is the only way the scene is saved; when it drops, the autosave
 * takes over. Holds the user's role, which the channel may change.
 */
export function useLiveSession(projectId: string, api: RefObject<CanvasApi | null>, setNotice: (message: string | null) => void) {
  const live = useRef<LiveSession | null>(null);
  const cursors = useRef(new Map<string, CursorState>());
  const [role, setRoleState] = useState<ProjectRole>('editor');
  const roleRef = useRef<ProjectRole>('editor');
  const setRole = useCallback((r: ProjectRole) => {
    roleRef.current = r;
    setRoleState(r);
  }, []);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [peers, setPeers] = useState<LivePeer[]>([]);

  // others' changes on their way to the canvas (see RemoteChanges)
  const incoming = useRef<RemoteChanges<SceneElement> | null>(null);

  const stop = useCallback(() => {
    incoming.current?.cancel();
    incoming.current = null;
    live.current?.dispose();
    live.current = null;
    cursors.current.clear();
  }, []);

  /** Opens the channel for the editor `canvas` (closing any earlier one), saving through `sync`. */
  const open = useCallback(
    (canvas: CanvasApi, m: CanvasModule, sync: ProjectSync) => {
      stop();
      const fetchImages = (refs: { id: string; file_id: string; mimeType: string }[]) => {
        for (const f of refs) {
          void projectImage(projectId, f.file_id).then((url) => {
            if (url) canvas.addFiles([{ id: f.id, dataURL: url, mimeType: f.mimeType, created: Date.now() } as never]);
          });
        }
      };
      const changes = new RemoteChanges<SceneElement>((elements) => {
        m.mergeInto(canvas, elements as unknown as SceneElements);
        session.accepted(elements as unknown as SceneElements);
      });
      incoming.current = changes;
      const session: LiveSession = new LiveSession(
        projectId,
        {
          welcome: (scene, r) => {
            fetchImages(sync.knowFiles(scene.files));
            changes.flush();
            m.mergeInto(canvas, scene.elements);
            setRole(r);
            sync.setLive(r !== 'viewer');
            // what was changed here while disconnected (and the server lacks) goes up now, images
            // once they are uploaded
            void sync.shareImages(canvas.getSceneElementsIncludingDeleted() as unknown as SceneElements, (elements) => session.resend(elements));
          },
          remote: (elements, files) => {
            fetchImages(sync.knowFiles(files));
            changes.push(elements as unknown as SceneElement[]);
          },
          presence: (peer, presence) => {
            const c = cursors.current.get(peer.id) ?? { name: peer.name, color: peer.color, userId: peer.user_id };
            cursors.current.set(peer.id, { ...c, ...presence });
            m.showCollaborators(canvas, cursors.current);
          },
          peers: (list) => {
            setPeers(list);
            const here = new Set(list.map((p) => p.id));
            for (const key of cursors.current.keys()) if (!here.has(key)) cursors.current.delete(key);
            for (const p of list) if (!cursors.current.has(p.id)) cursors.current.set(p.id, { name: p.name, color: p.color, userId: p.user_id });
            m.showCollaborators(canvas, cursors.current);
          },
          role: (r) => {
            setRole(r);
            sync.setLive(r !== 'viewer');
            setNotice(r === 'viewer' ? 'You can now only view this project' : 'You can now edit this project');
          },
          saved: (version) => sync.liveSaved(version, session.hasUnsaved),
          status: (s) => {
            setStatus(s);
            if (s !== 'live') sync.setLive(false);
            // access removed or project deleted: nothing drawn here could be kept any more
            if (s === 'closed') setRole('viewer');
          },
          error: (message) => setNotice(message),
        },
        (elements) => sync.fileRefs(elements as unknown as SceneElements),
      );
      sync.watchLive(() => session.hasUnsaved);
      live.current = session;
    },
    [projectId, setRole, setNotice, stop],
  );

  // the selection others see (sent only when it changed)
  const lastSelection = useRef('');
  const onPointerUpdate = useCallback(
    (pointer: { x: number; y: number; tool: 'pointer' | 'laser' }, button: 'up' | 'down') => {
      const session = live.current;
      const canvas = api.current;
      if (!session?.connected || !canvas) return;
      const selected = Object.keys(canvas.getAppState().selectedElementIds ?? {});
      const key = selected.join(',');
      session.presence({ pointer, button, ...(key !== lastSelection.current ? { selected } : {}) });
      lastSelection.current = key;
    },
    [api],
  );

  useEffect(() => () => live.current?.dispose(), []);

  return { live, role, roleRef, setRole, status, peers, open, stop, onPointerUpdate };
}
