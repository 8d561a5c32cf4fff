import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { createLogger, loadConfig, PinoNestLogger, requestContext } from '@visualnotes/common';
import Redis from 'ioredis';
import { cleanupOpenApiDoc, ZodValidationPipe } from 'nestjs-zod';
import { AppModule } from './app.module';
import { HttpErrorFilter } from './common/http-error.filter';
import { registerSite } from './seo/spa';
import { gatewayEnvSchema, type GatewayConfig } from './config';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;


export interface Gateway {
  app: NestFastifyApplication;
  config: GatewayConfig;
}

/** Builds the gateway: the only public HTTP entry (`/api/*` plus the built front end). */
export async function createGatewayApp(env: NodeJS.ProcessEnv = process.env): Promise<Gateway> {
  const config = loadConfig(gatewayEnvSchema, env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    // the exact bytes of JSON bodies (`req.rawBody`): payment webhooks are signed over them
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();

  // Every handler runs with its request id in context, so logs and RPC hops carry it. Fastify
  // runs the route from inside `done`, so the whole request stays within this context.
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ requestId: String(request.id) }, done);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    logger.info(
      { requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  // gzip/brotli for pages, scripts, styles and JSON. Event streams are left alone (they must flush
  // as they go); brotli at a quality that costs little CPU per response.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/(html|css|plain|xml|javascript)|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)\b/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Security headers. The helmet middleware is built once: @fastify/helmet rebuilds it (and
  // re-parses the CSP) on every request, which cost most of the gateway's throughput.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The YouTube IFrame API (video summarizer player).
        scriptSrc: ["'self'", 'https://www.youtube.com'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  const redis = new Redis(config.REDIS_URL, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    redis,
    nameSpace: `${config.REDIS_PREFIX}:ratelimit:`,
    skipOnError: true, // a Redis hiccup must not take the API down
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests; please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again`,
    }),
  });
  // The upload limit itself is enforced while streaming to storage, with a clear message.
  await app.register(multipart, { limits: { files: 1, fileSize: config.UPLOAD_LIMIT_BYTES + 1, fields: 10, parts: 12 } });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  fastify.addHook('onClose', async () => {
    redis.disconnect();
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ZodValidationPipe());

  const sendSpa = registerSite(app, config, (message) => logger.warn(message));
  app.useGlobalFilters(new HttpErrorFilter(sendSpa));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('VisualNotes API')
      .setDescription('Public HTTP API of the gateway')
      .setVersion('1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, cleanupOpenApiDoc(document), { jsonDocumentUrl: 'api/openapi.json' });

  await app.init();
  return { app, config };
}
