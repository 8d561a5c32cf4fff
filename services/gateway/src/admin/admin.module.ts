import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Controller,
  HttpCode,
  Inject,
  Logger,
  Module,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { bearerToken, redisConnection, RpcClient, ServiceMetrics } from '@visualnotes/common';
import { AUTH_TOKEN_STORAGE_KEY, hasScope, Messages, Patterns, QueueOwners, Scopes, type QueueName } from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { AdminGuard } from '../auth/auth.guard';
import type { RequestWithUser } from '../auth/current-user.decorator';
import { TokenVerifier } from '../auth/token-verifier.service';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { METRICS, ObservabilityModule } from '../observability/observability.module';
import { QueueRegistry } from '../queues/queue-registry';

export const DASHBOARD_PATH = '/admin/queues';
const COOKIE = 'vn_admin';
const SESSION_SECONDS = 15 * 60;

const REDIS = Symbol('ADMIN_REDIS');

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** The page a browser gets at /admin/queues without a dashboard session, and its script (scripts must come from our origin). */
const ASSETS = join(__dirname, '../../assets/admin');
const SIGN_IN_PAGE = readFileSync(join(ASSETS, 'sign-in.html'), 'utf8');
const SIGN_IN_SCRIPT = readFileSync(join(ASSETS, 'sign-in.js'), 'utf8').replace("'AUTH_TOKEN_STORAGE_KEY'", JSON.stringify(AUTH_TOKEN_STORAGE_KEY));

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
class AdminSessionController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly verifier: TokenVerifier,
  ) {}

  /**
   * A short-lived, HttpOnly cookie that lets an operator's browser open the queue dashboard. The
   * session keeps the access token it was opened with, and every request of the dashboard checks
   * that token as a bearer token is checked (so it ends with the sign-in session, at logout or
   * logout everywhere, and when the token expires) and the account's scope as it is now. It lasts
   * no longer than the token: the sign-in page then opens a new one with the token the web app holds.
   */
  @Post('session')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  @ApiOperation({ summary: 'Operators: open a session of up to 15 minutes for the queue dashboard at /admin/queues' })
  async session(@Req() request: RequestWithUser, @Res({ passthrough: true }) reply: FastifyReply) {
    // the guard verified this token (the verifier answers it again from its cache)
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await this.verifier.verify(token) : null;
    if (!token || !claims) throw new UnauthorizedException(Messages.needLogin);
    const seconds = Math.min(SESSION_SECONDS, Math.floor(((claims as { exp?: number }).exp ?? 0) - Date.now() / 1000));
    if (seconds < 1) throw new UnauthorizedException(Messages.needLogin);
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(`${this.config.REDIS_PREFIX}:admin-session:${id}`, token, 'EX', seconds);
    const secure = (this.config.PUBLIC_URL ?? '').startsWith('https:') ? '; Secure' : '';
    reply.header('set-cookie', `${COOKIE}=${id}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${seconds}${secure}`);
  }
}

/**
 * Operator tools in the gateway: the BullMQ dashboard (bull-board) at /admin/queues for the admin
 * scope (bearer token or the session cookie above); its queues' depths go into the gateway's metrics.
 */
class OperatorRoutes implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('QueueDashboard');

  constructor(
    private readonly host: HttpAdapterHost,
    private readonly verifier: TokenVerifier,
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly registry: QueueRegistry,
  ) {}

  onModuleInit() {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    // the queue depths join the gateway's metrics
    for (const name of Object.keys(QueueOwners)) this.metrics.watchQueue(this.queue(name));
    this.dashboard(fastify);
  }

  private queue(name: string): Queue {
    return this.registry.queue(name as QueueName);
  }

  private dashboard(fastify: FastifyInstance) {
    const board = new BullBoardFastifyAdapter();
    board.setBasePath(DASHBOARD_PATH);
    createBullBoard({
      queues: Object.keys(QueueOwners).map((name) => new BullMQAdapter(this.queue(name))),
      serverAdapter: board,
      options: { uiConfig: { boardTitle: 'VisualNotes queues' } },
    });
    fastify.get(`${DASHBOARD_PATH}-session.js`, (_req, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SIGN_IN_SCRIPT),
    );
    void fastify.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          if (await this.isOperator(request)) return;
          const wantsPage =
            request.method === 'GET' && !request.url.startsWith(`${DASHBOARD_PATH}/api/`) && (request.headers.accept ?? '').includes('text/html');
          if (wantsPage) return reply.status(401).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(SIGN_IN_PAGE);
          return reply.status(401).send({ statusCode: 401, message: 'Operators only: sign in with an admin account' });
        });
        await scope.register(board.registerPlugin() as never);
      },
      { prefix: DASHBOARD_PATH },
    );
  }

  /**
   * Whether the request comes from an operator, on every request of the dashboard: a bearer token,
   * or the one the session cookie stands for, checked the same way.
   */
  private async isOperator(request: FastifyRequest): Promise<boolean> {
    const bearer = bearerToken(request.headers.authorization);
    if (bearer) return this.operatorToken(bearer);
    const session = cookieValue(request.headers.cookie, COOKIE);
    if (!session || !/^[A-Za-z0-9_-]{40,60}$/.test(session)) return false;
    const key = `${this.config.REDIS_PREFIX}:admin-session:${session}`;
    const token = await this.redis.get(key).catch(() => null);
    if (!token) return false;
    if (await this.operatorToken(token)) return true;
    await this.redis.del(key).catch(() => undefined);
    return false;
  }

  /**
   * A valid token (signature, expiry, session not ended: the gateway's token verifier) with the
   * admin scope, of an account that still has it: the scope is written into a token when it is
   * issued, and the dashboard (which shows sign-in links and codes in the mail queue and can
   * remove jobs) must not stay open to someone demoted for the token's remaining lifetime.
   */
  private async operatorToken(token: string): Promise<boolean> {
    const claims = await this.verifier.verify(token);
    if (!claims || !hasScope(claims.scope, Scopes.admin)) return false;
    try {
      const { user } = await this.rpc.send(Patterns.auth.user, { user_id: claims.sub });
      return hasScope(user.scope, Scopes.admin);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status !== 404) this.logger.warn(`could not read the scope of account ${claims.sub}: ${(err as Error).message}`);
      return false;
    }
  }

  async onModuleDestroy() {
    await this.metrics.releaseQueues();
  }
}

@Module({
  imports: [ObservabilityModule],
  controllers: [AdminSessionController],
  providers: [
    {
      provide: REDIS,
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => {
        const redis = redisConnection(config.REDIS_URL, 'state');
        redis.on('error', () => undefined);
        return redis;
      },
    },
    OperatorRoutes,
    {
      provide: 'ADMIN_REDIS_CLOSER',
      inject: [REDIS],
      useFactory: (redis: Redis) => ({ onModuleDestroy: () => redis.quit().catch(() => redis.disconnect()) }),
    },
  ],
})
export class AdminModule {}
