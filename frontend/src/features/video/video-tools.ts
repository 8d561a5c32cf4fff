/** Tool slugs (app/routes/tools.ts) served by the video summarizer page. */
export const VIDEO_TOOL_SLUGS = new Set([
  'youtube-summarizer',
  'youtube-transcript-generator',
  'youtube-to-transcript',
  'youtube-note-taker',
  'youtube-subtitle-downloader',
  'video-summarizer',
]);
