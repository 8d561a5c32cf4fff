import { brotliDecompressSync } from 'node:zlib';
import type { Scene } from '@visualnotes/contracts';
import { applyDelta, compareScenes, type SceneComparison, type SceneDelta } from './scene-delta';

/** Stored rows that rebuild one version: a whole scene, then the deltas after it (see VersionsRepository.chain). */
export interface ChainRow {
  kind: 'full' | 'delta';
  /** Brotli-compressed JSON. */
  data: Uint8Array;
}

/** The scene a chain of decompressed rows (JSON text) rebuilds. */
export function rebuildScene(rows: { kind: 'full' | 'delta'; json: string }[]): Scene {
  let scene: Scene | null = null;
  for (const row of rows) {
    const value = JSON.parse(row.json) as Scene | SceneDelta;
    scene = row.kind === 'full' ? (value as Scene) : applyDelta(scene!, value as SceneDelta);
  }
  return scene!;
}

const inflate = (rows: ChainRow[]) => rows.map((r) => ({ kind: r.kind, json: brotliDecompressSync(r.data).toString('utf8') }));

/** Two versions to compare: `from` a chain, `to` a chain or the scene now as JSON text. */
export interface CompareTask {
  from: ChainRow[];
  to: ChainRow[] | { sceneText: string };
}

/** Rebuilds both scenes and compares them (run in a worker thread: a large board takes a while). */
export function compareChains(task: CompareTask): SceneComparison {
  const from = rebuildScene(inflate(task.from));
  const to = Array.isArray(task.to) ? rebuildScene(inflate(task.to)) : (JSON.parse(task.to.sceneText) as Scene);
  return compareScenes(from, to);
}
