import { Injectable } from '@nestjs/common';
import { BLOG_LANGS, COMPARISON_PAGES, LANDING_LOCALES, LANDING_PAGE_SLUGS, Patterns, SITE_TOOLS, STATIC_PAGES } from '@visualnotes/contracts';
import { escapeHtml } from './html';
import { PageMetaService } from './page-meta.service';
import { blogArticlePath, blogListPath } from './rss';

interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Published projects listed at most (a sitemap file holds 50,000 URLs). */
const MAX_PUBLISHED = 40_000;

@Injectable()
export class SitemapService {
  constructor(private readonly pages: PageMetaService) {}

  async entries(): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = Object.entries(STATIC_PAGES)
      .filter(([path, page]) => page.indexable !== false && path !== '/blog')
      .map(([path]) => ({ path }));
    entries.push(...SITE_TOOLS.map((tool) => ({ path: `/tools/${tool.slug}` })));
    entries.push(...COMPARISON_PAGES.map((page) => ({ path: `/${page.slug}` })));
    for (const locale of LANDING_LOCALES) {
      entries.push({ path: `/${locale.code}` }, ...LANDING_PAGE_SLUGS.map((slug) => ({ path: `/${locale.code}/${slug}` })));
    }
    entries.push(...BLOG_LANGS.map((lang) => ({ path: blogListPath(lang) })));

    const [blog, templates, published] = await Promise.all([
      this.pages.lookup(Patterns.publish.blogIndex, {}),
      this.pages.lookup(Patterns.publish.templatesList, {}),
      this.pages.lookup(Patterns.publish.publishedSitemap, { limit: MAX_PUBLISHED }),
    ]);
    if (blog.ok) entries.push(...blog.value.map((a) => ({ path: blogArticlePath(a.slug, a.lang), lastmod: a.updated_at })));
    if (templates.ok) {
      entries.push(...templates.value.filter((t) => t.status === 'approved').map((t) => ({ path: `/templates/${t.id}` })));
    }
    if (published.ok) entries.push(...published.value.map((p) => ({ path: `/p/${p.public_id}`, lastmod: p.published_at })));
    return entries;
  }

  async xml(): Promise<string> {
    const base = this.pages.baseUrl;
    const urls = (await this.entries())
      .map(({ path, lastmod }) => {
        const loc = `    <loc>${escapeHtml(base + path)}</loc>`;
        return `  <url>\n${loc}${lastmod ? `\n    <lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}\n  </url>`;
      })
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /account',
      'Disallow: /share/',
      'Disallow: /p/statistic',
      'Disallow: /embedTest',
      '',
      `Sitemap: ${this.pages.baseUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
