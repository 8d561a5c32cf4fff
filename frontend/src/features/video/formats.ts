/** Transcript and summary formats live in the contracts (the batch ZIP export makes the same files). */
export { clock, fileBase, momentUrl, toMarkdown, toSrt, toTxt, toVtt } from '@visualnotes/contracts';

/** Subtitle files the summarizer reads (SubRip, WebVTT, Advanced SubStation Alpha). */
export const SUBTITLE_FILES = '.srt,.vtt,.ass,.ssa';

/** Saves `content` (text, or a file made here) as a download named `name`. */
export function download(name: string, content: string | Blob, type = 'text/plain') {
  const url = URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type: `${type};charset=utf-8` }) : content);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
