// One tiny HTTP server per process, for the gateway benchmark: `node http-servers.cjs <kind> <port>`.
// kind: fastify (bare Fastify), nest-fastify, nest-express (a one-route Nest app on each adapter),
// nest-fastify-context (the same Nest app with what every API route of ours needs at least: an async
// handler, and a request context (AsyncLocalStorage) entered per request so logs and RPC calls carry
// the request id).
require('reflect-metadata');
const [kind, port] = process.argv.slice(2);

async function main() {
  if (kind === 'fastify') {
    const app = require('fastify')();
    app.get('/api/health/live', async () => ({ status: 'ok' }));
    await app.listen({ port: Number(port), host: '127.0.0.1' });
  } else {
    const { Controller, Get, Module } = require('@nestjs/common');
    const { NestFactory } = require('@nestjs/core');
    const withContext = kind === 'nest-fastify-context';
    class LiveController {
      live() {
        return withContext ? Promise.resolve({ status: 'ok' }) : { status: 'ok' };
      }
    }
    Get('live')(LiveController.prototype, 'live', Object.getOwnPropertyDescriptor(LiveController.prototype, 'live'));
    Controller('health')(LiveController);
    class AppModule {}
    Module({ controllers: [LiveController] })(AppModule);
    let app;
    if (kind.startsWith('nest-fastify')) {
      const { FastifyAdapter } = require('@nestjs/platform-fastify');
      app = await NestFactory.create(AppModule, new FastifyAdapter(), { logger: false });
      if (withContext) {
        const { AsyncLocalStorage } = require('node:async_hooks');
        const context = new AsyncLocalStorage();
        let n = 0;
        app
          .getHttpAdapter()
          .getInstance()
          .addHook('onRequest', (_request, _reply, done) => context.run({ requestId: String(++n) }, done));
      }
    } else {
      app = await NestFactory.create(AppModule, { logger: false });
    }
    app.setGlobalPrefix('api');
    await app.listen(Number(port), '127.0.0.1');
  }
  process.send?.('ready');
}
main();
