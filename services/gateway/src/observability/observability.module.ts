import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { bearerToken, safeEqual, ServiceMetrics } from '@visualnotes/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathOf } from '../common/request-target';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LIVENESS_PATH } from '../health/liveness';

/** The gateway's Prometheus registry; the queue dashboard adds the queue depths to it. */
export const METRICS = Symbol('GATEWAY_METRICS');

type RouteSeries = ReturnType<ServiceMetrics['requestDuration']['labels']>;

/**
 * The time of every API request by route and status. Each API route gets an `onResponse` hook of
 * its own, its label known when the route is registered: a request pays for a lookup by method and
 * status and the observation. (A global hook would read `request.routeOptions`, which builds an
 * object on every call, and build the label each time.) Requests no route matched are timed under
 * `unmatched` by one global hook that looks at them alone.
 */
function timeApiRoutes(fastify: FastifyInstance, histogram: ServiceMetrics['requestDuration']): void {
  const timer = (route: (method: string) => string) => {
    // One labelled series per method and status, looked up once (labelling costs more than observing).
    const series = new Map<string, RouteSeries>();
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const key = `${request.method} ${reply.statusCode}`;
      let s = series.get(key);
      if (!s) series.set(key, (s = histogram.labels({ kind: 'http', route: route(request.method), status: String(reply.statusCode) })));
      s.observe(reply.elapsedTime / 1000);
      done();
    };
  };
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === LIVENESS_PATH) return;
    const hook = timer((method) => `${method} ${route.url}`);
    const existing = route.onResponse;
    route.onResponse = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
  });
  const unmatched = timer((method) => `${method} unmatched`);
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404 && pathOf(request.url).startsWith('/api/')) return unmatched(request, reply, done);
    done();
  });
}

/** The time of every API request by route and status, and Prometheus metrics at /metrics (and on METRICS_PORT). */
@Injectable()
class HttpMetrics implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    // Here rather than in onModuleInit: Nest registers the routes between the two, and each API
    // route gets its own timing hook as it is registered.
    timeApiRoutes(this.host.httpAdapter.getInstance<FastifyInstance>(), this.metrics.requestDuration);
  }

  onModuleInit() {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    const token = this.config.METRICS_TOKEN;
    const open = this.config.METRICS_PUBLIC;
    // Queue names, routes and error counts are for operators: the public port serves them only
    // with the token, or to anyone when METRICS_PUBLIC=true says so; with neither they are on
    // METRICS_PORT alone (or nowhere). The same in every NODE_ENV.
    fastify.get('/metrics', async (request, reply) => {
      if (!open) {
        if (token === undefined) return reply.status(404).send({ statusCode: 404, message: 'Not found' });
        const given = bearerToken(request.headers.authorization);
        if (!given || !safeEqual(given, token)) return reply.status(401).send({ statusCode: 401, message: 'Unauthorized' });
      }
      const { body, contentType } = await this.metrics.text();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }

  /** The separate scrape port, when METRICS_PORT is set (as every service has it). */
  async onApplicationBootstrap() {
    if (this.config.METRICS_PORT === undefined) return;
    const port = await this.metrics.serve(this.config.METRICS_PORT);
    this.logger.log(`metrics at http://0.0.0.0:${port}/metrics`);
  }
}

@Module({
  providers: [{ provide: METRICS, useFactory: () => new ServiceMetrics('gateway') }, HttpMetrics],
  exports: [METRICS],
})
export class ObservabilityModule {}
