import { Messages, type DocumentSummaryView } from '@visualnotes/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { UpgradePrompt } from '../../components/UpgradePrompt/UpgradePrompt';
import { useAuth } from '../auth/useAuth';
import { useGetEntitlementsQuery } from '../license/api';
import { useJobProgress } from '../video/useJobProgress';
import { useGetSummaryQuery, useLazyGetSummaryPageQuery, useSummarizeFileMutation, useSummarizeTextMutation } from './api';
import { ANY_DOCUMENT, DOCUMENT_TOOLS } from './document-tools';
import styles from './documents.module.css';
import { ToolGuide } from '../../components/ToolGuide/ToolGuide';

const UNIT_LABEL = { page: 'Page', slide: 'Slide', part: 'Part' } as const;

function errorMessage(err: unknown): string {
  const data = (err as { data?: { message?: unknown } })?.data;
  return typeof data?.message === 'string' ? data.message : 'Something went wrong; please try again';
}

/** When the free allowance starts again: the first day of next month (counted per calendar month, UTC). */
function nextReset(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The free plan's document summaries of this month are all used: say so and offer Premium. */
function AllowanceUsedPrompt({ limit }: { limit: number | null }) {
  return (
    <aside className={styles.allowance} role="alert" data-testid="monthly-allowance-used">
      <strong>{limit ? `You have used all ${limit} free document summaries of this month` : 'No free document summaries left this month'}</strong>
      <p>{Messages.monthlySummariesUsed}.</p>
      <p className={styles.muted}>Your free summaries start again on {nextReset()}.</p>
      <a className={styles.cta} href="/pricing">
        See Premium plans
      </a>
    </aside>
  );
}

/** PDF, PowerPoint and Word summarizers, and the text summarizer (one component, one tab each). */
export function DocumentSummarizer({ heading, slug }: { heading: string; slug: string }) {
  const tool = DOCUMENT_TOOLS[slug];
  const { loggedIn } = useAuth();
  const [mode, setMode] = useState<'file' | 'text'>('file');
  const [text, setText] = useState('');
  const [summaryId, setSummaryId] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [summarizeFile, fileState] = useSummarizeFileMutation();
  const [summarizeText, textState] = useSummarizeTextMutation();
  // Progress comes as events; a slow poll covers a stream that broke before the end.
  const [poll, setPoll] = useState(false);
  const summary = useGetSummaryQuery(summaryId ?? '', { skip: !summaryId, pollingInterval: poll ? 3_000 : 0 });
  const inProgress = !!summaryId && (!summary.data || summary.data.status === 'queued' || summary.data.status === 'summarizing');
  if (poll !== inProgress) setPoll(inProgress);
  const job = useJobProgress(jobId, () => void summary.refetch());
  const busy = fileState.isLoading || textState.isLoading;
  const entitlements = useGetEntitlementsQuery(undefined, { skip: !loggedIn });
  const limit = entitlements.data?.limits.document_summaries ?? null;
  const used = entitlements.data?.usage.document_summaries ?? 0;
  const usedUp = error === Messages.monthlySummariesUsed || (limit !== null && used >= limit && !summaryId);

  const start = async (run: () => Promise<{ summary_id: string; job_id: string }>) => {
    setError(null);
    setSummaryId(null);
    setJobId(null);
    try {
      const res = await run();
      setSummaryId(res.summary_id);
      setJobId(res.job_id);
    } catch (err) {
      setError(errorMessage(err));
    }
    if (loggedIn) void entitlements.refetch();
  };
  const onFile = (file: File | undefined) => file && void start(() => summarizeFile(file).unwrap());
  const onText = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void start(() => summarizeText({ text }).unwrap());
  };

  return (
    <main className={styles.page}>
      <h1>{heading}</h1>
      <div className={styles.tabs} role="tablist">
        <button type="button" role="tab" aria-selected={mode === 'file'} className={mode === 'file' ? styles.tabActive : styles.tab} onClick={() => setMode('file')}>
          Upload a file
        </button>
        <button type="button" role="tab" aria-selected={mode === 'text'} className={mode === 'text' ? styles.tabActive : styles.tab} onClick={() => setMode('text')}>
          Text summarizer
        </button>
      </div>
      {!loggedIn ? (
        <p className={styles.login} data-testid="need-login">
          {Messages.needLogin}. <Link to="/account/login">Log in</Link> or <Link to="/account/login?register=1">create a free account</Link> to summarize documents.
        </p>
      ) : usedUp ? (
        <AllowanceUsedPrompt limit={limit} />
      ) : mode === 'file' ? (
        <div
          className={dragging ? styles.dropActive : styles.drop}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            onFile(e.dataTransfer.files?.[0]);
          }}
        >
          <p>Drop a {tool?.label ?? 'document'} file here (PDF, PowerPoint .pptx, Word .docx or text), or</p>
          <label className={styles.pick}>
            {busy ? 'Reading…' : 'Choose a file'}
            {/* Hidden from sight, not from the keyboard: Tab reaches the picker, Enter or Space opens it. */}
            <input
              type="file"
              className="visually-hidden"
              accept={`${tool?.accept ?? ''},${ANY_DOCUMENT}`}
              disabled={busy}
              onChange={(e) => onFile(e.target.files?.[0])}
              data-testid="document-file"
            />
          </label>
        </div>
      ) : (
        <form onSubmit={onText} className={styles.drop}>
          <textarea className={styles.textarea} value={text} onChange={(e) => setText(e.target.value)} placeholder="Paste text or Markdown to summarize" aria-label="Text to summarize" />
          <button type="submit" disabled={busy || !text.trim()}>
            Summarize
          </button>
        </form>
      )}
      {loggedIn && limit !== null && !usedUp && (
        <p className={styles.muted} data-testid="document-allowance">
          {Math.min(used, limit)} of {limit} free document summaries used this month
        </p>
      )}
      {error === Messages.documentTooLong ? (
        <UpgradePrompt reason="long-document" />
      ) : (
        error && error !== Messages.monthlySummariesUsed && <p className={styles.error} role="alert">{error}</p>
      )}
      {summaryId ? <SummaryResult id={summaryId} view={summary.data} progress={job?.progress ?? summary.data?.progress ?? 0} /> : <ToolGuide kind="document" />}
    </main>
  );
}

