import { useTranslation } from '../../i18n/i18n';
import type { SharedItem } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styles from '../../features/canvas/canvas.module.css';
import { fresh, runApi } from '../../app/api/api';
import { canvasApi } from '../../features/canvas/api';
import { ReadOnlyCanvas } from '../../features/canvas/ReadOnlyCanvas';

/** `/share/:id?`: a project shared by a read-only link. */
export function SharePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [item, setItem] = useState<SharedItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    runApi(canvasApi.endpoints.sharedItem.initiate(id, fresh)).then(
      (i) => live && setItem(i),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (!id) {
    return (
      <div className={styles.center}>
        <h1>{t('Shared items')}</h1>
        <p className={styles.muted}>{t('Open a share link you received to see the shared canvas here.')}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className={styles.center}>
        <h1>{t('Link unavailable')}</h1>
        <p className={styles.muted}>{t(error)}</p>
        <p>
          <a href="/">{t('Back to home')}</a>
        </p>
      </div>
    );
  }
  return (
    <div data-testid="share-page">
      {item && (
        <>
          <div className={styles.toolbar}>
            <h1 style={{ fontSize: '1.1rem', margin: 0 }}>{item.title}</h1>
            <span className={styles.muted}>{t('Read-only')}</span>
          </div>
          <ReadOnlyCanvas scene={item.scene} filesPath={`/share/${id}/files`} />
        </>
      )}
    </div>
  );
}
