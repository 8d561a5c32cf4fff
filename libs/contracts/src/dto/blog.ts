import { z } from 'zod';

import { BLOG_LANGS, DEFAULT_BLOG_LANG, type BlogLang } from '../site/blog-langs';

export { BLOG_LANGS, DEFAULT_BLOG_LANG, type BlogLang } from '../site/blog-langs';

export const BlogMessages = {
  unsupportedLanguage: `Unsupported language; use one of ${BLOG_LANGS.join(', ')}`,
  articleNotFound: 'This article does not exist in the requested language',
} as const;

export const blogLangSchema = z.enum(BLOG_LANGS, { error: BlogMessages.unsupportedLanguage }).default(DEFAULT_BLOG_LANG);
export const blogListQuerySchema = z.object({ lang: blogLangSchema });
export const blogArticleQuerySchema = z.object({ lang: blogLangSchema });

/** One card of the blog list (`GET /api/blog?lang=`). */
export interface BlogListItem {
  slug: string;
  title: string;
  excerpt: string;
  published_at: string;
  updated_at: string;
  lang: BlogLang;
  /** Every language this article exists in (for the language switch and hreflang links). */
  translations: BlogLang[];
  tags: string[];
  reading_minutes: number;
}

/** One article (`GET /api/blog/:slug?lang=`); `html` is rendered from Markdown and sanitised. */
export interface BlogArticle extends BlogListItem {
  html: string;
  author: string;
}
