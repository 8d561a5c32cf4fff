import { TOOLS } from './tools';

/** Language landing pages (`/de`, `/es`, …) and their sub-pages (`/:lang/:slug`). */
export const LANGUAGES = [
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'pt', name: 'Português' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * Pages that exist in every language under `/:lang/<slug>`. The spec does not list them; the
 * localized tool pages plus the main product pages are assumed until content arrives.
 */
export const LANGUAGE_PAGE_SLUGS: readonly string[] = [...TOOLS.map((tool) => tool.slug), 'download', 'pricing', 'templates'];

/**
 * Single-segment pages served by the `/:id` catch-all. The spec names a footer column
 * "Comparisons"; these are its pages. Any other id is a 404.
 */
export const COMPARISONS = [
  { slug: 'miro-alternative', name: 'VisualNotes vs Miro' },
  { slug: 'milanote-alternative', name: 'VisualNotes vs Milanote' },
  { slug: 'notion-alternative', name: 'VisualNotes vs Notion' },
  { slug: 'excalidraw-alternative', name: 'VisualNotes vs Excalidraw' },
] as const;

/** Static information pages (footer). */
export const INFO_PAGES = {
  privacy: { path: '/privacy', title: 'Privacy Policy' },
  terms: { path: '/terms', title: 'Terms of Service' },
  changelog: { path: '/changelog', title: 'Changelog' },
  roadmap: { path: '/roadmap', title: 'Roadmap' },
  vision: { path: '/vision', title: 'Vision' },
} as const;
