import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { BLOG_LANGS, BlogMessages, DomainError, type BlogArticle, type BlogLang, type BlogListItem } from '@visualnotes/contracts';
import matter from 'gray-matter';
import { z } from 'zod';
import { plainText, renderMarkdown } from './markdown';

/** Articles live in the repository: `content/blog/<slug>/<lang>.md`, front matter + Markdown. */
export const BLOG_CONTENT_DIR = resolve(__dirname, '../../content/blog');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const frontMatterSchema = z.object({
  title: z.string().trim().min(1).max(140),
  description: z.string().trim().min(1).max(300),
  date: z.coerce.date(),
  updated: z.coerce.date().optional(),
  author: z.string().trim().min(1).default('VisualNotes team'),
  tags: z.array(z.string().trim().min(1)).default([]),
  draft: z.boolean().default(false),
});

const isLang = (value: string): value is BlogLang => (BLOG_LANGS as readonly string[]).includes(value);

/** Reading speed: words for alphabetic scripts, characters for Chinese, Japanese and Korean. */
function readingMinutes(text: string, lang: BlogLang) {
  const units = ['zh-CN', 'ja', 'ko'].includes(lang) ? text.replace(/\s/g, '').length / 400 : text.split(' ').length / 220;
  return Math.max(1, Math.round(units));
}

/**
 * Loads every article once at start (they ship with the code) and answers from memory. A file
 * with broken front matter stops the service with its path rather than silently disappearing.
 */
@Injectable()
export class BlogService {
  private readonly logger = new Logger(BlogService.name);
  private readonly articles: BlogArticle[];

  constructor() {
    this.articles = loadArticles(BLOG_CONTENT_DIR);
    this.logger.log(`${this.articles.length} blog articles loaded`);
  }

  /** Newest first; drafts are never listed. */
  list(lang: BlogLang): BlogListItem[] {
    return this.articles.filter((a) => a.lang === lang).map(toListItem);
  }

  get(slug: string, lang: BlogLang): BlogArticle {
    const article = this.articles.find((a) => a.slug === slug && a.lang === lang);
    if (!article) throw new DomainError('NOT_FOUND', BlogMessages.articleNotFound);
    return article;
  }

  index(): BlogListItem[] {
    return this.articles.map(toListItem);
  }
}

function toListItem({ html: _html, author: _author, ...item }: BlogArticle): BlogListItem {
  return item;
}

export function loadArticles(dir: string): BlogArticle[] {
  if (!existsSync(dir)) return [];
  const articles: BlogArticle[] = [];
  for (const slug of readdirSync(dir).sort()) {
    if (!SLUG.test(slug)) continue;
    const files = readdirSync(join(dir, slug)).filter((f) => f.endsWith('.md'));
    const langs = files.map((f) => f.slice(0, -3)).filter(isLang);
    for (const lang of langs) {
      const path = join(dir, slug, `${lang}.md`);
      const parsed = matter(readFileSync(path, 'utf8'));
      const meta = frontMatterSchema.safeParse(parsed.data);
      if (!meta.success) throw new Error(`Blog article ${path}: ${meta.error.issues[0]?.path.join('.')} ${meta.error.issues[0]?.message}`);
      if (meta.data.draft) continue;
      const text = plainText(parsed.content);
      articles.push({
        slug,
        lang,
        title: meta.data.title,
        excerpt: meta.data.description,
        published_at: meta.data.date.toISOString(),
        updated_at: (meta.data.updated ?? meta.data.date).toISOString(),
        translations: [],
        tags: meta.data.tags,
        reading_minutes: readingMinutes(text, lang),
        author: meta.data.author,
        html: renderMarkdown(parsed.content),
      });
    }
  }
  for (const article of articles) {
    article.translations = BLOG_LANGS.filter((l) => articles.some((a) => a.slug === article.slug && a.lang === l));
  }
  return articles.sort((a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug));
}
