import type { DocumentSummaryItem, DocumentSummaryView } from '@visualnotes/contracts';
import { readStoredJson, writeStored } from '../../app/browser-storage';

/** Whether a summary is still being read or written. */
export const working = (status: DocumentSummaryView['status']) => status === 'reading' || status === 'queued' || status === 'summarizing';

/**
 * A summary asked for and not answered yet, kept for this tab. The answer (and with it the id put
 * in the address) comes once the whole file is received and read, which for a long document takes
 * a while: a reload meanwhile finds the summary in the user's list instead of losing it.
 */
export interface PendingSummary {
  /** When it was asked for (this device's clock). */
  at: number;
  title: string;
  /** The summaries listed then; null when the list was not read yet. */
  known: string[] | null;
}
const PENDING_KEY = 'vn.document-summary-pending';
/** After this, a summary that did not appear never will: the reload cut the upload short. */
export const PENDING_MS = 120_000;

export function readPending(): PendingSummary | null {
  const p = readStoredJson<PendingSummary>('tab', PENDING_KEY);
  return p && typeof p.at === 'number' && Date.now() - p.at < PENDING_MS ? p : null;
}

/** Without storage (private mode) a reload loses the request, as it did before. */
export function writePending(p: PendingSummary | null) {
  writeStored('tab', PENDING_KEY, p ? JSON.stringify(p) : null);
}

/** The summary started by `pending`: the newest one not listed back then. */
export function startedBy(pending: PendingSummary, items: DocumentSummaryItem[]): DocumentSummaryItem | undefined {
  return items.find((item) => (pending.known ? !pending.known.includes(item.id) : Date.parse(item.created_at) >= pending.at - PENDING_MS));
}
