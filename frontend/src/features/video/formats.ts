/** Transcript and summary formats live in the contracts (the batch ZIP export makes the same files). */
export { clock, fileBase, momentUrl, toMarkdown, toSrt, toTxt, toVtt } from '@visualnotes/contracts';

/** Subtitle files the summarizer reads (SubRip, WebVTT, Advanced SubStation Alpha). */
export const SUBTITLE_FILES = '.srt,.vtt,.ass,.ssa';

export function download(name: string, text: string, type = 'text/plain') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
