/** Transcript and summary formats live in the contracts (the batch ZIP export makes the same files). */
export { clock, fileBase, momentUrl, toMarkdown, toSrt, toTxt, toVtt } from '@visualnotes/contracts';

/** Subtitle files the summarizer reads (SubRip, WebVTT, Advanced SubStation Alpha). */
export const SUBTITLE_FILES = '.srt,.vtt,.ass,.ssa';

export { download } from '../../app/download';
