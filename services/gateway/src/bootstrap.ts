import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from 'helmet';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import {
  createLogger,
  endSpan,
  closingWith,
  exitOnStopSignal,
  loadConfig,
  PinoNestLogger,
  redisConnection,
  requestContext,
  startSpan,
  stopTracing,
  tracingOn,
  within,
} from '@visualnotes/common';
import type { Span } from '@opentelemetry/api';
import { errorBody, hasUnicodeEscape, jsonBodyProblem } from '@visualnotes/contracts';
import { cleanupOpenApiDoc, ZodValidationPipe } from 'nestjs-zod';
import { AppModule } from './app.module';
import { authenticate } from './auth/auth.guard';
import { TokenVerifier } from './auth/token-verifier.service';
import { applyBodyLimits } from './common/body-limits';
import { HttpErrorFilter } from './common/http-error.filter';
import { SharedRateLimiter } from './common/rate-limiter';
import { canonicalTarget, hasEncodedNul, pathOf } from './common/request-target';
import { LIVENESS_PATH } from './health/liveness';
import { AFTER_PAINT_HASH } from './seo/app-shell';
import { registerSite } from './seo/spa';
import { JobsService } from './jobs/jobs.service';
import { LiveHub } from './live/live.hub';
import { acceptMultipart } from './uploads/multipart';
import { gatewayEnvSchema, type GatewayConfig } from './config';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const DOCS_PATH = '/api/docs';
const LIVE = { status: 'ok' };
const INVALID_CHARACTERS = errorBody('INVALID_CHARACTERS');
/** Where a request's server span waits for its response (only when tracing is on). */
const SPAN = Symbol('span');
type TracedRequest = { [SPAN]?: Span };

/** Helmet's headers for pages, scripts and the API docs UI, worked out once. */
const PAGE_SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The YouTube IFrame API (video summarizer player); WebAssembly (not script eval) for the
      // canvas's font subsetting, which keeps exported SVGs small; the one inline script that
      // starts the app after a drawn page's first paint, by its hash.
      scriptSrc: ["'self'", 'https://www.youtube.com', "'wasm-unsafe-eval'", AFTER_PAINT_HASH],
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

/**
 * JSON answers are never documents: they get the set OWASP recommends for REST APIs (nothing may
 * load or frame them, no sniffing, HTTPS only) instead of the page policy. Routes that send files
 * set their own policy.
 */
const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': PAGE_SECURITY_HEADERS['strict-transport-security'],
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Request ids: the caller's `x-request-id` when it is well formed, otherwise this process's random
 * prefix and a counter (unique across copies, and cheaper than a UUID per request).
 */
function requestIds(): (req: { headers: Record<string, string | string[] | undefined> }) => string {
  const prefix = randomBytes(6).toString('base64url');
  let n = 0;
  return (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && REQUEST_ID.test(given) ? given : `${prefix}-${(++n).toString(36)}`;
  };
}

/** The headers a helmet configuration sets, as a plain object (helmet itself runs per request). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

export interface Gateway {
  /** `app.close()` stops in order, like {@link Gateway.stop}. */
  app: NestFastifyApplication;
  config: GatewayConfig;
  /**
   * Stops without dropping a request: no new connections, the requests in hand answered (up to
   * `SHUTDOWN_TIMEOUT_MS`; the RPC client still receives their replies), then clients and Redis closed.
   */
  stop(): Promise<void>;
}

