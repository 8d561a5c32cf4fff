/** The document tool pages (app/routes/tools.ts slugs) and the files each one asks for first. */
export const DOCUMENT_TOOLS: Record<string, { accept: string; label: string }> = {
  'pdf-summarizer': { accept: '.pdf,application/pdf', label: 'PDF' },
  'ppt-summarizer': { accept: '.pptx,application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint (.pptx)' },
  'word-summarizer': { accept: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word (.docx)' },
};
/** Any document kind is accepted on every page: the server tells the type from the content. */
export const ANY_DOCUMENT = '.pdf,.pptx,.docx,.txt,.md,.doc,.ppt,.odt,.odp,.rtf,.epub';
