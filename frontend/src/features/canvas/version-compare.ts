import type { Scene, SceneElement, VersionComparison } from '@visualnotes/contracts';
import { msg } from '../../i18n/msg';

/** The colours of a comparison drawn over the board (also shown in its legend). */
export const COMPARE_COLOURS = { added: '#2f9e44', removed: '#e03131', changed: '#f08c00' } as const;

export type ChangeKind = keyof typeof COMPARE_COLOURS;

/**
 * The board at `to` with what changed since `from` in colour: added elements green, changed ones
 * orange, removed ones (taken from `from`) red and dashed, the rest faded. Drawn by the editor's
 * own renderer, read-only.
 */
export function comparisonScene(from: Scene, to: Scene, cmp: Pick<VersionComparison, 'added' | 'removed' | 'changed'>): Scene {
  const kinds = new Map<string, ChangeKind>();
  for (const kind of ['added', 'removed', 'changed'] as const) for (const id of cmp[kind]) kinds.set(id, kind);
  const mark = (e: SceneElement, kind: ChangeKind | undefined): SceneElement => {
    if (!kind) return { ...e, opacity: 25 } as SceneElement;
    const colour = COMPARE_COLOURS[kind];
    const text = e.type === 'text';
    return {
      ...e,
      strokeColor: colour,
      ...(text ? {} : { strokeWidth: Math.max(Number((e as { strokeWidth?: number }).strokeWidth ?? 1), 2) }),
      ...(kind === 'removed' ? { strokeStyle: 'dashed', opacity: 70 } : { opacity: 100 }),
    } as SceneElement;
  };
  const shown = to.elements.filter((e) => !e.isDeleted).map((e) => mark(e, kinds.get(e.id)));
  const removed = from.elements.filter((e) => kinds.get(e.id) === 'removed').map((e) => mark({ ...e, isDeleted: false }, 'removed'));
  return { ...to, elements: [...shown, ...removed], files: { ...(from.files ?? {}), ...(to.files ?? {}) } };
}

const TYPE_NAMES: Record<string, string> = {
  rectangle: msg('Rectangle'),
  ellipse: msg('Ellipse'),
  diamond: msg('Diamond'),
  arrow: msg('Arrow'),
  line: msg('Line'),
  freedraw: msg('Drawing'),
  text: msg('Text'),
  image: msg('Image'),
  frame: msg('Frame'),
};

/** An element as a list names it: its kind (a message key) and, for text, its first words. */
export function elementLabel(e: SceneElement | undefined): { kind: string; text: string } {
  const kind = (e && TYPE_NAMES[e.type]) ?? msg('Element');
  const raw = e && typeof (e as { text?: unknown }).text === 'string' ? (e as unknown as { text: string }).text : '';
  const text = raw.split('\n')[0].slice(0, 40);
  return { kind, text };
}
