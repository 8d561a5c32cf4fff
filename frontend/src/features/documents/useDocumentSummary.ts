import { Messages } from '@visualnotes/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/error/describe-error';
import { msg } from '../../i18n/msg';
import { useAuth } from '../auth/useAuth';
import { useGetEntitlementsQuery } from '../license/api';
import { useJobProgress, useShownProgress } from '../video/useJobProgress';
import { useGetSummaryQuery, useListSummariesQuery, useSummarizeFileMutation, useSummarizeTextMutation } from './api';
import { PENDING_MS, readPending, startedBy, working, writePending, type PendingSummary } from './summary-state';

/**
 * The document summary this page works on: asking for one (a file or text), the open one (its id
 * in the address, `?summary=`, so a reload, Back or a bookmark brings it back) with its progress,
 * a request a reload cut off (found again in the user's list), and the free plan's allowance.
 */
export function useDocumentSummary() {
  const { loggedIn } = useAuth();
  const [params, setParams] = useSearchParams();
  const summaryId = params.get('summary');
  const setSummaryId = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('summary', id);
        else next.delete('summary');
        return next;
      },
      { replace: !id },
    );
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [summarizeFile, fileState] = useSummarizeFileMutation();
  const [summarizeText, textState] = useSummarizeTextMutation();
  // Progress comes as events; a slow poll covers a stream that broke before the end.
  const [poll, setPoll] = useState(false);
  const summary = useGetSummaryQuery(summaryId ?? '', { skip: !summaryId, pollingInterval: poll ? 3_000 : 0 });
  const inProgress = !!summaryId && (!summary.data || working(summary.data.status));
  if (poll !== inProgress) setPoll(inProgress);
  // Reading and summarizing are two jobs one after the other: the summary names the one at work.
  const job = useJobProgress(summary.data?.job_id ?? jobId, () => void summary.refetch());
  // one summary's bar, through its reading and its summarizing job, only rises within each phase
  const progress = useShownProgress(summaryId, summary.data?.status ?? '', job, summary.data?.progress);
  const busy = fileState.isLoading || textState.isLoading;
  // a request of this page that a reload cut off: looked for in the list until it shows up
  const [pending, setPending] = useState<PendingSummary | null>(() => (summaryId ? null : readPending()));
  const recovering = !!pending && !busy && loggedIn && !summaryId;
  const list = useListSummariesQuery(undefined, { skip: !loggedIn, pollingInterval: recovering ? 2_000 : 0 });
  const entitlements = useGetEntitlementsQuery(undefined, { skip: !loggedIn });
  const limit = entitlements.data?.limits.document_summaries ?? null;
  const used = entitlements.data?.usage.document_summaries ?? 0;
  const usedUp = error === Messages.monthlySummariesUsed || (limit !== null && used >= limit && !summaryId);

  const forget = () => {
    writePending(null);
    setPending(null);
  };
  // the answer may come once the user has left the page: it must not bring them back to it
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!recovering || !pending) return;
    const found = list.data && startedBy(pending, list.data.items);
    if (found) {
      forget();
      setSummaryId(found.id);
      return;
    }
    const timer = setTimeout(
      () => {
        forget();
        setError(msg('The page was reloaded before the file reached us; please choose it again.'));
      },
      Math.max(0, pending.at + PENDING_MS - Date.now()),
    );
    return () => clearTimeout(timer);
    // setSummaryId changes with every address; what matters is the list and the request looked for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recovering, pending, list.data]);

  const start = async (title: string, run: () => Promise<{ summary_id: string; job_id: string }>) => {
    if (busy) return;
    setError(null);
    setSummaryId(null);
    setJobId(null);
    const asked = { at: Date.now(), title, known: list.data ? list.data.items.map((item) => item.id) : null };
    writePending(asked);
    setPending(asked);
    let res: { summary_id: string; job_id: string } | undefined;
    let failure: unknown;
    try {
      res = await run();
    } catch (err) {
      failure = err;
    }
    forget();
    if (!mounted.current) return;
    if (res) {
      // accepted: the id goes in the address at once, so a reload from here on shows its progress
      setSummaryId(res.summary_id);
      setJobId(res.job_id);
    } else {
      setError(errorMessage(failure) ?? '');
    }
    if (loggedIn) void entitlements.refetch();
  };

  return {
    loggedIn,
    summaryId,
    summary,
    progress,
    busy,
    /** The title of a request a reload cut off while it is looked for; null otherwise. */
    recovering: recovering ? (pending?.title ?? '') : null,
    error,
    limit,
    used,
    usedUp,
    summarizeFile: (file: File) => void start(file.name, () => summarizeFile(file).unwrap()),
    summarizeText: (title: string, text: string) => void start(title, () => summarizeText({ text }).unwrap()),
  };
}