/** Builds the gateway: the only public HTTP entry (`/api/*` plus the built front end). */
export async function createGatewayApp(env: NodeJS.ProcessEnv = process.env): Promise<Gateway> {
  const config = loadConfig(gatewayEnvSchema, env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    genReqId: requestIds(),
    // Every hook and the router decide on the same path, however the target was spelt.
    rewriteUrl: (req: IncomingMessage) => canonicalTarget(req.url ?? '/'),
    // No Express-style middleware in the gateway: without middie, no hook for it on every request.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new PinoNestLogger(logger),
    // the exact bytes of JSON bodies (`req.rawBody`): payment webhooks are signed over them
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();

  // JSON bodies: Fastify's parser (prototype-poisoning checks included), then no NUL or broken
  // Unicode in any key or string (PostgreSQL refuses NUL) and a bounded depth. With this parser set,
  // Nest registers none of its own: url-encoded forms are refused (415); multipart bodies are read
  // by the upload routes alone.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser('application/json', { bodyLimit: config.BODY_LIMIT_BYTES }, (request, body, done) => {
    void parseJson(request as never, body as never, (err, value) => {
      if (err) return done(err, undefined);
      const problem = jsonBodyProblem(value, hasUnicodeEscape(body));
      if (problem) return done(problem, undefined);
      done(null, value);
    });
  });
  const verifier = app.get(TokenVerifier, { strict: false });
  applyBodyLimits(fastify, { limit: config.BODY_LIMIT_BYTES, largeLimit: config.LARGE_BODY_LIMIT_BYTES }, (request) => authenticate(verifier, request));

  // gzip/brotli for pages, scripts, styles and JSON. Event streams are left alone (they must flush
  // as they go); brotli at a quality that costs little CPU per response. Request bodies are never
  // sent compressed to us, so no request goes through a decompression hook.
  await app.register(compress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/(html|css|plain|xml|javascript)|application\/(javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)\b/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const redis = redisConnection(config.REDIS_URL, 'request');
  redis.on('error', () => undefined);
  // Rate limit per client address on /api, shared by every gateway copy through Redis (counted in
  // memory and synced in batches: no Redis round trip on a request's path).
  const limiter = new SharedRateLimiter(redis, {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    prefix: `${config.REDIS_PREFIX}:ratelimit:`,
  });

  // One hook for what every request needs, with headers computed once at start: security headers
  // (helmet's full set for pages, a strict short set for JSON), the request id, the rate limit, and
  // the request context, so logs and RPC hops carry the id. Fastify runs the route from inside
  // `done`, so the whole request stays within that context. Every decision is made on the canonical
  // target (`rewriteUrl` above), and a NUL in the path or query is refused before any route sees it.
  fastify.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const path = pathOf(url);
    const api = path.startsWith('/api/');
    reply.headers(api && !path.startsWith(DOCS_PATH) ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    const live = path === LIVENESS_PATH;
    if (api && !live) {
      const r = limiter.hit(request.ip);
      const resetSeconds = Math.ceil(r.resetMs / 1000);
      reply.header('x-ratelimit-limit', r.limit).header('x-ratelimit-remaining', r.remaining).header('x-ratelimit-reset', resetSeconds);
      if (!r.allowed) {
        void reply
          .code(429)
          .header('retry-after', resetSeconds)
          .send({ statusCode: 429, message: `Too many requests; please wait ${resetSeconds} seconds and try again` });
        return;
      }
      const encoding = request.headers['content-encoding'];
      if (encoding !== undefined && encoding !== 'identity') {
        void reply.code(415).send({ statusCode: 415, message: 'Send the request body uncompressed (Content-Encoding is not accepted)' });
        return;
      }
    }
    if (hasEncodedNul(url)) {
      void reply.code(400).send({ statusCode: INVALID_CHARACTERS.statusCode, message: INVALID_CHARACTERS.message });
      return;
    }
    if (live) return done(); // the liveness probe has nothing to carry
    if (tracingOn()) {
      // A server span per request, continuing the caller's trace when it sends a `traceparent`.
      const parent = request.headers.traceparent;
      const span = startSpan(
        `${request.method} ${request.routeOptions?.url ?? path}`,
        'server',
        { 'http.request.method': request.method, 'url.path': path },
        typeof parent === 'string' ? parent : undefined,
      );
      (request as TracedRequest)[SPAN] = span;
      requestContext.run({ requestId: String(request.id), span }, done);
      return;
    }
    requestContext.run({ requestId: String(request.id) }, done);
  });
  // Liveness of the gateway process (no RPC, no database), answered by Fastify itself: load
  // balancers ask every copy every few seconds, so it stays out of the application's pipeline.
  // Its 15 bytes are never worth compressing.
  fastify.get(LIVENESS_PATH, { compress: false }, (_request, reply) => {
    void reply.send(LIVE);
  });
  // One access-log line per API request (load balancers' liveness probes left out).
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = (request as TracedRequest)[SPAN];
    if (span) endSpan(span, reply.statusCode >= 500 ? new Error(`HTTP ${reply.statusCode}`) : undefined, { 'http.response.status_code': reply.statusCode });
    const path = pathOf(request.url);
    if (path.startsWith('/api/') && path !== LIVENESS_PATH) {
      logger.info({ requestId: request.id, method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    }
    done();
  });
  // Upload routes read multipart bodies as streams; the size limit is enforced while streaming to
  // storage, with a clear message.
  acceptMultipart(fastify);
  fastify.addHook('onClose', async () => {
    await limiter.close();
    redis.disconnect();
  });

  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ZodValidationPipe());

  const sendSpa = registerSite(app, config, (message) => logger.warn(message));
  app.useGlobalFilters(new HttpErrorFilter(sendSpa));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('VisualNotes API').setDescription('Public HTTP API of the gateway').setVersion('1.0').addBearerAuth().build(),
  );
  document.paths[LIVENESS_PATH] = {
    get: {
      operationId: 'HealthController_live',
      summary: 'Liveness of the gateway process (no RPC, no database): for load balancers',
      tags: ['health'],
      responses: { '200': { description: '{ "status": "ok" }' } },
    },
  };
  document.paths['/api/projects/{id}/live'] = {
    get: {
      operationId: 'LiveChannel_connect',
      summary: 'Live channel of a project (WebSocket): changes, cursors and who is here',
      description: [
        'A WebSocket (`GET` with `Upgrade: websocket`). The access token travels as a subprotocol, since a browser cannot set headers on a WebSocket: offer `visualnotes.live` and `bearer.<access token>`; the server answers `visualnotes.live`.',
        'Without a valid token the upgrade is refused with 401. Once open, the server sends `{"type":"welcome","you","role","scene","peers"}` (the scene includes changes not saved yet), or an `error` message and closes with 4404 (no such project or no access).',
        'Client messages (JSON text, at most 512 kB, 50 a second with bursts of 100; a person\'s connections together 1 MB a second with bursts of 2 MB, beyond which they are read more slowly): `{"type":"update","elements":[…],"files"?:{…}}` (owner and editors; changed Excalidraw elements, merged element by element: the higher `version` wins, at the same version the lower `versionNonce`), `{"type":"presence","pointer"?:{x,y},"button"?,"selected"?:[ids]}`, `{"type":"ping"}`.',
        "Server messages: `update` (others' accepted elements), `presence`, `join`, `leave`, `role` (the user's role changed), `saved` (`version` of the project after a batch was saved, about once a second), `pong`, `error` (`message` for the user; a message that is malformed, too large, too fast or sent by a viewer is refused this way and the connection stays open).",
        'Close codes: 4401 session ended or token expired (connect again with a fresh token), 4403 access removed, 4404 project deleted or not found, 4429 too many live connections of this person or too many people in the project (connect again later), 4503 the gateway is restarting (connect again). An upgrade over the rate limit gets 429.',
      ].join('\n\n'),
      tags: ['projects'],
      security: [{ bearer: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      responses: {
        '101': { description: 'Switching protocols: the live channel is open' },
        '401': { description: 'No valid access token among the offered subprotocols' },
        '429': { description: 'Too many requests from this address (upgrades count like requests)' },
      },
    },
  };
  SwaggerModule.setup('api/docs', app, cleanupOpenApiDoc(document), { jsonDocumentUrl: 'api/openapi.json' });

  await app.init();
  // the live channel of projects (WebSocket upgrades on the same server)
  const live = app.get(LiveHub, { strict: false });
  live.attach(fastify.server, limiter);

  // Nest's own shutdown hooks close the RPC client and queues (module destroy) before the HTTP
  // server, which fails the requests still in hand; this order closes the server first.
  const nestClose = app.close.bind(app);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      unsubscribe();
      // Job event streams never end on their own; browsers reconnect to another copy.
      app.get(JobsService).endStreams();
      // Live channels: what waits is saved, editors reconnect to another copy.
      await live.stop();
      // Fastify stops accepting connections and waits for the requests in hand. A kept-alive
      // connection stays open after its last answer, so idle ones are closed as they appear.
      const closing = fastify.close();
      const closeIdle = setInterval(() => fastify.server.closeIdleConnections(), 100);
      try {
        if (!(await within(closing, config.SHUTDOWN_TIMEOUT_MS))) {
          logger.warn('requests still running at the stop deadline; closing their connections');
          fastify.server.closeAllConnections();
          await within(closing, 1_000);
        }
      } finally {
        clearInterval(closeIdle);
      }
      await nestClose();
      await stopTracing();
    })());
  const unsubscribe = exitOnStopSignal(stop, { timeoutMs: config.SHUTDOWN_TIMEOUT_MS, logger });
  return { app: closingWith(app, stop), config, stop };
}
