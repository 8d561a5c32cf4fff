import { useTranslation } from '../../i18n/i18n';
import type { PublishedProject } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styles from '../../features/canvas/canvas.module.css';
import page from './PublishedPage.module.css';
import { fresh, runApi } from '../../app/api/api';
import { canvasApi } from '../../features/canvas/api';
import { ReadOnlyCanvas } from '../../features/canvas/ReadOnlyCanvas';
import { loadCanvasModule } from '../../features/canvas/useCanvasModule';
import { PdfDownload } from './PdfDownload';

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
  return (
    <div data-testid="published-page">
      {!embed && project && (
        <div className={page.header}>
          <h1 className={page.title} dir="auto" data-testid="published-title">
            {project.title}
          </h1>
          {project.description && (
            <span className={page.description} dir="auto" data-testid="published-description">
              {project.description}
            </span>
          )}
          {project.allow_download && <PdfDownload publicId={id} title={project.title} />}
        </div>
      )}
      {project && <Board project={project} id={id} className={embed ? styles.embed : styles.viewer} />}
    </div>
  );
}

/** The snapshot until the visitor reaches for the board, then the interactive viewer over it. */
function Board({ project, id, className }: { project: PublishedProject; id: string; className: string }) {
  const { t } = useTranslation();
  const [interactive, setInteractive] = useState(false);
  const picture = <img className={styles.snapshot} src={project.snapshot_url} alt={project.title} onError={() => setInteractive(true)} />;
  if (interactive) return <ReadOnlyCanvas scene={project.scene} filesPath={`/p/${id}/files`} fallback={picture} className={className} />;
  const explore = () => setInteractive(true);
  const prefetch = () => void loadCanvasModule().catch(() => undefined);
  return (
    <div className={className} data-testid="read-only-canvas">
      <button
        type="button"
        className={page.explore}
        onClick={explore}
        onWheel={explore}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        aria-label={t('Zoom and pan the board')}
        data-testid="published-explore"
      >
        {picture}
        <span className={page.hint} aria-hidden="true">
          {t('Click to zoom and pan')}
        </span>
      </button>
    </div>
  );
}
