import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicUrl, RpcClient } from '@visualnotes/common';
import {
  BLOG_LANGS,
  COMPARISON_PAGES,
  isLandingLocale,
  LANDING_CONTENT,
  LANDING_LOCALES,
  LANDING_PAGE_SLUGS,
  Patterns,
  SITE_DESCRIPTION,
  SITE_NAME,
  SITE_TOOLS,
  STATIC_PAGES,
  type BlogLang,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type ServedAnswer,
} from '@visualnotes/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import type { HeadMeta } from './html';
import { blogArticlePath, blogListPath } from './rss';

/**
 * What the gateway answers for a page path: the head tags, the status and the API answers the page
 * shows that were looked up on the way (sent with the page), or a redirect.
 */
export type ResolvedPage = { status: 200 | 404; meta: HeadMeta; answers?: ServedAnswer[] } | { redirect: string };

const ID = /^[A-Za-z0-9_-]{1,128}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Looking something up for the head tags must never make a page slow: past this, generic tags. */
const LOOKUP_TIMEOUT_MS = 1_500;
/** How long the plans sent with the pricing page are kept before they are asked for again. */
const PLANS_KEPT_MS = 60_000;

const isBlogLang = (value: unknown): value is BlogLang => (BLOG_LANGS as readonly unknown[]).includes(value);
const isoOf = (lang: string) => LANDING_LOCALES.find((l) => l.code === lang)?.iso ?? (lang === 'en' ? 'en-US' : lang);
const fullTitle = (name: string) => (name === SITE_NAME ? name : `${name} | ${SITE_NAME}`);

/**
 * Resolves the title, description, canonical URL, hreflang links and Open Graph tags of every
 * public page, so that crawlers and link previews get them without running JavaScript.
 */
