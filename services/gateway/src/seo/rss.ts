import type { BlogLang, BlogListItem } from '@visualnotes/contracts';
import { SITE_NAME } from '@visualnotes/contracts';
import { escapeHtml } from './html';

/** Blog URL of an article in a language: English has no query, the others `?lang=`. */
export const blogArticlePath = (slug: string, lang: BlogLang) => `/blog/${slug}${lang === 'en' ? '' : `?lang=${lang}`}`;
export const blogListPath = (lang: BlogLang) => `/blog${lang === 'en' ? '' : `?lang=${lang}`}`;

export function buildRss(baseUrl: string, lang: BlogLang, articles: BlogListItem[]): string {
  const items = articles
    .map((a) => {
      const link = escapeHtml(baseUrl + blogArticlePath(a.slug, lang));
      return [
        '    <item>',
        `      <title>${escapeHtml(a.title)}</title>`,
        `      <link>${link}</link>`,
        `      <guid isPermaLink="true">${link}</guid>`,
        `      <pubDate>${new Date(a.published_at).toUTCString()}</pubDate>`,
        `      <description>${escapeHtml(a.excerpt)}</description>`,
        ...a.tags.map((tag) => `      <category>${escapeHtml(tag)}</category>`),
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const self = escapeHtml(`${baseUrl}/api/blog/rss.xml${lang === 'en' ? '' : `?lang=${lang}`}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeHtml(`${SITE_NAME} Blog`)}</title>
    <link>${escapeHtml(baseUrl + blogListPath(lang))}</link>
    <description>Guides on visual note-taking, whiteboards and AI summaries.</description>
    <language>${escapeHtml(lang)}</language>
    <atom:link href="${self}" rel="self" type="application/rss+xml" />
${items}
  </channel>
</rss>
`;
}
