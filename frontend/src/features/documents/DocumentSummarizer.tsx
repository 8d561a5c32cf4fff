import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { readStoredJson, writeStored } from '../../app/browser-storage';
import { documentSummaryOutline, ENGLISH_OUTLINE_WORDS, Messages, type DocumentSummaryItem, type DocumentSummaryView } from '@visualnotes/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button/Button';
import { UpgradePrompt } from '../../components/UpgradePrompt/UpgradePrompt';
import { useAuth } from '../auth/useAuth';
import { NeedLogin } from '../auth/NeedLogin';
import { useGetEntitlementsQuery } from '../license/api';
import { useJobProgress, useShownProgress } from '../video/useJobProgress';
import { AskPanel } from '../ask/AskPanel';
import { useGetSummaryQuery, useLazyGetSummaryPageQuery, useListSummariesQuery, useSummarizeFileMutation, useSummarizeTextMutation } from './api';
import { ANY_DOCUMENT, DOCUMENT_TOOLS } from './document-tools';
import styles from './documents.module.css';
import { ToolGuide } from '../../components/ToolGuide/ToolGuide';
import { formatDate } from '../../i18n/format';
import { msg } from '../../i18n/msg';
import { hasSession } from '../../app/api/tokens';
import { sendSceneToNewCanvas } from '../video/canvas';
import { buildDocumentScene, documentPageLink } from './document-map';
import { OutlineDownloads } from '../outline/Downloads';

const UNIT_LABEL = { page: msg('Page {{number}}'), slide: msg('Slide {{number}}'), part: msg('Part {{number}}') } as const;
/** Said under the overview when pages or slides had no text to read. */
const TEXTLESS_NOTE = {
  page: {
    one: msg('Page {{list}} has no text we can read (it may be a scanned image), so the summary leaves it out.'),
    many: msg('Pages {{list}} have no text we can read (they may be scanned images), so the summary leaves them out.'),
  },
  slide: {
    one: msg('Slide {{list}} has only pictures, so the summary leaves it out.'),
    many: msg('Slides {{list}} have only pictures, so the summary leaves them out.'),
  },
} as const;
/** The first pages of a long list, then how many more. */
const MAX_LISTED = 12;

/** Said when some pages' text came from their image (scans). */
const OCR_NOTE = {
  one: msg('Page {{list}} is a scanned image: its text was read by character recognition (OCR) and may hold mistakes.'),
  many: msg('Pages {{list}} are scanned images: their text was read by character recognition (OCR) and may hold mistakes.'),
};

const listed = (pages: number[]) => pages.slice(0, MAX_LISTED).join(', ') + (pages.length > MAX_LISTED ? ` (+${pages.length - MAX_LISTED})` : '');

/** Whether a summary is still being read or written. */
const working = (status: DocumentSummaryView['status']) => status === 'reading' || status === 'queued' || status === 'summarizing';

/**
 * A summary asked for and not answered yet, kept for this tab. The answer (and with it the id put
 * in the address) comes once the whole file is received and read, which for a long document takes
 * a while: a reload meanwhile finds the summary in the user's list instead of losing it.
 */
interface PendingSummary {
  /** When it was asked for (this device's clock). */
  at: number;
  title: string;
  /** The summaries listed then; null when the list was not read yet. */
  known: string[] | null;
}
const PENDING_KEY = 'vn.document-summary-pending';
/** After this, a summary that did not appear never will: the reload cut the upload short. */
const PENDING_MS = 120_000;

function readPending(): PendingSummary | null {
  const p = readStoredJson<PendingSummary>('tab', PENDING_KEY);
  return p && typeof p.at === 'number' && Date.now() - p.at < PENDING_MS ? p : null;
}

/** Without storage (private mode) a reload loses the request, as it did before. */
function writePending(p: PendingSummary | null) {
  writeStored('tab', PENDING_KEY, p ? JSON.stringify(p) : null);
}

