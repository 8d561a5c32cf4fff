import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, waitThenLimit, workerFile } from '@visualnotes/common';
import type { Capabilities, ServedAnswer } from '@visualnotes/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { frontendDist } from './app-shell';
import type { DrawTask } from './page-drawer.worker';

/** Pages kept drawn (the newest used); a page is drawn again when its data or the front end changed. */
const KEPT = 200;
/** A page waits at most this long for the drawing thread, then this long to be drawn; past either it is sent undrawn. */
const MAX_WAIT_MS = 250;
const TIME_LIMIT_MS = 2_000;

/**
 * Draws, when they are asked for, the public pages that show data (a blog article, the plans), with
 * the front end's own drawing code in a thread of its own: the page is painted before any script
 * runs, as the pages drawn at build time are. Each page is drawn once for its data and kept.
 */
@Injectable()
export class PageDrawer implements OnModuleDestroy {
  private readonly logger = new Logger(PageDrawer.name);
  readonly file: string;
  private pool?: LimitedThreadPool<DrawTask, string | null>;
  private readonly drawn = new Map<string, Promise<string | null>>();
  private checked?: { at: number; mtime: number | null };

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'FRONTEND_DIST'>) {
    this.file = join(frontendDist(config), 'prerender/render.cjs');
  }

  /** The HTML inside `#root` of `path` showing `answers`; null when it could not be drawn (the browser then draws it). */
  draw(path: string, capabilities: Capabilities, answers: ServedAnswer[]): Promise<string | null> {
    const built = this.builtAt();
    if (built === null) return Promise.resolve(null);
    const key = createHash('sha256')
      .update(JSON.stringify([built, path, capabilities, answers]))
      .digest('base64url');
    let page = this.drawn.get(key);
    if (page) this.drawn.delete(key);
    else page = this.run({ file: this.file, path, capabilities, answers }, key);
    this.drawn.set(key, page);
    if (this.drawn.size > KEPT) this.drawn.delete(this.drawn.keys().next().value!);
    return page;
  }

  /** When the drawing code was built (null: not built), looked at again at most once a second. */
  private builtAt(): number | null {
    if (this.checked && Date.now() - this.checked.at < 1_000) return this.checked.mtime;
    this.checked = { at: Date.now(), mtime: existsSync(this.file) ? statSync(this.file).mtimeMs : null };
    return this.checked.mtime;
  }

  private async run(task: DrawTask, key: string): Promise<string | null> {
    this.pool ??= new LimitedThreadPool({ filename: workerFile(__dirname, 'page-drawer.worker'), threads: 1, memoryMb: 256, idleTimeoutMs: 60_000 });
    try {
      return await this.pool.run(task, waitThenLimit(MAX_WAIT_MS, TIME_LIMIT_MS));
    } catch (err) {
      this.logger.warn(`${task.path} was sent undrawn: ${(err as Error).message}`);
      // not kept: the next visitor's request tries again
      this.drawn.delete(key);
      return null;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close();
  }
}
