import { useTranslation } from '../../i18n/i18n';
import type { PublishedProject, Scene } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styles from '../../features/canvas/canvas.module.css';
import page from './PublishedPage.module.css';
import { fresh, runApi } from '../../app/api/api';
import { firstPaint } from '../../app/first-paint';
import { canvasApi } from '../../features/canvas/api';
import { ReadOnlyCanvas } from '../../features/canvas/ReadOnlyCanvas';
import { loadCanvasModule } from '../../features/canvas/useCanvasModule';
import { PdfDownload } from './PdfDownload';

/** What the page shows before the scene arrives: from the server's first paint, then from the API. */
type Shown = Pick<PublishedProject, 'title' | 'description' | 'allow_download'> & { snapshot_url: string | null };

/**
 * `/p/:id`: a published canvas, read-only. The server already painted the SVG snapshot; this page
 * counts the view and shows the snapshot. The interactive viewer (Excalidraw, a few hundred kB)
 * loads when the visitor reaches for the board (a click, a tap, the wheel, Enter), starting to
 * download as the pointer comes near, so a visitor who only looks never pays for it.
 * `?embed=1` is the frameless version used by the embed code.
 */
export function PublishedPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const embed = params.get('embed') === '1';
  const [project, setProject] = useState<PublishedProject | null>(null);
  const [error, setError] = useState<string | null>(null);
  // opened at this address, the server already drew the title and snapshot: the page starts from them
  const first = firstPaint<Shown>(`/p/${id}`);

  useEffect(() => {
    let live = true;
    const ref = document.referrer ? `?ref=${encodeURIComponent(document.referrer)}` : '';
    runApi(canvasApi.endpoints.publishedProject.initiate({ id, ref }, fresh)).then(
      (p) => {
        if (!live) return;
        setProject(p);
        document.title = `${p.title} | VisualNotes`;
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (error) {
    return (
      <div className={styles.center}>
        <h1>{t('Not published')}</h1>
        <p className={styles.muted}>{t(error)}</p>
        <p>
          <a href="/">{t('Back to home')}</a>
        </p>
      </div>
    );
  }
  const shown: Shown | null = project ?? first;
  return (
    <div data-testid="published-page">
      {!embed && shown && (
        <div className={page.header}>
          <h1 className={page.title} dir="auto" data-testid="published-title">
            {shown.title}
          </h1>
          {shown.description && (
            <span className={page.description} dir="auto" data-testid="published-description">
              {shown.description}
            </span>
          )}
          {shown.allow_download && <PdfDownload publicId={id} title={shown.title} />}
        </div>
      )}
      {shown && <Board shown={shown} scene={project?.scene ?? null} id={id} className={embed ? styles.embed : styles.viewer} />}
    </div>
  );
}

/**
 * The snapshot until the visitor reaches for the board, then the interactive viewer over it (once
 * the scene is here); a board without a snapshot goes straight to the viewer.
 */
function Board({ shown, scene, id, className }: { shown: Shown; scene: Scene | null; id: string; className: string }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(!shown.snapshot_url);
  const picture = shown.snapshot_url ? <img className={styles.snapshot} src={shown.snapshot_url} alt={shown.title} onError={() => setWanted(true)} /> : null;
  if (wanted && scene) return <ReadOnlyCanvas scene={scene} filesPath={`/p/${id}/files`} fallback={picture} className={className} />;
  const explore = () => setWanted(true);
  const prefetch = () => void loadCanvasModule().catch(() => undefined);
  return (
    <div className={className} data-testid="read-only-canvas">
      {picture && (
        <button
          type="button"
          className={page.explore}
          onClick={explore}
          onWheel={explore}
          onPointerEnter={prefetch}
          onTouchStart={prefetch}
          onFocus={prefetch}
          aria-label={t('Zoom and pan the board')}
          aria-busy={wanted}
          data-testid="published-explore"
        >
          {picture}
          <span className={page.hint} aria-hidden="true">
            {t(wanted ? 'Loading…' : 'Click to zoom and pan')}
          </span>
        </button>
      )}
    </div>
  );
}
