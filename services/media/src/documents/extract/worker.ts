import { DomainError, type DocumentKind, type ErrorCode } from '@visualnotes/contracts';
import { extractDocument, extractText, finishDocument, finishText, probeDocument, readDocumentStep, type DocumentProbe, type ReadStep } from './index';
import type { MessagePort } from 'node:worker_threads';
import { HAS_LETTER, type ExtractedDocument, type ExtractedPage, type ExtractLimits } from './types';

type FileInfo = { name?: string; declaredType?: string };

/**
 * One piece of work for a reading thread: a whole file or pasted text (`extract`), the first look
 * at a file (`probe`), one reading step of it (`read`), or putting its steps together (`finish`).
 * File bytes are moved to the thread, not copied.
 */
export type ExtractTask = (
  | ({ op?: 'extract'; data: Uint8Array } & FileInfo)
  | { op?: 'extract'; text: string }
  | ({ op: 'probe'; data: Uint8Array } & FileInfo)
  | { op: 'read'; data: Uint8Array; kind: DocumentKind; from: number; to: number; careful?: boolean; progress?: MessagePort }
  | { op: 'finish'; data: Uint8Array; kind: DocumentKind; steps: ReadStep[] }
) & {
  limits: ExtractLimits;
};

/** A refusal comes back as its code and text: errors lose their class between threads. */
export type ExtractOutcome =
  { ok: true; doc: ExtractedDocument } | { ok: true; probe: DocumentProbe } | { ok: true; step: ReadStep } | { ok: false; code: ErrorCode; message: string };

const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

async function extract(task: ExtractTask): Promise<ExtractOutcome> {
  try {
    if ('text' in task) return { ok: true, doc: finishText(extractText(task.text, task.limits)) };
    const data = bytes(task.data);
    switch (task.op) {
      case 'probe':
        return { ok: true, probe: await probeDocument(data, { name: task.name, declaredType: task.declaredType }, task.limits) };
      case 'read':
        try {
          const onPage = task.progress ? pagesWithText(task.progress) : undefined;
          return { ok: true, step: await readDocumentStep(data, task.kind, { from: task.from, to: task.to, careful: task.careful }, task.limits, onPage) };
        } finally {
          task.progress?.close();
        }
      case 'finish':
        return { ok: true, doc: await finishDocument(data, task.kind, task.steps) };
      default:
        return { ok: true, doc: await extractDocument(data, { name: task.name, declaredType: task.declaredType }, task.limits) };
    }
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

/** How often a reading step tells its progress: every this many pages with text. */
const PROGRESS_EVERY = 25;

/** Counts the pages read that hold text (pages without are read by OCR after, and counted then), and posts the count now and then. */
function pagesWithText(port: MessagePort): (page: ExtractedPage) => void {
  let read = 0;
  return (page) => {
    if (HAS_LETTER.test(page.text) && ++read % PROGRESS_EVERY === 0) port.postMessage(read);
  };
}

/**
 * Runs in a worker thread of the extraction pool (see pool.ts). The parsers are loaded before the
 * thread takes its first document (the pool waits for a promised handler), so a document's time
 * limit is spent reading it.
 */
export default Promise.all([import('unpdf').then((u) => u.getResolvedPDFJS()), import('saxes')]).then(() => extract);
