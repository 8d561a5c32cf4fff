import { DocumentSummarizer } from '../../../features/documents/DocumentSummarizer';

/** The PDF, PPT and Word summarizer tool pages (with the text summarizer as a tab). */
export function DocumentToolPage({ heading, slug }: { heading: string; slug: string }) {
  return <DocumentSummarizer heading={heading} slug={slug} />;
}
