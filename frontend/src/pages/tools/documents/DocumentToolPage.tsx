import { useLocation } from 'react-router-dom';
import { findToolByPath } from '../../../app/routes/tools';
import { DocumentSummarizer } from '../../../features/documents/DocumentSummarizer';

/** The PDF, PPT and Word summarizer tool pages (with the text summarizer as a tab), each at `/tools/<slug>`. */
export function DocumentToolPage() {
  const tool = findToolByPath(useLocation().pathname);
  return tool ? <DocumentSummarizer heading={tool.name} slug={tool.slug} /> : null;
}
