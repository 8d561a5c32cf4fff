import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GatewayConfig } from '../config';

/** Where the built front end is: FRONTEND_DIST, else the repository's frontend/dist. */
export function frontendDist(config: Pick<GatewayConfig, 'FRONTEND_DIST'>): string {
  return resolve(config.FRONTEND_DIST ?? join(__dirname, '../../../../frontend/dist'));
}

/**
 * The app's index.html, looked at again at most once a second: a new build of the front end
 * replaces it (and the hashed scripts it names), so a page served from a copy kept in memory would
 * ask for scripts that no longer exist, and stay blank.
 */
export class AppShell {
  private shell: { html: string; mtime: number; checked: number } | null = null;
  readonly file: string;

  constructor(config: Pick<GatewayConfig, 'FRONTEND_DIST'>) {
    this.file = join(frontendDist(config), 'index.html');
  }

  /** The page, or null while the front end is not built. */
  html(): string | null {
    if (this.shell && Date.now() - this.shell.checked < 1_000) return this.shell.html;
    if (!existsSync(this.file)) return (this.shell = null);
    const mtime = statSync(this.file).mtimeMs;
    if (this.shell?.mtime !== mtime) this.shell = { html: readFileSync(this.file, 'utf8'), mtime, checked: Date.now() };
    else this.shell.checked = Date.now();
    return this.shell.html;
  }
}
