import { documentSummaryOutline, ENGLISH_OUTLINE_WORDS, Messages, type DocumentSummaryView } from '@visualnotes/contracts';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { hasSession } from '../../app/api/tokens';
import { Button } from '../../components/Button/Button';
import { AskPanel } from '../ask/AskPanel';
import { OutlineDownloads } from '../outline/Downloads';
import { sendSceneToNewCanvas } from '../video/canvas';
import { useLazyGetSummaryPageQuery } from './api';
import { buildDocumentScene, documentPageLink } from './document-map';
import { working } from './summary-state';
import styles from './documents.module.css';

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

/** A summary being read or written: what is at work and how far it is. */
function SummaryProgress({ view, progress }: { view?: DocumentSummaryView; progress: number }) {
  const { t } = useTranslation();
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

/** The summary of a document: its progress while it works, then its overview, sections, citations and questions. */
export function SummaryResult({ id, view, progress }: { id: string; view?: DocumentSummaryView; progress: number }) {
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
  if (!view || working(view.status)) return <SummaryProgress view={view} progress={progress} />;
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