/** The summary started by `pending`: the newest one not listed back then. */
function startedBy(pending: PendingSummary, items: DocumentSummaryItem[]): DocumentSummaryItem | undefined {
  return items.find((item) => (pending.known ? !pending.known.includes(item.id) : Date.parse(item.created_at) >= pending.at - PENDING_MS));
}

/** When the free allowance starts again: the first day of next month (counted per calendar month, UTC). */
function nextReset(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return formatDate(next, { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The free plan's document summaries of this month are all used: say so and offer Premium. */
function AllowanceUsedPrompt({ limit }: { limit: number | null }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.allowance} role="alert" data-testid="monthly-allowance-used">
      <strong>
        {limit ? t('You have used all {{limit}} free document summaries of this month', { limit }) : t('No free document summaries left this month')}
      </strong>
      <p>{t(Messages.monthlySummariesUsed)}.</p>
      <p className={styles.muted}>{t('Your free summaries start again on {{date}}.', { date: nextReset() })}</p>
      <a className={styles.cta} href="/pricing">
        {t('See Premium plans')}
      </a>
    </aside>
  );
}

/** PDF, PowerPoint and Word summarizers, and the text summarizer (one component, one tab each). */
export function DocumentSummarizer({ heading, slug }: { heading: string; slug: string }) {
  const { t } = useTranslation();
  const tool = DOCUMENT_TOOLS[slug];
  const { loggedIn } = useAuth();
  const [mode, setMode] = useState<'file' | 'text'>('file');
  const [text, setText] = useState('');
  // The open summary is in the address (`?summary=`): a reload, Back or a bookmark brings it back.
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
  const [dragging, setDragging] = useState(false);
  const [summarizeFile, fileState] = useSummarizeFileMutation();
  const [summarizeText, textState] = useSummarizeTextMutation();
  // Progress comes as events; a slow poll covers a stream that broke before the end.
  const [poll, setPoll] = useState(false);
  const summary = useGetSummaryQuery(summaryId ?? '', { skip: !summaryId, pollingInterval: poll ? 3_000 : 0 });
  const inProgress = !!summaryId && (!summary.data || working(summary.data.status));
  if (poll !== inProgress) setPoll(inProgress);
  // Reading and summarizing are two jobs one after the other: the summary names the one at work.
  const job = useJobProgress(summary.data?.job_id ?? jobId, () => void summary.refetch());
  const progress = useShownProgress(summary.data?.job_id ?? jobId, summary.data?.status ?? '', job, summary.data?.progress);
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
  const onFile = (file: File | undefined) => file && void start(file.name, () => summarizeFile(file).unwrap());
  const onText = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void start(t('Text'), () => summarizeText({ text }).unwrap());
  };

  return (
    <div className={styles.page}>
      <h1>{t(heading)}</h1>
      <div className={styles.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'file'}
          className={mode === 'file' ? styles.tabActive : styles.tab}
          onClick={() => setMode('file')}
        >
          {t('Upload a file')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'text'}
          className={mode === 'text' ? styles.tabActive : styles.tab}
          onClick={() => setMode('text')}
        >
          {t('Text summarizer')}
        </button>
      </div>
      {!loggedIn ? (
        <NeedLogin className={styles.login} purpose={msg('to summarize documents.')} />
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
          <p>{t('Drop a {{kind}} file here (PDF, PowerPoint, Word, OpenDocument, RTF, EPUB or text), or', { kind: tool?.label ?? t('document') })}</p>
          <label className={styles.pick}>
            {busy ? t('Reading…') : t('Choose a file')}
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
          <textarea
            className={styles.textarea}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('Paste text or Markdown to summarize')}
            aria-label={t('Text to summarize')}
          />
          <button type="submit" disabled={busy || !text.trim()} aria-busy={busy}>
            {busy ? t('Reading…') : t('Summarize')}
          </button>
        </form>
      )}
      {loggedIn && limit !== null && !usedUp && (
        <p className={styles.muted} data-testid="document-allowance">
          {t('{{used}} of {{limit}} free document summaries used this month', { used: Math.min(used, limit), limit })}
        </p>
      )}
      {error === Messages.documentTooLong ? (
        <UpgradePrompt reason="long-document" />
      ) : (
        error &&
        error !== Messages.monthlySummariesUsed && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )
      )}
      {recovering ? (
        <section aria-live="polite" data-testid="document-pending">
          <p>{t('Reading “{{title}}”…', { title: pending?.title ?? '' })}</p>
        </section>
      ) : summaryId ? (
        summary.isError ? (
          <p className={styles.error} role="alert">
            {t(errorMessage(summary.error) ?? '')}
          </p>
        ) : (
          <SummaryResult id={summaryId} view={summary.data} progress={progress} />
        )
      ) : (
        <ToolGuide kind="document" />
      )}
      {loggedIn && <RecentSummaries current={summary.data} />}
    </div>
  );
}

