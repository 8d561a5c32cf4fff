import { Messages } from '@visualnotes/contracts';
import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { msg } from '../../i18n/msg';
import { UpgradePrompt } from '../../components/UpgradePrompt/UpgradePrompt';
import { ToolGuide } from '../../components/ToolGuide/ToolGuide';
import { NeedLogin } from '../auth/NeedLogin';
import { AllowanceUsedPrompt } from './AllowanceUsedPrompt';
import { ANY_DOCUMENT, DOCUMENT_TOOLS } from './document-tools';
import { RecentSummaries } from './RecentSummaries';
import { SummaryInput } from './SummaryInput';
import { SummaryResult } from './SummaryResult';
import { useDocumentSummary } from './useDocumentSummary';
import styles from './documents.module.css';

/** PDF, PowerPoint and Word summarizers, and the text summarizer (one component, one tab each). */
export function DocumentSummarizer({ heading, slug }: { heading: string; slug: string }) {
  const { t } = useTranslation();
  const tool = DOCUMENT_TOOLS[slug];
  const doc = useDocumentSummary();
  const { loggedIn, limit, usedUp, error } = doc;
  return (
    <div className={styles.page}>
      <h1>{t(heading)}</h1>
      <SummaryInput
        kind={tool?.label ?? t('document')}
        accept={`${tool?.accept ?? ''},${ANY_DOCUMENT}`}
        busy={doc.busy}
        onFile={doc.summarizeFile}
        onText={(text) => doc.summarizeText(t('Text'), text)}
        blocked={!loggedIn ? <NeedLogin className={styles.login} purpose={msg('to summarize documents.')} /> : usedUp && <AllowanceUsedPrompt limit={limit} />}
      />
      {loggedIn && limit !== null && !usedUp && (
        <p className={styles.muted} data-testid="document-allowance">
          {t('{{used}} of {{limit}} free document summaries used this month', { used: Math.min(doc.used, limit), limit })}
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
      {doc.recovering !== null ? (
        <section aria-live="polite" data-testid="document-pending">
          <p>{t('Reading “{{title}}”…', { title: doc.recovering })}</p>
        </section>
      ) : doc.summaryId ? (
        doc.summary.isError ? (
          <p className={styles.error} role="alert">
            {t(errorMessage(doc.summary.error) ?? '')}
          </p>
        ) : (
          <SummaryResult id={doc.summaryId} view={doc.summary.data} progress={doc.progress} />
        )
      ) : (
        <ToolGuide kind="document" />
      )}
      {loggedIn && <RecentSummaries current={doc.summary.data} />}
    </div>
  );
}
