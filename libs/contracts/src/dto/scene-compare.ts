import type { Scene, SceneElement } from './publish';

/** Equal JSON values (scenes, elements), whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return (a ?? null) === (b ?? null);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameJson(v, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  if (keys.length !== Object.keys(y).filter((k) => y[k] !== undefined).length) return false;
  return keys.every((k) => sameJson(x[k], y[k]));
}

/** Element ids of what differs between two states of a board, each list in scene order. */
export interface SceneComparison {
  added: string[];
  removed: string[];
  changed: string[];
}

/** The element without what every edit (or a restore) renews, so only its content is compared. */
function content(e: SceneElement): Record<string, unknown> {
  const { version: _v, versionNonce: _n, updated: _u, ...rest } = e;
  return rest;
}

/**
 * What a person sees changed from `from` to `to`: deleted elements (`isDeleted`) count as gone;
 * an element with the same `version` and `versionNonce` is taken as unchanged (Excalidraw renews
 * both on every edit), else its content is compared, so a restore that only renewed versions
 * changes nothing. `same` compares two elements' content (the server passes Node's own).
 */
export function compareScenes(from: Scene, to: Scene, same: (a: unknown, b: unknown) => boolean = sameJson): SceneComparison {
  const live = (s: Scene) => new Map(s.elements.filter((e) => !e.isDeleted).map((e) => [e.id, e]));
  const before = live(from);
  const after = live(to);
  const added: string[] = [];
  const changed: string[] = [];
  for (const [id, e] of after) {
    const old = before.get(id);
    if (!old) added.push(id);
    else if ((old.version !== e.version || old.versionNonce !== e.versionNonce) && !same(content(old), content(e))) changed.push(id);
  }
  const removed = [...before.keys()].filter((id) => !after.has(id));
  return { added, removed, changed };
}

/**
 * Chosen elements of an earlier scene put back into the current one, each as it was then and newer
 * than both (so editors that merge by element version take it): one that was not on the board then
 * is deleted; one gone now returns next to the element it followed then. A container's bound text
 * goes with it. The other elements are left as they are. `restored` lists the elements changed.
 */
export function restoreChosenElements(
  current: Scene,
  old: Scene,
  ids: readonly string[],
  nonce: () => number = () => Math.floor(Math.random() * 2 ** 31),
): { scene: Scene; restored: SceneElement[] } {
  const wanted = new Set(ids);
  for (const e of old.elements) if (!e.isDeleted && typeof e.containerId === 'string' && wanted.has(e.containerId)) wanted.add(e.id);
  const then = new Map(old.elements.filter((e) => !e.isDeleted).map((e) => [e.id, e]));
  const now = new Map(current.elements.map((e) => [e.id, e]));
  const bump = (e: SceneElement, base: number): SceneElement => ({ ...e, version: base + 1, versionNonce: nonce(), updated: Date.now() });
  const replaced = new Map<string, SceneElement>();
  for (const id of wanted) {
    const was = then.get(id);
    const is = now.get(id);
    if (was) replaced.set(id, bump(was, Math.max(was.version, is?.version ?? 0)));
    else if (is && !is.isDeleted) replaced.set(id, { ...bump(is, is.version), isDeleted: true });
  }
  // elements gone from the board return after the element they followed then ('': at the start)
  const inserts = new Map<string, SceneElement[]>();
  let anchor = '';
  for (const e of old.elements) {
    if (now.has(e.id)) anchor = e.id;
    else if (replaced.has(e.id)) inserts.set(anchor, [...(inserts.get(anchor) ?? []), replaced.get(e.id)!]);
  }
  const elements = [...(inserts.get('') ?? [])];
  for (const e of current.elements) elements.push(replaced.get(e.id) ?? e, ...(inserts.get(e.id) ?? []));
  return { scene: { ...current, elements }, restored: [...replaced.values()] };
}
