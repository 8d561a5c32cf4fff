import type { MessagePort } from 'node:worker_threads';
import { DomainError, type ErrorCode } from '@visualnotes/contracts';
import { validateScene } from './scene';

/** A scene sent by a client, as JSON text; `started` hears when checking begins. */
export interface SceneTask {
  text: string;
  started?: MessagePort;
}

/** The scene as stored (JSON text), or the user-facing refusal: errors lose their class between threads. */
export type SceneOutcome = { ok: true; text: string } | { ok: false; code: ErrorCode; message: string };

/**
 * Runs in a worker thread of the scene pool (see scene-pool.ts): restores and checks a scene, and
 * gives it back as the text to store. Text crosses the thread boundary in one copy, where an object
 * of thousands of elements would be cloned field by field on the event loop.
 */
export default function check(task: SceneTask): SceneOutcome {
  task.started?.postMessage('started');
  task.started?.close();
  try {
    return { ok: true, text: JSON.stringify(validateScene(JSON.parse(task.text))) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}
