/**
 * What exports tell people, in a module of its own: pages that only show these words (a published
 * board's PDF download) do not load the export request schemas, and zod with them.
 */
export const EXPORT_MAX_SCALE = 4;

export const ExportMessages = {
  formatInvalid: 'Please choose PDF, PowerPoint or ZIP',
  framesInvalid: 'Please choose the frames to export',
  frameNotFound: 'One of the chosen frames is no longer on the board; please choose the frames again',
  scaleInvalid: `The scale must be between 0.1 and ${EXPORT_MAX_SCALE}`,
  exportNotFound: 'This export does not exist or has expired',
  notReady: 'This export is not ready yet',
  tooComplex: 'This board is too large or complex to export in time; try exporting fewer frames at once',
  failed: 'The export could not be made; please try again',
  downloadNotAllowed: 'The owner of this board does not offer it as a PDF download',
} as const;
