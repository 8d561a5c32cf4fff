// Kept apart from the blog's zod schemas so pages that only need the list do not load zod.

/**
 * Languages a blog article can be written in: the two UI languages plus the six landing-page
 * languages. English is the default and the fallback.
 */
export const BLOG_LANGS = ['en', 'zh-CN', 'de', 'es', 'fr', 'ja', 'ko', 'pt'] as const;
export type BlogLang = (typeof BLOG_LANGS)[number];
export const DEFAULT_BLOG_LANG: BlogLang = 'en';
