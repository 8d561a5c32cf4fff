import 'reflect-metadata';
import { Controller, Global, Module, type DynamicModule, type INestMicroservice, type Provider, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { PROCESSOR_METADATA } from '@nestjs/bullmq/dist/bull.constants';
import { TypeOrmModule, InjectDataSource, getDataSourceToken } from '@nestjs/typeorm';
import { Patterns, type HealthReply, type ServiceName } from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { z } from 'zod';
import { baseEnvSchema, ConfigError, loadConfig, type BaseConfig } from './config';
import { dataSourceOptions, ensureDatabase, openDataSource } from './database';
import { applyWorkerSettings, assertJobHandlers, bullConnection, defaultJobOptions, type ProcessorClass } from './jobs';
import { HealthProbes, type HealthCheck } from './health';
import { createLogger, PinoNestLogger } from './logger';
import { ServiceMetrics, workerConcurrency } from './metrics';
import { checkDependencies, checkStorage } from './preflight';
import { closingWith, drainWorkers, exitOnStopSignal } from './shutdown';
import { RedisQueueServer, RpcErrorFilter, RpcModule } from './rpc';
import { createStorage, STORAGE } from './storage';
import { startTracing, stopTracing } from './tracing';
import { BASE_CONFIG } from './tokens';

export const INSTANCE_ID = Symbol('INSTANCE_ID');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceDefinition<S extends z.ZodType = typeof baseEnvSchema> {
  service: ServiceName;
  /** The service's environment schema (extends `baseEnvSchema`). */
  envSchema?: S;
  entities?: Type[];
  migrations?: Type[];
  imports?: (DynamicModule | Type)[];
  controllers?: Type[];
  /** Handlers for test harnesses only (e.g. reading the mail outbox): registered only with TEST_ROUTES=1. */
  testControllers?: Type[];
  providers?: Provider[];
  /** `@Processor` classes; every job the service owns (contracts `QueueOwners`) needs a handler. */
  processors?: ProcessorClass[];
  /** Queues this service adds jobs to. */
  producesTo?: string[];
}

function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(
      @InjectDataSource() private readonly dataSource: DataSource,
      private readonly server: RedisQueueServer,
    ) {}

    @MessagePattern(Patterns[service].health)
    async health(): Promise<HealthReply> {
      await this.dataSource.query('SELECT 1');
      return { status: 'up', service, instance: this.server.instanceId };
    }
  }
  return HealthController;
}

@Global()
@Module({})
class CoreModule {
  static forRoot(config: BaseConfig, server: RedisQueueServer, metrics: ServiceMetrics): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: BASE_CONFIG, useValue: config },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: INSTANCE_ID, useValue: server.instanceId },
        { provide: RedisQueueServer, useValue: server },
        { provide: STORAGE, useFactory: () => createStorage(config) },
        { provide: ServiceMetrics, useValue: metrics },
      ],
      exports: [BASE_CONFIG, SERVICE_CONFIG, INSTANCE_ID, RedisQueueServer, STORAGE, ServiceMetrics],
    };
  }
}

@Module({})
class ServiceRootModule {}

/** Makes the service's queues injectable (`@InjectQueue(name)`) in every feature module. */
@Module({})
class QueuesModule {
  static register(names: string[]): DynamicModule {
    const queues = names.map((name) => BullModule.registerQueue({ name }));
    return { module: QueuesModule, global: true, imports: queues, exports: queues };
  }
}

export interface ServiceApp<C = BaseConfig> {
  /** `app.close()` stops in order, like {@link ServiceApp.stop}. */
  app: INestMicroservice;
  server: RedisQueueServer;
  config: C;
  /**
   * Stops in an order that loses no request: stop taking RPC requests and jobs, finish those in
   * hand (up to `SHUTDOWN_TIMEOUT_MS`), and only then close queues, clients and the database.
   */
  stop(): Promise<void>;
}

