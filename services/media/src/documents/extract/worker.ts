import type { MessagePort } from 'node:worker_threads';
import { DomainError, type ErrorCode } from '@visualnotes/contracts';
import { extractDocument, extractText, finishText } from './index';
import type { ExtractedDocument, ExtractLimits } from './types';

/** A file's bytes (moved to the worker, not copied) or pasted text; `started` hears when reading begins. */
export type ExtractTask = ({ data: Uint8Array; name?: string; declaredType?: string } | { text: string }) & {
  limits: ExtractLimits;
  started?: MessagePort;
};

/** A refusal comes back as its code and text: errors lose their class between threads. */
export type ExtractOutcome = { ok: true; doc: ExtractedDocument } | { ok: false; code: ErrorCode; message: string };

async function extract(task: ExtractTask): Promise<ExtractOutcome> {
  task.started?.postMessage('started');
  task.started?.close();
  try {
    if ('text' in task) return { ok: true, doc: finishText(extractText(task.text, task.limits)) };
    const data = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
    return { ok: true, doc: await extractDocument(data, { name: task.name, declaredType: task.declaredType }, task.limits) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

/**
 * Runs in a worker thread of the extraction pool (see pool.ts). The parsers are loaded before the
 * thread takes its first document (the pool waits for a promised handler), so a document's time
 * limit is spent reading it.
 */
export default Promise.all([import('unpdf').then((u) => u.getResolvedPDFJS()), import('mammoth')]).then(() => extract);
