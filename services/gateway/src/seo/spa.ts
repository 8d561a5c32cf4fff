import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SITE_NAME, UI_LOCALE_STORAGE_KEY, type Capabilities, type ServedAnswer } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config';
import { CapabilitiesService } from '../capabilities/capabilities.service';
import { AppShell, frontendDist, scriptsAfterPaint } from './app-shell';
import { jsonInHtml, pathOf, renderIndex, withPageBody, withPageHead } from './html';
import { PageDrawer } from './page-drawer';
import { PageMetaService } from './page-meta.service';
import { SitemapService } from './sitemap.service';

export type SendSpa = (reply: FastifyReply, request: FastifyRequest) => unknown;

/** The UI language the visitor chose (a cookie set by the front end next to its local storage). */
function uiLang(request: FastifyRequest): string | undefined {
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  const name = UI_LOCALE_STORAGE_KEY.replace(/[^A-Za-z0-9_-]/g, '_');
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`));
  return match?.[1];
}

/**
 * What the installation offers, written into the page: its first paint shows the tools as they
 * are (a video tool without speech-to-text asks for subtitles from the start). Left out until the
 * ai service has answered once; the page then asks the API.
 */
export function capabilitiesTag(capabilities: Capabilities | null): string {
  return capabilities ? `<script type="application/json" id="site-capabilities">${jsonInHtml(capabilities)}</script>` : '';
}

/** The API answers looked up for the page, written into it: the app starts with them instead of asking again. */
export function answersTag(answers: ServedAnswer[] | undefined): string {
  return answers?.length ? `<script type="application/json" id="page-answers">${jsonInHtml(answers)}</script>` : '';
}

/**
 * Serves the built front end: static assets, and for every page path the single-page app's
 * index.html with that page's head tags (and its real status: 404 for unknown pages), plus
 * sitemap.xml and robots.txt. Returns the page sender (used for unmatched GETs), or null when the
 * front end is not built.
 */
export function registerSite(app: NestFastifyApplication, config: GatewayConfig, warn: (message: string) => void): SendSpa | null {
  const fastify = app.getHttpAdapter().getInstance();
  const sitemap = app.get(SitemapService);
  fastify.get('/sitemap.xml', async (_req, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemap.xml()),
  );
  fastify.get('/robots.txt', (_req, reply) => reply.header('content-type', 'text/plain; charset=utf-8').send(sitemap.robots()));

  const dist = frontendDist(config);
  const shell = new AppShell(config);
  if (shell.html() === null) {
    warn(`The front end is not built (${shell.file} missing): run \`npm run build\``);
    return null;
  }
  app.useStaticAssets({
    root: dist,
    prefix: '/',
    index: false,
    wildcard: true,
    // the build writes a brotli and a gzip copy of each script and style sheet (best compression,
    // done once): sent as they are to a browser that accepts them
    preCompressed: true,
    // @fastify/static hands a Fastify reply here (Nest's type says a Node response).
    setHeaders: (res, path) => {
      const reply = res as unknown as { header(name: string, value: string): unknown };
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pages = app.get(PageMetaService);
  const capabilities = app.get(CapabilitiesService);
  const drawer = app.get(PageDrawer);
  const sendSpa: SendSpa = async (reply, request) => {
    const page = await pages.resolve(request.url, uiLang(request));
    if (reply.sent) return;
    if ('redirect' in page) return reply.redirect(page.redirect, 302);
    const html = shell.html();
    if (html === null)
      return reply.status(503).header('retry-after', '5').send({ statusCode: 503, message: 'The site is being updated; please reload in a moment' });
    const path = pathOf(request.url);
    const offered = capabilities.known();
    // An English page is sent drawn, painted before any script runs: drawn here with the data it
    // shows (an article, the plans), else as the build drew it ahead of time.
    // (A page in English for a visitor who chose Chinese for the site is drawn by the browser.)
    const drawable = page.status === 200 && page.meta.lang === 'en' && uiLang(request) !== 'zh-CN' && offered;
    const body = drawable ? (page.answers?.length && (await drawer.draw(path, offered, page.answers))) || shell.pageBody(path, offered) : null;
    if (reply.sent) return;
    const head = shell.pageHead(path) + capabilitiesTag(offered) + answersTag(page.answers);
    const served = withPageHead(renderIndex(html, page.meta, SITE_NAME), head);
    return reply
      .status(page.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(body === null ? served : withPageBody(scriptsAfterPaint(served), body));
  };
  fastify.get('/', (request, reply) => sendSpa(reply, request));
  // More specific than the published pages' `/p/:id`, which would answer 404 for the statistics list.
  fastify.get('/p/statistic', (request, reply) => sendSpa(reply, request));
  return sendSpa;
}
