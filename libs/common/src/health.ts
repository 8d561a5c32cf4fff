import type { IncomingMessage, ServerResponse } from 'node:http';

export const LIVE_PATH = '/health/live';
export const READY_PATH = '/health/ready';

/** One dependency a copy needs to do its work (PostgreSQL, Redis); rejects when it does not answer. */
export type HealthCheck = () => Promise<unknown>;

/**
 * Probes for orchestrators, served next to `/metrics` on a service's METRICS_PORT (services have
 * no HTTP server of their own). `live`: the process and its event loop answer — nothing external,
 * so a database outage never gets healthy copies restarted. `ready`: every dependency answers
 * within `timeoutMs`; the body names the ones that did not.
 */
export class HealthProbes {
  constructor(
    private readonly checks: Record<string, HealthCheck>,
    private readonly timeoutMs = 2_000,
  ) {}

  async ready(): Promise<{ status: 'ready' | 'not ready'; checks: Record<string, 'up' | 'down'> }> {
    const entries = await Promise.all(Object.entries(this.checks).map(async ([name, check]) => [name, (await this.within(check)) ? 'up' : 'down'] as const));
    const checks = Object.fromEntries(entries) as Record<string, 'up' | 'down'>;
    return { status: entries.every(([, s]) => s === 'up') ? 'ready' : 'not ready', checks };
  }

  /** Answers a probe request; false when the path is not a probe. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? '').split('?')[0];
    if (path === LIVE_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"live"}');
      return true;
    }
    if (path !== READY_PATH) return false;
    this.ready().then(
      (body) => res.writeHead(body.status === 'ready' ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      () => res.writeHead(503).end(),
    );
    return true;
  }

  private async within(check: HealthCheck): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.timeoutMs)));
    try {
      return await Promise.race([check().then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
