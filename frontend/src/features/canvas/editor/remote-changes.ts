/** An element as far as merging others' changes needs it. */
export interface Versioned {
  id: string;
  version: number;
  versionNonce: number;
}

/** Excalidraw's rule for two copies of an element: the higher version, else the lower nonce. */
export const wins = (a: Versioned, b: Versioned) => a.version > b.version || (a.version === b.version && a.versionNonce < b.versionNonce);

/** Shortest time between two merges of others' changes into the canvas (about one frame). */
export const MERGE_EVERY_MS = 16;

/**
 * Others' changes on their way to the canvas. A change arriving after a quiet moment is merged at
 * once; changes arriving faster than one a frame are gathered (one copy per element, the one
 * Excalidraw would keep) and merged together at the end of the frame. On a board of thousands of
 * elements every merge goes through the whole scene, so merging 100 changes a second one by one
 * fell behind by seconds; gathered, the canvas merges at most about 60 times a second.
 */
export class RemoteChanges<E extends Versioned> {
  private readonly pending = new Map<string, E>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private last = -Infinity;

  constructor(
    private readonly merge: (elements: E[]) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(elements: readonly E[]) {
    for (const e of elements) {
      const had = this.pending.get(e.id);
      if (!had || wins(e, had)) this.pending.set(e.id, e);
    }
    if (this.timer) return;
    const wait = this.last + MERGE_EVERY_MS - this.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Merges what is gathered now (before the scene is replaced, say). */
  flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.size) return;
    const elements = [...this.pending.values()];
    this.pending.clear();
    this.last = this.now();
    this.merge(elements);
  }

  /** Drops what is gathered (the editor is closing). */
  cancel() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}

/** Elements sorted by their order keys when each has one (as they are on the board), else as given. */
export function inBoardOrder<E extends { index?: string | null }>(elements: readonly E[]): readonly E[] {
  if (elements.length < 2 || elements.some((e) => typeof e.index !== 'string')) return elements;
  return [...elements].sort((a, b) => (a.index! < b.index! ? -1 : a.index! > b.index! ? 1 : 0));
}
