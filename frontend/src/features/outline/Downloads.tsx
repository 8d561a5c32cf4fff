import { DOCX_CONTENT_TYPE, fileBase, OutlineMessages, outlineDocx, outlineMarkdown, type Outline } from '@visualnotes/contracts';
import { useState } from 'react';
import { runApi } from '../../app/api/api';
import { filesApi } from '../../app/api/files';
import { saveAs } from '../../app/download';
import { errorMessage } from '../../app/error/describe-error';
import { Button } from '../../components/Button/Button';
import { useTranslation } from '../../i18n/i18n';
import { download } from '../video/formats';

/**
 * Buttons that download an outline (a summary or a transcript) as Markdown and as Word, written
 * here, and as PDF, set by the server (`pdf`), its links to moments and pages included in each.
 * The labels come translated from the caller; without `markdown` there is no Markdown button (a
 * transcript has its TXT, SRT and VTT).
 */
export function OutlineDownloads({
  outline,
  name,
  labels,
  testId,
  pdf = false,
}: {
  outline: () => Outline;
  name: string;
  labels: { markdown?: string; word: string };
  testId: string;
  /** A "PDF" button too. */
  pdf?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const base = fileBase(name);
  const word = async () => {
    setBusy(true);
    setFailed(false);
    try {
      download(`${base}.docx`, new Blob([await outlineDocx(outline())], { type: DOCX_CONTENT_TYPE }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const makePdf = async () => {
    setPdfBusy(true);
    setPdfError(null);
    try {
      saveAs(await runApi(filesApi.endpoints.outlinePdf.initiate(outline())), `${base}.pdf`);
    } catch (err) {
      setPdfError(errorMessage(err) ?? OutlineMessages.failed);
    } finally {
      setPdfBusy(false);
    }
  };
  return (
    <>
      {labels.markdown && (
        <Button onClick={() => download(`${base}.md`, outlineMarkdown(outline()), 'text/markdown')} data-testid={`${testId}-markdown`}>
          {labels.markdown}
        </Button>
      )}
      <Button onClick={() => void word()} busy={busy} data-testid={`${testId}-word`}>
        {labels.word}
      </Button>
      {pdf && (
        <Button onClick={() => void makePdf()} busy={pdfBusy} data-testid={`${testId}-pdf`}>
          {t('Summary as PDF')}
        </Button>
      )}
      {failed && <span role="alert">{t('The Word file could not be made; please try again')}</span>}
      {pdfError && <span role="alert">{t(pdfError)}</span>}
    </>
  );
}