/** Builds and starts one copy of a service; throws on bad configuration or a missing database. */
export async function createServiceApp<S extends z.ZodType>(def: ServiceDefinition<S>, env: NodeJS.ProcessEnv = process.env): Promise<ServiceApp<z.infer<S>>> {
  const config = loadConfig(def.envSchema ?? baseEnvSchema, env) as z.infer<S> & BaseConfig;
  const logger = createLogger(def.service, config.LOG_LEVEL);
  await ensureDatabase(config.DATABASE_URL);
  const server = new RedisQueueServer({
    service: def.service,
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    concurrency: config.RPC_CONCURRENCY,
  });
  const data = {
    url: config.DATABASE_URL,
    schema: def.service,
    entities: def.entities ?? [],
    migrations: def.migrations ?? [],
  };
  const queues = new Set<string>([
    ...(def.processors ?? []).map((p) => (Reflect.getMetadata(PROCESSOR_METADATA, p) as { name: string }).name),
    ...(def.producesTo ?? []),
  ]);
  // worker options taken from settings (`@QueueWorker(queue, (config) => ...)`), before the workers are made
  for (const p of def.processors ?? []) applyWorkerSettings(p, config);
  const metrics = new ServiceMetrics(def.service);
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [
      CoreModule.forRoot(config, server, metrics),
      RpcModule,
      TypeOrmModule.forRootAsync({
        useFactory: () => dataSourceOptions(data),
        dataSourceFactory: () => openDataSource(data),
      }),
      BullModule.forRoot({ ...bullConnection(config), defaultJobOptions }),
      QueuesModule.register([...queues]),
      ...(def.imports ?? []),
    ],
    controllers: [healthController(def.service), ...(def.controllers ?? []), ...(config.TEST_ROUTES ? (def.testControllers ?? []) : [])],
    providers: [...(def.processors ?? []), ...(def.providers ?? [])],
  };
  const app = await NestFactory.createMicroservice(root, { strategy: server, logger: new PinoNestLogger(logger) });
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalInterceptors(metrics.rpcInterceptor());
  assertJobHandlers(
    def.service,
    (def.processors ?? []).map((p) => ({
      queue: (Reflect.getMetadata(PROCESSOR_METADATA, p) as { name: string }).name,
      instance: app.get(p),
    })),
  );
  await app.listen();
  for (const name of queues) metrics.watchQueue(app.get(getQueueToken(name)));
  for (const p of def.processors ?? []) {
    const worker = app.get(p).worker;
    metrics.watchWorker(worker);
    const concurrency = workerConcurrency(worker.name, env);
    if (concurrency) worker.concurrency = concurrency;
    // Started here, with its concurrency set (see QueueWorker); its errors are 'error' events.
    if (!worker.isRunning()) void worker.run().catch((err: Error) => logger.error({ queue: worker.name, err: err.message }, 'queue worker stopped'));
  }
  // Nest's own shutdown hooks would close producers and clients (module destroy) before the
  // transport stops taking requests; this order drains first.
  const processors = (def.processors ?? []).map((p) => app.get(p));
  const nestClose = app.close.bind(app);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      unsubscribe();
      const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
      await Promise.all([server.drain(config.SHUTDOWN_TIMEOUT_MS), drainWorkers(processors, deadline, logger)]);
      // another copy reports the queue gauges from its next scrape on
      await metrics.releaseQueues();
      await nestClose();
      await stopTracing();
    })());
  const unsubscribe = exitOnStopSignal(stop, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  if (config.METRICS_PORT !== undefined) {
    const port = await metrics.serve(config.METRICS_PORT, '0.0.0.0', readinessProbes(app, [...queues]));
    logger.info(`metrics at http://0.0.0.0:${port}/metrics`);
  }
  logger.info({ instance: server.instanceId }, `${def.service} service ready`);
  return { app: closingWith(app, stop), server, config, stop };
}

/** Ready = PostgreSQL answers and so does Redis (through a queue's own connection: no extra one). */
function readinessProbes(app: INestMicroservice, queues: string[]): HealthProbes {
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const checks: Record<string, HealthCheck> = { database: () => dataSource.query('SELECT 1') };
  if (queues.length) {
    const queue = app.get<Queue>(getQueueToken(queues[0]));
    checks.redis = () => queue.getWaitingCount();
  }
  return new HealthProbes(checks);
}

/**
 * With `EXIT_WITH_PARENT=1` (set by test and benchmark harnesses) the process ends when the
 * process that started it is gone, so a killed test run leaves no services behind.
 */
export function exitWithParent(config: Pick<BaseConfig, 'EXIT_WITH_PARENT'>): void {
  if (!config.EXIT_WITH_PARENT) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1_000).unref();
}

/** Entry point of a service process: one clear line and exit code 1 on bad configuration or missing PostgreSQL/Redis. */
export async function runService<S extends z.ZodType>(def: ServiceDefinition<S>): Promise<void> {
  try {
    const config = loadConfig(def.envSchema ?? baseEnvSchema) as BaseConfig;
    exitWithParent(config);
    startTracing(def.service);
    const problem = (await checkDependencies(config.DATABASE_URL, config.REDIS_URL)) ?? (await checkStorage(def.service, config));
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
    await createServiceApp(def);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(`The ${def.service} service could not start: ${(err as Error).message}`);
    process.exit(1);
  }
}