function SummaryResult({ id, view, progress }: { id: string; view?: DocumentSummaryView; progress: number }) {
  const [loadPage, page] = useLazyGetSummaryPageQuery();
  if (!view || view.status === 'queued' || view.status === 'summarizing') {
    return (
      <section aria-live="polite" data-testid="document-progress">
        <p>Summarizing{view ? ` “${view.title}”` : ''}… {Math.round(progress)}%</p>
        <div className={styles.progress} role="progressbar" aria-label="Summary progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress)}>
          <div className={styles.bar} style={{ width: `${Math.max(3, progress)}%` }} />
        </div>
      </section>
    );
  }
  if (view.status === 'failed') return <p className={styles.error} role="alert">{view.error ?? 'The summary failed'}</p>;
  const unit = UNIT_LABEL[view.unit];
  return (
    <section className={styles.result} data-testid="document-summary">
      <div>
        <h2>{view.title}</h2>
        <p>{view.summary?.overview}</p>
        {view.summary?.sections.map((s, i) => (
          <article key={i}>
            <h3>{s.title}</h3>
            <ul>
              {(s.citations ?? s.points.map((text) => ({ text, page: s.page }))).map((p, j) => (
                <li key={j}>
                  {p.text}
                  {p.page && (
                    <button type="button" className={styles.cite} onClick={() => void loadPage({ id, page: p.page! })}>
                      {unit} {p.page}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <aside className={styles.source} aria-label="Cited text">
        {page.data ? (
          <>
            <strong>
              {unit} {page.data.page}
              {page.data.title ? `: ${page.data.title}` : ''}
            </strong>
            <p>{page.data.text}</p>
          </>
        ) : (
          <p>Click a {unit.toLowerCase()} number to read its text.</p>
        )}
      </aside>
    </section>
  );
}
