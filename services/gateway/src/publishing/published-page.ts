import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { publicUrl, RpcClient } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AFTER_PAINT_HASH, AppShell, scriptsAfterPaint } from '../seo/app-shell';
import { escapeHtml, jsonInHtml, withPageBody } from '../seo/html';

/**
 * What a published page may do: its own scripts (the app) and the inline one that starts them after
 * the first paint (by its hash), no other inline script, no plugins, no base
 * or form tricks. Any site may frame it (the embed code); user content is only a sanitised SVG
 * shown through <img>, where SVG cannot run script at all.
 */
export const PUBLISHED_PAGE_CSP = [
  "default-src 'self'",
  `script-src 'self' ${AFTER_PAINT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

type PageMeta = { title: string; description: string; snapshot_key: string | null; allow_download: boolean };

/**
 * How long this gateway reuses what it learnt about a published page. Popular pages are asked for
 * many times a second; publishing and unpublishing through this gateway forget at once, other
 * gateway copies follow within this time.
 */
const META_TTL_MS = 2_000;
const META_CACHE_MAX = 2_000;

const PRODUCT_DESCRIPTION = 'A visual note made with VisualNotes, a tool to think, create and publish on a canvas.';
const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;

/**
 * `GET /p/:id` rendered on the server: the app's index.html with the project's title, description
 * and og:image, and the SVG snapshot inside the app root for first paint and search engines. The
 * app then mounts over it and loads the interactive viewer.
 */
@Injectable()
export class PublishedPage implements OnModuleInit {
  private readonly logger = new Logger(PublishedPage.name);
  private readonly shell: AppShell;
  private readonly metas = new Map<string, { at: number; value: Promise<{ meta: PageMeta | null; keep: boolean }> }>();

  constructor(
    private readonly host: HttpAdapterHost,
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.shell = new AppShell(config);
  }

  onModuleInit() {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/p/:id', (req, reply) => this.render(req as FastifyRequest<{ Params: { id: string } }>, reply));
  }

  /** Forgets what is known of published pages (after a publish, unpublish or delete here). */
  forget() {
    this.metas.clear();
  }

  /** The app's index.html (see AppShell). */
  private indexHtml(): string | null {
    return this.shell.html();
  }

  /** The page's title, description and snapshot, or null when it is not published. */
  private async meta(id: string): Promise<PageMeta | null> {
    const now = Date.now();
    const hit = this.metas.get(id);
    if (hit && now - hit.at < META_TTL_MS) return (await hit.value).meta;
    const value = this.rpc.send(Patterns.publish.publishedMeta, { public_id: id }).then(
      (meta) => ({
        meta: { title: meta.title, description: meta.description, snapshot_key: meta.snapshot_key, allow_download: meta.allow_download },
        keep: true,
      }),
      (err: unknown) => {
        const notFound = (err as { statusCode?: number }).statusCode === 404;
        if (!notFound) this.logger.warn(`published page ${id}: ${(err as Error).message}`);
        return { meta: null, keep: notFound };
      },
    );
    if (this.metas.size >= META_CACHE_MAX) this.metas.delete(this.metas.keys().next().value!);
    this.metas.set(id, { at: now, value });
    const answer = await value;
    if (!answer.keep && this.metas.get(id)?.value === value) this.metas.delete(id);
    return answer.meta;
  }

  private async render(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const id = req.params.id;
    const meta = PUBLIC_ID.test(id) ? await this.meta(id) : null;
    const base = publicUrl(this.config);
    const title = meta ? `${meta.title} | VisualNotes` : 'Not found | VisualNotes';
    const description = meta?.description || PRODUCT_DESCRIPTION;
    const snapshot = meta?.snapshot_key ? `/api/p/${id}/snapshot.svg` : null;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      `<meta property="og:type" content="article">`,
      `<meta property="og:title" content="${escapeHtml(meta?.title ?? 'Not found')}">`,
      `<meta property="og:description" content="${escapeHtml(description)}">`,
      `<meta property="og:url" content="${escapeHtml(`${base}/p/${encodeURIComponent(id)}`)}">`,
      snapshot ? `<meta property="og:image" content="${escapeHtml(base + snapshot)}">` : '',
      `<meta name="twitter:card" content="${snapshot ? 'summary_large_image' : 'summary'}">`,
      `<link rel="canonical" href="${escapeHtml(`${base}/p/${encodeURIComponent(id)}`)}">`,
      meta ? '' : '<meta name="robots" content="noindex">',
    ].join('');
    // What the app's first paint needs (data, never run: the policy allows no inline script), so it
    // draws the page as it will stay, the snapshot included, before it asks for the scene.
    const first = meta && { title: meta.title, description: meta.description, snapshot_url: snapshot, allow_download: meta.allow_download };
    const body = meta
      ? `<main class="published-snapshot" data-published-snapshot style="max-width:100%;overflow-wrap:anywhere"><h1 dir="auto">${escapeHtml(meta.title)}</h1>${
          snapshot ? `<img src="${snapshot}" alt="${escapeHtml(meta.title)}" fetchpriority="high" style="max-width:100%;height:auto">` : ''
        }</main><script type="application/json" id="published-first-paint">${jsonInHtml(first)}</script>`
      : '';
    const shell = this.indexHtml();
    // Replacer functions, never replacement strings: a title with `$'` or `$&` would otherwise
    // paste parts of the page into itself.
    // the snapshot is the largest thing of the first paint: asked for first, before style sheets and scripts
    const preload = snapshot ? `<link rel="preload" as="image" href="${snapshot}" fetchpriority="high">` : '';
    const html = shell
      ? withPageBody(
          scriptsAfterPaint(
            shell
              .replace(/<meta name="viewport"[^>]*>/i, (viewport) => `${viewport}${preload}`)
              .replace(/<title>[\s\S]*?<\/title>/i, '')
              .replace(/<meta name="description"[^>]*>/i, '')
              .replace(/<\/head>/i, () => `${head}${this.shell.pageHead('/p/' + id)}</head>`),
          ),
          body,
        )
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}</head><body><div id="root">${body}</div></body></html>`;
    reply.removeHeader('x-frame-options'); // a page meant to be embedded: frame-ancestors in its policy decides
    return reply
      .status(meta ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', PUBLISHED_PAGE_CSP)
      .header('cache-control', 'no-cache')
      .send(html);
  }
}
