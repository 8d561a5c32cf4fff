import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { capabilityKey, type Capabilities } from '@visualnotes/contracts';
import type { GatewayConfig } from '../config';
import { escapeHtml } from './html';
import { pageModule } from './page-modules';

/** Where the built front end is: FRONTEND_DIST, else the repository's frontend/dist. */
export function frontendDist(config: Pick<GatewayConfig, 'FRONTEND_DIST'>): string {
  return resolve(config.FRONTEND_DIST ?? join(__dirname, '../../../../frontend/dist'));
}

/** One chunk of Vite's build manifest (`.vite/manifest.json`), keyed by its source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The public pages the front end's build drew ahead of time: per path and combination of capabilities, an index into `html`. */
interface Prerendered {
  pages: Record<string, Record<string, number>>;
  html: string[];
}

/** The app's module scripts and module preloads, as Vite's build and `AppShell.pageHead` write them. */
const MODULE_TAG = /<script type="module"[^>]*?\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;

/**
 * Starts the scripts named in its own `data-modules` (preloaded) and `data-entries` (run) once the
 * frame being drawn is on screen, or after a second in a tab that draws nothing (opened in the
 * background). Inline, so it costs no request; the pages' policy allows exactly this text by its
 * hash (`AFTER_PAINT_HASH`).
 */
export const AFTER_PAINT_SCRIPT =
  '(function(d){var s=d.currentScript,on=0;function add(name,make){(s.getAttribute(name)||"").split(" ").forEach(function(u){if(u)d.head.appendChild(make(u))})}' +
  'function start(){if(on)return;on=1;add("data-modules",function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;return l});' +
  'add("data-entries",function(u){var e=d.createElement("script");e.type="module";e.crossOrigin="";e.src=u;return e})}' +
  'requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,1e3)})(document)';

/** The Content-Security-Policy source that allows `AFTER_PAINT_SCRIPT` (and no other inline script). */
export const AFTER_PAINT_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

/**
 * For a page the server already drew, whose first paint needs no script: the app's scripts in
 * `html` (the entry and the modules it preloads) are started by `AFTER_PAINT_SCRIPT`, at the end of
 * the page, once that paint is on screen, instead of with the HTML, so that on a slow line the
 * page's style sheets, fonts and pictures have the line to themselves. Other pages need their
 * scripts to show anything.
 */
export function scriptsAfterPaint(html: string): string {
  const entries: string[] = [];
  const modules: string[] = [];
  const rest = html.replace(MODULE_TAG, (_tag, src: string | undefined, href: string | undefined) => {
    if (src) entries.push(src);
    else if (href && !modules.includes(href)) modules.push(href);
    return '';
  });
  if (!entries.length) return html;
  const loader = `<script data-entries="${escapeHtml(entries.join(' '))}" data-modules="${escapeHtml(modules.join(' '))}">${AFTER_PAINT_SCRIPT}</script>`;
  return rest.replace(/<\/body>/i, () => `${loader}</body>`);
}

/** A file read again at most once a second, and parsed again only when it changed. */
class Watched<T> {
  private cached: { value: T | null; mtime: number; checked: number } | null = null;

  constructor(
    readonly file: string,
    private readonly parse: (text: string) => T,
  ) {}

  value(): T | null {
    if (this.cached && Date.now() - this.cached.checked < 1_000) return this.cached.value;
    if (!existsSync(this.file)) return (this.cached = null);
    const mtime = statSync(this.file).mtimeMs;
    if (this.cached?.mtime !== mtime) this.cached = { value: this.read(), mtime, checked: Date.now() };
    else this.cached.checked = Date.now();
    return this.cached.value;
  }

  private read(): T | null {
    try {
      return this.parse(readFileSync(this.file, 'utf8'));
    } catch {
      return null;
    }
  }
}

/**
 * The app's index.html, looked at again at most once a second: a new build of the front end
 * replaces it (and the hashed scripts it names), so a page served from a copy kept in memory would
 * ask for scripts that no longer exist, and stay blank. With it, the build manifest, which names
 * the script and style sheet of each page.
 */
export class AppShell {
  readonly file: string;
  private readonly shell: Watched<string>;
  private readonly manifest: Watched<Manifest>;
  private readonly prerendered: Watched<Prerendered>;

  constructor(config: Pick<GatewayConfig, 'FRONTEND_DIST'>) {
    this.file = join(frontendDist(config), 'index.html');
    this.shell = new Watched(this.file, (text) => text);
    this.manifest = new Watched(join(frontendDist(config), '.vite/manifest.json'), (text) => JSON.parse(text) as Manifest);
    this.prerendered = new Watched(join(frontendDist(config), 'prerender/pages.json'), (text) => JSON.parse(text) as Prerendered);
  }

  /**
   * The HTML the build drew for the page at `path` as an English visitor who is not signed in sees
   * it on an installation offering `capabilities`, or null (a page drawn only in the browser).
   */
  pageBody(path: string, capabilities: Capabilities): string | null {
    const drawn = this.prerendered.value();
    const index = drawn?.pages[path]?.[capabilityKey(capabilities)];
    return index === undefined ? null : (drawn!.html[index] ?? null);
  }

  /** The page, or null while the front end is not built. */
  html(): string | null {
    return this.shell.value();
  }

  /**
   * Link tags that fetch the scripts and style sheets of the page at `path` along with the app's
   * own (which index.html names already): without them the browser learns of them only once the
   * app's script has run. The style sheets are render-blocking, as the app's is, so the page's
   * first paint is already styled. Empty when the build has no manifest or no page module.
   */
  pageHead(path: string): string {
    const manifest = this.manifest.value();
    const module = pageModule(path);
    if (!manifest || !module || !manifest[module]) return '';
    const inShell = new Set<string>();
    const walk = (key: string, into: Set<string>) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const dep of manifest[key].imports ?? []) walk(dep, into);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, inShell);
    const own = new Set<string>();
    walk(module, own);
    const scripts: string[] = [];
    const styles = new Set<string>();
    for (const key of own) {
      if (inShell.has(key)) continue;
      scripts.push(manifest[key].file);
      for (const css of manifest[key].css ?? []) styles.add(css);
    }
    return [
      ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('');
  }
}
