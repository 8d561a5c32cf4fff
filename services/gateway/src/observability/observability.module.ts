import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ServiceMetrics } from '@visualnotes/common';
import type { FastifyInstance } from 'fastify';
import { pathOf } from '../common/request-target';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { LIVENESS_PATH } from '../health/liveness';

/** The gateway's Prometheus registry; the queue dashboard adds the queue depths to it. */
export const METRICS = Symbol('GATEWAY_METRICS');

/** The time of every API request by route and status, and Prometheus metrics at /metrics (and on METRICS_PORT). */
@Injectable()
class HttpMetrics implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly host: HttpAdapterHost,
    @Inject(METRICS) private readonly metrics: ServiceMetrics,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onModuleInit() {
    const fastify = this.host.httpAdapter.getInstance<FastifyInstance>();
    const histogram = this.metrics.requestDuration;
    // One labelled series per route and status, looked up once (labelling costs more than observing).
    const series = new Map<string, ReturnType<typeof histogram.labels>>();
    fastify.addHook('onResponse', (request, reply, done) => {
      const path = pathOf(request.url);
      if (path.startsWith('/api/') && path !== LIVENESS_PATH) {
        const route = `${request.method} ${request.routeOptions?.url ?? 'unmatched'}`;
        const key = `${route} ${reply.statusCode}`;
        let s = series.get(key);
        if (!s) series.set(key, (s = histogram.labels({ kind: 'http', route, status: String(reply.statusCode) })));
        s.observe(reply.elapsedTime / 1000);
      }
      done();
    });
    const token = this.config.METRICS_TOKEN;
    // Queue names, routes and error counts are for operators: in production the public port serves
    // them only with the token; without one they are on METRICS_PORT alone (or nowhere).
    const onPublicPort = token !== undefined || this.config.NODE_ENV !== 'production';
    fastify.get('/metrics', async (request, reply) => {
      if (!onPublicPort) return reply.status(404).send({ statusCode: 404, message: 'Not found' });
      if (token && request.headers.authorization !== `Bearer ${token}`) return reply.status(401).send({ statusCode: 401, message: 'Unauthorized' });
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
