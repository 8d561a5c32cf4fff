import { ExportMessages } from '@visualnotes/contracts';
import { useEffect, useRef, useState } from 'react';
import { fresh, runApi } from '../../app/api/api';
import { API_BASE_URL } from '../../app/constants';
import { saveAs } from '../../app/download';
import { errorMessage } from '../../app/error/describe-error';
import { Button } from '../../components/Button/Button';
import { canvasApi } from '../../features/canvas/api';
import { useTranslation } from '../../i18n/i18n';
import page from './PublishedPage.module.css';

const POLL_MS = 1_000;

/**
 * "Download PDF" on a published page whose owner offers it: the server renders the board as
 * published (once, for every visitor), the button shows how far it is, then the file downloads.
 */
export function PdfDownload({ publicId, title }: { publicId: string; title: string }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  async function start() {
    setError(null);
    setProgress(0);
    try {
      const { export_id: exportId } = await runApi(canvasApi.endpoints.startPublishedExport.initiate(publicId));
      while (alive.current) {
        const now = await runApi(canvasApi.endpoints.publishedExportState.initiate({ publicId, exportId }, fresh));
        if (now.status === 'failed') throw new Error(now.error ?? ExportMessages.failed);
        if (now.status === 'completed') {
          saveAs(`${API_BASE_URL}/p/${encodeURIComponent(publicId)}/exports/${exportId}/file`, now.file_name ?? `${title}.pdf`);
          break;
        }
        setProgress(now.progress);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } catch (err) {
      if (alive.current) setError(errorMessage(err) ?? (err as Error).message);
    } finally {
      if (alive.current) setProgress(null);
    }
  }

  return (
    <span className={page.download}>
      <Button size="sm" onClick={() => void start()} disabled={progress !== null} data-testid="published-download">
        {progress === null ? t('Download PDF') : t('Preparing the PDF… {{progress}}%', { progress })}
      </Button>
      {error && (
        <span role="alert" className={page.error}>
          {t(error)}
        </span>
      )}
    </span>
  );
}
