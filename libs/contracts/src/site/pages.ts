import type { Capabilities } from '../rpc/ai';

/**
 * The public pages' titles and descriptions, used by the front end (document title) and by the
 * gateway (title, description and Open Graph tags in the HTML it serves).
 */
export const SITE_NAME = 'VisualNotes';
export const SITE_DESCRIPTION =
  'VisualNotes is a visual note-taking tool to think, create and publish on a canvas: whiteboards, moodboards, flowcharts and AI summaries of videos and documents.';

export interface PageMeta {
  title: string;
  description: string;
}

export type ToolGroup = 'visual' | 'ai';
/** What draws a tool's page: the editor itself, a maker (a template to start from), the video summarizer or the document summarizer. */
export type ToolPageKind = 'editor' | 'maker' | 'video' | 'document';
export interface SiteTool {
  slug: string;
  name: string;
  group: ToolGroup;
  description: string;
  page: ToolPageKind;
}

/** The twelve tools, each at `/tools/<slug>`. */
export const SITE_TOOLS: readonly SiteTool[] = [
  { slug: 'offline-whiteboard', name: 'Offline Whiteboard', group: 'visual', description: 'A whiteboard that works without a connection.', page: 'editor' },
  { slug: 'moodboard-maker', name: 'Moodboard Maker', group: 'visual', description: 'Collect images and ideas on one board.', page: 'maker' },
  { slug: 'flowchart-maker', name: 'Flowchart Maker', group: 'visual', description: 'Draw processes and decisions as flowcharts.', page: 'maker' },
  { slug: 'youtube-summarizer', name: 'YouTube Summarizer', group: 'ai', description: 'Summarize a YouTube video with AI.', page: 'video' },
  {
    slug: 'youtube-transcript-generator',
    name: 'YouTube Transcript Generator',
    group: 'ai',
    description: 'Generate a transcript for a YouTube video.',
    page: 'video',
  },
  { slug: 'youtube-to-transcript', name: 'YouTube to Transcript', group: 'ai', description: 'Turn a YouTube video into text.', page: 'video' },
  { slug: 'youtube-note-taker', name: 'YouTube Note Taker', group: 'ai', description: 'Take timestamped notes while watching.', page: 'video' },
  { slug: 'pdf-summarizer', name: 'PDF Summarizer', group: 'ai', description: 'Summarize a PDF document with AI.', page: 'document' },
  { slug: 'ppt-summarizer', name: 'PPT Summarizer', group: 'ai', description: 'Summarize a PowerPoint presentation with AI.', page: 'document' },
  { slug: 'word-summarizer', name: 'Word Summarizer', group: 'ai', description: 'Summarize a Word document with AI.', page: 'document' },
  { slug: 'video-summarizer', name: 'Video Summarizer', group: 'ai', description: 'Summarize an online or local video with AI.', page: 'video' },
  {
    slug: 'youtube-subtitle-downloader',
    name: 'YouTube Subtitle Downloader',
    group: 'ai',
    description: 'Download the subtitles of a YouTube video.',
    page: 'video',
  },
];

/** Pages that exist in every landing language under `/<lang>/<slug>`. */
export const LANDING_PAGE_SLUGS: readonly string[] = [...SITE_TOOLS.map((tool) => tool.slug), 'download', 'pricing', 'templates'];

/** Comparison pages, served at `/<slug>` by the catch-all route. */
export const COMPARISON_PAGES = [
  { slug: 'miro-alternative', name: 'VisualNotes vs Miro', rival: 'Miro' },
  { slug: 'milanote-alternative', name: 'VisualNotes vs Milanote', rival: 'Milanote' },
  { slug: 'notion-alternative', name: 'VisualNotes vs Notion', rival: 'Notion' },
  { slug: 'excalidraw-alternative', name: 'VisualNotes vs Excalidraw', rival: 'Excalidraw' },
] as const;

/** Fixed public pages (no id in the path), in English, the default language. */
export const STATIC_PAGES: Record<string, PageMeta & { indexable?: boolean }> = {
  '/': { title: SITE_NAME, description: SITE_DESCRIPTION },
  '/download': {
    title: 'Download',
    description: 'Download VisualNotes for Mac, Windows, iOS and Android, or install the offline web app from your browser.',
  },
  '/pricing': {
    title: 'Pricing',
    description: 'Plans and prices of VisualNotes: Premium, Publisher and Desktop Pro, monthly, yearly or lifetime, with a 30-day money-back guarantee.',
  },
  '/templates': {
    title: 'Templates',
    description: 'Free templates for visual notes, whiteboards, moodboards, flowcharts and mind maps.',
  },
  '/blog': {
    title: 'Blog',
    description: 'Guides on visual note-taking, whiteboards, moodboards, flowcharts and AI summaries of videos and documents.',
  },
  '/embedTest': { title: 'Embed test', description: 'A published board and a video summary embedded the way another site would.', indexable: false },
  '/privacy': { title: 'Privacy Policy', description: 'What VisualNotes collects, why, how long it is kept and the choices you have.' },
  '/terms': { title: 'Terms of Service', description: 'The terms for using VisualNotes, its apps, licenses and subscriptions.' },
  '/changelog': { title: 'Changelog', description: 'What changed in VisualNotes, release by release.' },
  '/roadmap': { title: 'Roadmap', description: 'What we are building next for VisualNotes, and what we have decided not to build.' },
  '/vision': { title: 'Vision', description: 'Why we build VisualNotes: thinking is visual, and notes should lead somewhere.' },
  '/refer': { title: 'Invite friends', description: 'Invite friends to VisualNotes and unlock unlimited videos and AI summaries for free.' },
  '/account': { title: 'Account', description: SITE_DESCRIPTION, indexable: false },
  '/account/login': { title: 'Log in', description: SITE_DESCRIPTION, indexable: false },
  '/account/appsumo': { title: 'Account', description: SITE_DESCRIPTION, indexable: false },
  '/account/reset': { title: 'Reset password', description: SITE_DESCRIPTION, indexable: false },
  '/user/confirm': { title: 'Confirm your account', description: SITE_DESCRIPTION, indexable: false },
  '/share': { title: 'Shared', description: SITE_DESCRIPTION, indexable: false },
  '/p/statistic': { title: 'Statistics', description: SITE_DESCRIPTION, indexable: false },
};

/** Every combination of what an installation may offer: public pages are drawn ahead of time for each. */
export const CAPABILITY_COMBINATIONS: readonly Capabilities[] = [false, true].flatMap((google) =>
  [false, true].map((transcription) => ({ google_sign_in: google, transcription })),
);

/** The name of a combination, by which a page drawn ahead of time is found. */
export const capabilityKey = (c: Capabilities): string =>
  `${c.google_sign_in ? 'google' : 'no-google'}+${c.transcription ? 'transcription' : 'no-transcription'}`;

/**
 * An API answer the server already has when it sends a page (a blog article, the plans), written
 * into the page (`#page-answers`) so the app starts with it instead of asking again, and so the
 * server can draw the page with it: the front end's query `endpointName` with its argument `arg`.
 */
export interface ServedAnswer {
  endpointName: 'getPlans' | 'blogArticle';
  arg?: unknown;
  value: unknown;
}
