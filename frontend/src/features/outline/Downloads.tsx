import { DOCX_CONTENT_TYPE, fileBase, outlineDocx, outlineMarkdown, type Outline } from '@visualnotes/contracts';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { useTranslation } from '../../i18n/i18n';
import { download } from '../video/formats';
import { printPart } from './print';

/**
 * Buttons that download an outline (a summary or a transcript) as Markdown and as Word, its links
 * to moments and pages included, and print its part of the page (the browser saves it as PDF).
 * The labels come translated from the caller; without `markdown` there is no Markdown button (a
 * transcript has its TXT, SRT and VTT).
 */
export function OutlineDownloads({
  outline,
  name,
  labels,
  testId,
  printed,
}: {
  outline: () => Outline;
  name: string;
  labels: { markdown?: string; word: string };
  testId: string;
  /** The part of the page "Save as PDF" prints. */
  printed?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
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
      {printed && (
        <Button onClick={() => printPart(printed())} data-testid={`${testId}-pdf`}>
          {t('Save as PDF')}
        </Button>
      )}
      {failed && <span role="alert">{t('The Word file could not be made; please try again')}</span>}
    </>
  );
}
