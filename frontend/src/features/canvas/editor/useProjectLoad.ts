import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readToken } from '../../../app/api/tokens';
import { msg } from '../../../i18n/msg';
import { useRequireAuth } from '../../auth/useAuth';
import { ApiError } from '../http';
import { fetchProject, openProject, type Loaded } from './open-project';

/**
 * Opens project `id` once the sign-in is checked (the request itself starts at once when a
 * session is there), and again on `reload()`. `onLoaded` sees each opened project first.
 */
export function useProjectLoad(id: string, onLoaded: (loaded: Loaded) => void) {
  const { loggedIn, ready } = useRequireAuth();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const opened = useRef(onLoaded);
  opened.current = onLoaded;

  // Asked for at once when a session is there (the answer waits for the sign-in check below).
  const early = useMemo(() => (readToken() ? fetchProject(id) : null), [id]);
  const usedEarly = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    if (!ready || !loggedIn) return;
    let live = true;
    setLoaded(null);
    setFailure(null);
    const fetched = early && usedEarly.current !== early ? early : fetchProject(id);
    usedEarly.current = early;
    openProject(id, fetched).then(
      (l) => {
        if (!live) return;
        setLoaded(l);
        opened.current(l);
      },
      (err: Error) => live && setFailure(err instanceof ApiError && err.statusCode === 404 ? msg('Project not found') : err.message),
    );
    return () => {
      live = false;
    };
  }, [id, ready, loggedIn, early, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { loaded, failure, reload };
}
