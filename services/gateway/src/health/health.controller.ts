import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, SERVICES, type ServiceName } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';

const PING_TIMEOUT_MS = 3_000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOperation({ summary: 'Status of every service; 503 when one is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const entries = await Promise.all(
      SERVICES.map(async (service) => [service, (await this.ping(service)) ? 'up' : 'down'] as const),
    );
    const services = Object.fromEntries(entries) as Record<ServiceName, 'up' | 'down'>;
    const down = entries.filter(([, s]) => s === 'down').map(([name]) => name);
    if (down.length) reply.status(503);
    return { status: down.length ? 'degraded' : 'ok', services, ...(down.length ? { down } : {}) };
  }

  /** The gateway process itself (no RPC, no database): for load balancers' liveness probes. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness of the gateway process' })
  live() {
    return { status: 'ok' };
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
