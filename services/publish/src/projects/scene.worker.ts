import { DomainError, type ErrorCode } from '@visualnotes/contracts';
import type { SceneComparison } from '../versions/scene-delta';
import { compareChains, type CompareTask } from '../versions/version-chain';
import { validateScene } from './scene';

/** A scene sent by a client, as JSON text, or two kept versions to compare. */
export type SceneTask = { text: string } | { compare: CompareTask };

/**
 * The scene as stored (JSON text) or the comparison, or the user-facing refusal: errors lose their
 * class between threads.
 */
export type SceneOutcome = { ok: true; text: string } | { ok: true; comparison: SceneComparison } | { ok: false; code: ErrorCode; message: string };

/**
 * Runs in a worker thread of the scene pool (see scene-pool.ts): restores and checks a scene, and
 * gives it back as the text to store. Text crosses the thread boundary in one copy, where an object
 * of thousands of elements would be cloned field by field on the event loop.
 */
export default function check(task: SceneTask): SceneOutcome {
  if ('compare' in task) return { ok: true, comparison: compareChains(task.compare) };
  try {
    return { ok: true, text: JSON.stringify(validateScene(JSON.parse(task.text), task.text)) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