@Injectable()
export class PageMetaService {
  private readonly logger = new Logger(PageMetaService.name);
  readonly baseUrl: string;
  private keptPlans?: { at: number; answers: ServedAnswer[] };
  private askingPlans?: Promise<ServedAnswer[]>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.baseUrl = publicUrl(config);
  }

  async resolve(rawUrl: string, uiLang?: string): Promise<ResolvedPage> {
    const url = new URL(rawUrl, 'http://x');
    let path: string;
    try {
      path = decodeURIComponent(url.pathname).replace(/\/+$/, '') || '/';
    } catch {
      return this.notFound(url.pathname);
    }
    const htmlLang = uiLang === 'zh-CN' ? 'zh-CN' : 'en';
    const segments = path.split('/').filter(Boolean);

    const fixed = STATIC_PAGES[path];
    if (fixed) {
      if (path === '/blog') return this.blogList(url.searchParams.get('lang'));
      const page = this.page(path, {
        title: fullTitle(fixed.title),
        description: fixed.description,
        lang: htmlLang,
        noindex: fixed.indexable === false,
        alternates: path === '/' ? this.homeAlternates() : this.sectionAlternates(path.slice(1)),
      });
      return path === '/pricing' ? { ...page, answers: await this.plans() } : page;
    }

    const [first, second, third] = segments;
    if (first === 'blog' && second && !third) return this.blogArticle(second, url.searchParams.get('lang'));
    if (first === 'tools' && second && !third) {
      const tool = SITE_TOOLS.find((t) => t.slug === second);
      if (!tool) return this.notFound(path);
      return this.page(path, {
        title: fullTitle(tool.name),
        description: `${tool.description} Free online, no installation, part of ${SITE_NAME}.`,
        lang: htmlLang,
        alternates: this.sectionAlternates(tool.slug),
      });
    }
    if (first === 'templates' && second && !third && ID.test(second)) return this.template(second);
    if (first === 'p' && second === 'statistic' && segments.length <= 3) {
      return this.page(path, { title: fullTitle('Statistics'), description: SITE_DESCRIPTION, lang: htmlLang, noindex: true });
    }
    // The editor of a project (signed in; the page itself says when the project is not there).
    if (first === 'projects' && segments.length === 2 && ID.test(second)) {
      return this.page(path, { title: fullTitle('Project'), description: SITE_DESCRIPTION, lang: htmlLang, noindex: true });
    }
    if ((first === 'refer' || first === 'share') && segments.length === 2 && ID.test(second)) {
      const meta = STATIC_PAGES[`/${first}`];
      return this.page(path, { title: fullTitle(meta.title), description: meta.description, lang: htmlLang, noindex: true });
    }
    if (segments.length === 1 && isLandingLocale(first)) return this.landing(first);
    if (segments.length === 2 && isLandingLocale(first) && LANDING_PAGE_SLUGS.includes(second)) return this.landingPage(first, second);
    if (segments.length === 1) {
      const comparison = COMPARISON_PAGES.find((p) => p.slug === first);
      if (comparison) {
        return this.page(path, {
          title: fullTitle(comparison.name),
          description: `${SITE_NAME} and ${comparison.rival} compared: canvas, offline use, AI summaries of videos and documents, publishing and pricing.`,
          lang: htmlLang,
        });
      }
      // The short link of a published project: `/<public_id>` goes to `/p/<public_id>`.
      if (ID.test(first)) {
        const found = await this.lookup(Patterns.publish.publishedMeta, { public_id: first });
        if (found.ok) return { redirect: `/p/${encodeURIComponent(first)}` };
      }
    }
    return this.notFound(path);
  }

  /**
   * The plans as `GET /api/plans` answers them, for the pricing page; none when they could not be
   * had in time. Kept for a minute; older ones are sent while newer ones are asked for, so only
   * the first visitor after a start waits for the license service.
   */
  private plans(): Promise<ServedAnswer[]> {
    const kept = this.keptPlans;
    if (kept && Date.now() - kept.at < PLANS_KEPT_MS) return Promise.resolve(kept.answers);
    this.askingPlans ??= this.lookup(Patterns.license.plans, {})
      .then((found) => {
        if (found.ok) this.keptPlans = { at: Date.now(), answers: [{ endpointName: 'getPlans', value: found.value }] };
        return this.keptPlans?.answers ?? [];
      })
      .finally(() => (this.askingPlans = undefined));
    return kept ? Promise.resolve(kept.answers) : this.askingPlans;
  }

  private page(path: string, meta: Partial<HeadMeta> & Pick<HeadMeta, 'title' | 'description' | 'lang'>, status: 200 | 404 = 200): ResolvedPage {
    return {
      status,
      meta: {
        canonical: this.baseUrl + (path === '/' ? '/' : path),
        alternates: [],
        ogType: 'website',
        ogLocale: isoOf(meta.lang),
        ...meta,
      },
    };
  }

  private notFound(path: string): ResolvedPage {
    return this.page(path, { title: fullTitle('404'), description: 'This page could not be found', lang: 'en', noindex: true }, 404);
  }

  /** Home and its translations, the language landing pages. */
  private homeAlternates() {
    return [
      { hreflang: 'x-default', href: `${this.baseUrl}/` },
      { hreflang: 'en', href: `${this.baseUrl}/` },
      ...LANDING_LOCALES.map((l) => ({ hreflang: l.code, href: `${this.baseUrl}/${l.code}` })),
    ];
  }

  /** A tool, download, pricing or templates page and its `/<lang>/<slug>` translations. */
  private sectionAlternates(slug: string) {
    if (!LANDING_PAGE_SLUGS.includes(slug)) return [];
    const english = SITE_TOOLS.some((t) => t.slug === slug) ? `/tools/${slug}` : `/${slug}`;
    return [
      { hreflang: 'x-default', href: this.baseUrl + english },
      { hreflang: 'en', href: this.baseUrl + english },
      ...LANDING_LOCALES.map((l) => ({ hreflang: l.code, href: `${this.baseUrl}/${l.code}/${slug}` })),
    ];
  }

  private landing(code: (typeof LANDING_LOCALES)[number]['code']): ResolvedPage {
    const content = LANDING_CONTENT[code];
    return this.page(`/${code}`, { ...content.meta, lang: code, alternates: this.homeAlternates() });
  }

  private landingPage(code: (typeof LANDING_LOCALES)[number]['code'], slug: string): ResolvedPage {
    const content = LANDING_CONTENT[code];
    const meta = content.pages[slug];
    return this.page(`/${code}/${slug}`, {
      title: fullTitle(meta.title),
      description: meta.description,
      lang: code,
      alternates: this.sectionAlternates(slug),
    });
  }

  private async blogList(langParam: string | null): Promise<ResolvedPage> {
    const lang = isBlogLang(langParam) ? langParam : 'en';
    const meta = STATIC_PAGES['/blog'];
    const alternates = [
      { hreflang: 'x-default', href: this.baseUrl + blogListPath('en') },
      ...BLOG_LANGS.map((l) => ({ hreflang: l, href: this.baseUrl + blogListPath(l) })),
    ];
    return this.page(blogListPath(lang), { title: fullTitle(meta.title), description: meta.description, lang, alternates });
  }

  private async blogArticle(slug: string, langParam: string | null): Promise<ResolvedPage> {
    const path = `/blog/${slug}`;
    if (!SLUG.test(slug) || (langParam !== null && !isBlogLang(langParam))) return this.notFound(path);
    const lang: BlogLang = isBlogLang(langParam) ? langParam : 'en';
    const found = await this.lookup(Patterns.publish.blogGet, { slug, lang });
    if (found.ok === false) return found.missing ? this.notFound(path) : this.generic(path, lang);
    const article = found.value;
    const page = this.page(blogArticlePath(slug, lang), {
      title: fullTitle(article.title),
      description: article.excerpt,
      lang,
      ogType: 'article',
      publishedTime: article.published_at,
      modifiedTime: article.updated_at,
      alternates: [
        ...(article.translations.includes('en') ? [{ hreflang: 'x-default', href: this.baseUrl + blogArticlePath(slug, 'en') }] : []),
        ...article.translations.map((l) => ({ hreflang: l, href: this.baseUrl + blogArticlePath(slug, l) })),
      ],
    });
    return { ...page, answers: [{ endpointName: 'blogArticle', arg: { slug, lang }, value: article }] };
  }

  private async template(id: string): Promise<ResolvedPage> {
    const path = `/templates/${id}`;
    const found = await this.lookup(Patterns.publish.templatesGet, { id });
    if (found.ok === false) return found.missing ? this.notFound(path) : this.generic(path, 'en');
    const template = found.value;
    return this.page(path, {
      title: fullTitle(`${template.name} template`),
      description: template.description || `A free ${template.category} template for ${SITE_NAME}.`,
      lang: 'en',
      noindex: template.status !== 'approved',
    });
  }

  /** The page exists as far as we know but its details could not be fetched in time. */
  private generic(path: string, lang: string): ResolvedPage {
    return this.page(path, { title: SITE_NAME, description: SITE_DESCRIPTION, lang });
  }

  /** An RPC call for head tags: `missing` when the service says 404, otherwise a soft failure. */
  async lookup<P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<{ ok: true; value: RpcResponse<P> } | { ok: false; missing: boolean }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<{ ok: false; missing: false }>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, missing: false }), LOOKUP_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.rpc.send(pattern, data).then((value) => ({ ok: true as const, value })), timeout]);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 400) return { ok: false, missing: true };
      this.logger.warn(`Page details unavailable (${pattern}): ${(error as Error).message}`);
      return { ok: false, missing: false };
    } finally {
      clearTimeout(timer);
    }
  }
}
