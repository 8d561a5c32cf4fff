import { RouteConfig } from '@nestjs/platform-fastify';
import { ErrorCatalogue } from '@visualnotes/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';

const LARGE_BODY = 'largeBody';

/**
 * Lets a route take JSON bodies up to `LARGE_BODY_LIMIT_BYTES` (canvas scenes, snapshots, pasted
 * text); every other route takes `BODY_LIMIT_BYTES`. Such a route must be for signed-in users only:
 * the access token is checked before a byte of the body is read, so nobody signed out can make the
 * gateway read and parse megabytes.
 */
export const LargeBody = () => RouteConfig({ [LARGE_BODY]: true });

/**
 * Gives the routes marked `@LargeBody()` their limit and the sign-in check before parsing. Must be
 * called before the routes are registered (before `app.init()`).
 */
export function applyBodyLimits(fastify: FastifyInstance, largeLimit: number, signedIn: (request: FastifyRequest) => Promise<boolean>): void {
  const needLogin = { statusCode: 401, message: ErrorCatalogue.UNAUTHORIZED.message };
  const signInFirst: preParsingHookHandler = (request, reply: FastifyReply, payload, done) => {
    signedIn(request).then(
      (ok) => {
        if (ok) return done(null, payload);
        // The body is left unread; Node discards it without parsing.
        void reply.code(401).send(needLogin);
      },
      (err: Error) => done(err),
    );
  };
  fastify.addHook('onRoute', (route) => {
    if (!(route.config as Record<string, unknown> | undefined)?.[LARGE_BODY]) return;
    route.bodyLimit = largeLimit;
    const existing = route.preParsing;
    route.preParsing = existing ? [...(Array.isArray(existing) ? existing : [existing]), signInFirst] : [signInFirst];
  });
}
