import type { ComponentType } from 'react';
import { ChunkLoadError } from './chunk-reload-guard';

type PageModule = Record<string, unknown>;

/**
 * A `route.lazy` for one page component of an area chunk. A rejected import becomes a
 * ChunkLoadError, which the route error boundary turns into a guarded reload.
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>, exportName: keyof M & string) {
  return async () => {
    let mod: M;
    try {
      mod = await load();
    } catch (error) {
      throw new ChunkLoadError(error);
    }
    const Component = mod[exportName] as ComponentType | undefined;
    if (!Component) throw new Error(`Page module has no export "${exportName}"`);
    return { Component };
  };
}
