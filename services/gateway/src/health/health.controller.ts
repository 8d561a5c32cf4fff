import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, SERVICES, type ServiceName } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';
import { version } from '../../package.json';

const PING_TIMEOUT_MS = 3_000;
const VERSION: string = version;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'Status of every service; 503 when one is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const entries = await Promise.all(SERVICES.map(async (service) => [service, (await this.ping(service)) ? 'up' : 'down'] as const));
    const services = Object.fromEntries(entries) as Record<ServiceName, 'up' | 'down'>;
    const down = entries.filter(([, s]) => s === 'down').map(([name]) => name);
    if (down.length) reply.status(503);
    return { status: down.length ? 'degraded' : 'ok', services, ...(down.length ? { down } : {}) };
  }

  // GET /api/health/live (liveness of the gateway process) is answered by Fastify itself, before
  // this router: see bootstrap.ts.

  /** This gateway copy: its version and uptime, through the whole API pipeline, without RPC. */
  @Get('gateway')
  @ApiOperation({ summary: 'This gateway copy: version and uptime (no RPC, no database)' })
  gateway() {
    return { status: 'ok', service: 'gateway', version: VERSION, uptime_seconds: Math.round(process.uptime()) };
  }

  private async ping(service: ServiceName): Promise<boolean> {
    if (!(await this.rpc.proxy.isAlive(service, true).catch(() => false))) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
    try {
      return await Promise.race([this.rpc.send(Patterns[service].health, {}).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