const KIND_LABEL = { pdf: 'PDF', pptx: 'PowerPoint', docx: 'Word', text: msg('Text') } as const;

/** The user's earlier summaries: each opens again here, from the account's own list. */
function RecentSummaries({ current }: { current?: DocumentSummaryView }) {
  const { t } = useTranslation();
  const list = useListSummariesQuery();
  const items = list.data?.items ?? [];
  // the open summary finished (or failed) since the list was read: read it again
  const stale = !!current && items.some((item) => item.id === current.id && item.status !== current.status);
  const { refetch } = list;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  if (!items.length) return null;
  const label = (item: DocumentSummaryItem) =>
    `${t(KIND_LABEL[item.kind])} · ${new Date(item.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
  return (
    <section className={styles.recent} aria-labelledby="recent-summaries" data-testid="recent-summaries">
      <h2 id="recent-summaries">{t('Your document summaries')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link dir="auto" to={`?summary=${encodeURIComponent(item.id)}`} aria-current={item.id === current?.id ? 'page' : undefined}>
              {item.title}
            </Link>{' '}
            <span className={styles.muted}>
              {label(item)}
              {item.status === 'failed'
                ? ` · ${t('Failed')}`
                : item.status === 'reading'
                  ? ` · ${t('Reading…')}`
                  : item.status !== 'completed'
                    ? ` · ${t('Summarizing…')}`
                    : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Send to canvas": the summary as a map on a new canvas (the same path as a video's), then opens it. */
function SendToCanvas({ id, view }: { id: string; view: DocumentSummaryView }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (!hasSession()) return setNote(Messages.needLogin);
    setBusy(true);
    try {
      const scene = buildDocumentScene(id, view, { overview: t('Overview'), page: (number) => t(UNIT_LABEL[view.unit], { number }) });
      const project = await sendSceneToNewCanvas(view.title, scene);
      setNote(msg('Sent to a new canvas'));
      window.location.assign(`/projects/${project}`);
    } catch (err) {
      setNote((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className={styles.mapAction}>
      <Button onClick={() => void send()} busy={busy} data-testid="document-to-canvas">
        {t('Send to canvas')}
      </Button>
      <OutlineDownloads
        outline={() =>
          documentSummaryOutline(view, (page) => documentPageLink(id, page), {
            ...ENGLISH_OUTLINE_WORDS,
            overview: t('Overview'),
            page: (unit, number) => t(UNIT_LABEL[unit], { number }),
          })
        }
        name={view.title}
        labels={{ markdown: t('Summary as Markdown'), word: t('Summary as Word') }}
        testId="document-summary"
        pdf
      />
      {note && (
        <span className={styles.muted} role="status">
          {t(note)}
        </span>
      )}
    </p>
  );
}

function SummaryResult({ id, view, progress }: { id: string; view?: DocumentSummaryView; progress: number }) {
  const { t } = useTranslation();
  const [loadPage, page] = useLazyGetSummaryPageQuery();
  // A link to one of its pages (a node of its map on a canvas) opens with that page shown.
  const [params] = useSearchParams();
  const linkedPage = Number(params.get('page'));
  const completed = view?.status === 'completed';
  useEffect(() => {
    if (completed && Number.isInteger(linkedPage) && linkedPage >= 1) void loadPage({ id, page: linkedPage });
  }, [completed, id, linkedPage, loadPage]);
  // On a phone the cited text is below the whole summary: a click on a citation brings it into view.
  const source = useRef<HTMLElement>(null);
  const [cited, setCited] = useState(0);
  useEffect(() => {
    if (cited && page.data) source.current?.scrollIntoView({ block: 'nearest' });
  }, [cited, page.data]);
  if (!view || working(view.status)) {
    // While a PDF is read, its progress is the share of its pages read.
    const read = view?.status === 'reading' && view.pages ? Math.min(view.pages, Math.round((progress * view.pages) / 100)) : null;
    return (
      <section aria-live="polite" data-testid="document-progress">
        <p>
          {!view
            ? t('Summarizing…')
            : view.status === 'reading'
              ? read !== null
                ? t('Reading “{{title}}”: {{read}} of {{pages}} pages', { title: view.title, read, pages: view.pages })
                : t('Reading “{{title}}”…', { title: view.title })
              : t('Summarizing “{{title}}”…', { title: view.title })}{' '}
          {Math.round(progress)}%
        </p>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={t('Summary progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress)}
        >
          <div className={styles.bar} style={{ width: `${Math.max(3, progress)}%` }} />
        </div>
      </section>
    );
  }
  if (view.status === 'failed')
    return (
      <p className={styles.error} role="alert">
        {t(view.error ?? 'The summary failed')}
      </p>
    );
  const unit = UNIT_LABEL[view.unit];
  return (
    <section className={styles.result} data-testid="document-summary">
      <div>
        {/* The document's own words, in its own direction (Arabic, Hebrew, Persian read right to left). */}
        <h2 dir="auto">{view.title}</h2>
        <p dir="auto">{view.summary?.overview}</p>
        {view.summary && <SendToCanvas id={id} view={view} />}
        {view.unit !== 'part' && view.textless_pages?.length > 0 && (
          <p className={styles.note} data-testid="textless-pages">
            {t(TEXTLESS_NOTE[view.unit][view.textless_pages.length === 1 ? 'one' : 'many'], {
              list: listed(view.textless_pages),
            })}
          </p>
        )}
        {view.ocr_pages?.length > 0 && (
          <p className={styles.note} data-testid="ocr-pages">
            {t(OCR_NOTE[view.ocr_pages.length === 1 ? 'one' : 'many'], { list: listed(view.ocr_pages) })}
          </p>
        )}
        {view.summary?.sections.map((s, i) => (
          <article key={i}>
            <h3 dir="auto">{s.title}</h3>
            <ul dir="auto">
              {(s.citations ?? s.points.map((text) => ({ text, page: s.page }))).map((p, j) => (
                <li key={j}>
                  {p.text}
                  {p.page && (
                    <button
                      type="button"
                      className={styles.cite}
                      onClick={() => {
                        setCited((n) => n + 1);
                        void loadPage({ id, page: p.page! });
                      }}
                    >
                      {t(unit, { number: p.page })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </article>
        ))}
        <AskPanel
          target={{ kind: 'document', id }}
          title={view.title}
          onOpenPage={(number) => {
            setCited((n) => n + 1);
            void loadPage({ id, page: number });
          }}
          linkOf={(c) => `${window.location.origin}${window.location.pathname}?summary=${encodeURIComponent(id)}&page=${c.page ?? 1}`}
        />
      </div>
      <aside ref={source} className={styles.source} aria-label={t('Cited text')}>
        {page.data ? (
          <>
            <strong>
              {t(unit, { number: page.data.page })}
              {page.data.title ? `: ${page.data.title}` : ''}
            </strong>
            <p dir="auto">{page.data.text}</p>
          </>
        ) : (
          <p>{t('Click a number to read the text it cites.')}</p>
        )}
      </aside>
    </section>
  );
}
