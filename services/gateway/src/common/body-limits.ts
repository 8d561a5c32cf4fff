import { PassThrough, type Readable } from 'node:stream';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ErrorCatalogue } from '@visualnotes/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from 'fastify';
import type { RequestWithUser } from '../auth/current-user.decorator';
import { isMultipart } from '../uploads/multipart';
import { ByteBudget } from './byte-budget';

const LARGE_BODY = 'largeBody';

/**
 * A refused body is read to its end and thrown away, so the client reads the 413 and the
 * connection stays usable; past this many bytes the connection is closed instead.
 */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Lets a route take JSON bodies up to `LARGE_BODY_LIMIT_BYTES` (canvas scenes, snapshots, pasted
 * text); every other route takes `BODY_LIMIT_BYTES`. Such a route must be for signed-in users only:
 * the access token is checked before a byte of the body is read, so nobody signed out can make the
 * gateway read and parse megabytes.
 */
export const LargeBody = (options: { message?: string } = {}) => RouteConfig({ [LARGE_BODY]: options });

/**
 * Bytes of large bodies (`@LargeBody()` routes: canvas saves, snapshots, pasted text) one person
 * may send to a gateway copy per second; the burst allowance is two bodies at the limit. A body is
 * charged before it is read (its announced length; a chunked one as it arrives), whatever becomes
 * of it: one person's parallel huge saves get 429 at once instead of queueing work that would
 * hold up everyone else, and what a refused body still sends is charged too.
 */
export const LARGE_BODY_BYTES_PER_SECOND = 2 * 1024 * 1024;

/**
 * Bodies of at least this size (announced) one person may have in hand on a gateway copy at once;
 * one more gets 429 before it is read, so parallel huge saves never queue work in the services.
 */
export const LARGE_BODY_HUGE_BYTES = 1024 * 1024;
export const LARGE_BODIES_IN_FLIGHT = 2;

/** 429 for a large body over its sender's byte budget. */
export function tooMuchAtOnce(retryAfterSeconds: number) {
  return {
    statusCode: 429,
    message: `You are sending too much at once; please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again (your work stays in the editor)`,
  };
}

/** "6 MB", "100 kB": the limit as people read it. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} kB`;
}

export function tooLargeBody(limit: number, message?: string) {
  return { statusCode: 413, message: message ?? `${ErrorCatalogue.PAYLOAD_TOO_LARGE.message} (the limit is ${formatLimit(limit)})` };
}

/** A large body's sender and their budget: who pays for what is read. */
interface Payer {
  budget: ByteBudget;
  key: string;
  /** Huge bodies in hand, by sender. */
  inFlight: Map<string, number>;
}

/**
 * Answers 413 at once and reads the rest of the body into nothing (up to `DISCARD_MAX_BYTES`), so the
 * answer reaches the client and the next request on the connection is read. Fastify's own refusal
 * closes the connection instead, which a client still sending sees as a reset, not as the 413.
 */
function refuse(request: FastifyRequest, reply: FastifyReply, source: Readable, limit: number, alreadyRead: number, message?: string, payer?: Payer): void {
  discard(request, source, alreadyRead, payer);
  void reply.code(413).header('content-type', 'application/json; charset=utf-8').send(tooLargeBody(limit, message));
}

/** 429: the sender's budget does not hold this body; it is read into nothing (and charged). */
function refuseOverBudget(request: FastifyRequest, reply: FastifyReply, source: Readable, payer: Payer, alreadyRead: number, bodyBytes: number): void {
  discard(request, source, alreadyRead, payer);
  // until the budget holds a body this size again (at least what it owes now)
  const owed = bodyBytes - payer.budget.left(payer.key);
  const seconds = Math.max(1, Math.ceil(owed / payer.budget.bytesPerSecond));
  void reply.code(429).header('retry-after', seconds).header('content-type', 'application/json; charset=utf-8').send(tooMuchAtOnce(seconds));
}

/** Takes a place among the sender's huge bodies in hand (given back when the answer has gone): false when none is free. */
function takePlace(reply: FastifyReply, payer: Payer): boolean {
  const held = payer.inFlight.get(payer.key) ?? 0;
  if (held >= LARGE_BODIES_IN_FLIGHT) return false;
  payer.inFlight.set(payer.key, held + 1);
  reply.raw.once('close', () => {
    const left = (payer.inFlight.get(payer.key) ?? 1) - 1;
    if (left > 0) payer.inFlight.set(payer.key, left);
    else payer.inFlight.delete(payer.key);
  });
  return true;
}

/** 429: the sender has as many huge bodies in hand as they may; this one is read into nothing (and charged). */
function refuseInFlight(request: FastifyRequest, reply: FastifyReply, source: Readable, payer: Payer): void {
  discard(request, source, 0, payer);
  const seconds = 1;
  void reply.code(429).header('retry-after', seconds).header('content-type', 'application/json; charset=utf-8').send(tooMuchAtOnce(seconds));
}

/** Reads the rest of a refused body into nothing, closing the connection past `DISCARD_MAX_BYTES`. */
function discard(request: FastifyRequest, source: Readable, alreadyRead: number, payer?: Payer): void {
  let discarded = alreadyRead;
  source.removeAllListeners('data');
  source.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    payer?.budget.spend(payer.key, chunk.length);
    if (discarded > DISCARD_MAX_BYTES) request.raw.socket?.destroy();
  });
  source.on('error', () => undefined);
  source.resume();
}

/**
 * The route's size limit, checked before the parser reads anything: an announced length over it is
 * refused at once; an unannounced (chunked) body is counted as it passes and refused when it goes
 * over. Multipart bodies are left to the upload routes, which enforce their own limits as they
 * stream to storage.
 */
function limitBody(limit: number, message?: string, senders?: Omit<Payer, 'key'>): preParsingHookHandler {
  return (request, reply, payload, done) => {
    if (isMultipart(request)) return done(null, payload);
    const userId = (request as RequestWithUser).user?.id;
    const payer = senders && userId ? { ...senders, key: userId } : undefined;
    const length = request.headers['content-length'];
    if (length !== undefined) {
      const announced = Number(length);
      // Node's parser delivers no more than the announced length, and Fastify's checks it arrived whole.
      if (announced > limit) {
        refuse(request, reply, payload, limit, 0, message, payer);
        return;
      }
      if (payer && announced >= LARGE_BODY_HUGE_BYTES && !takePlace(reply, payer)) return refuseInFlight(request, reply, payload, payer);
      // charged before a byte is read; a body the budget cannot hold is not read (into nothing only)
      if (payer && payer.budget.trySpend(payer.key, announced) > 0) return refuseOverBudget(request, reply, payload, payer, 0, announced);
      done(null, payload);
      return;
    }
    if (request.headers['transfer-encoding'] === undefined) return done(null, payload); // no body
    // The parser reads `counted`; past the limit (or the sender's budget) it is never ended, so nothing is parsed.
    const counted = new PassThrough();
    let seen = 0;
    payload.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) return refuse(request, reply, payload, limit, seen, message, payer);
      if (payer && payer.budget.spend(payer.key, chunk.length) > 0) return refuseOverBudget(request, reply, payload, payer, seen, seen);
      if (!counted.write(chunk)) {
        payload.pause();
        counted.once('drain', () => payload.resume());
      }
    });
    payload.on('end', () => {
      if (seen <= limit) counted.end();
    });
    payload.on('error', (err) => counted.destroy(err));
    done(null, counted);
  };
}

/**
 * Gives every route its body limit (the routes marked `@LargeBody()` theirs, after the sign-in check)
 * and the same 413 whatever the framing. Must be called before the routes are registered (before
 * `app.init()`).
 */
export function applyBodyLimits(
  fastify: FastifyInstance,
  limits: { limit: number; largeLimit: number },
  signedIn: (request: FastifyRequest) => Promise<boolean>,
): void {
  const needLogin = { statusCode: 401, message: ErrorCatalogue.UNAUTHORIZED.message };
  const signInFirst: preParsingHookHandler = (request, reply: FastifyReply, payload, done) => {
    signedIn(request).then(
      (ok) => {
        if (ok) return done(null, payload);
        // The body is read into nothing, never parsed.
        discard(request, payload, 0);
        void reply.code(401).send(needLogin);
      },
      (err: Error) => done(err),
    );
  };
  const small = limitBody(limits.limit);
  // one budget and one count of huge bodies in hand per sender, for every large-body route
  const senders = { budget: new ByteBudget(LARGE_BODY_BYTES_PER_SECOND, 4 * limits.largeLimit), inFlight: new Map<string, number>() };
  setInterval(() => senders.budget.sweep(), 60_000).unref();
  // A request no route takes (answered 404) has the ordinary limit too.
  fastify.addHook('preParsing', function (request, reply, payload, done) {
    if (!request.is404) return done(null, payload);
    small.call(this, request, reply, payload, done);
  });
  fastify.addHook('onRoute', (route) => {
    const existing = route.preParsing ? (Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing]) : [];
    const large = (route.config as Record<string, { message?: string } | undefined> | undefined)?.[LARGE_BODY];
    if (large) {
      route.bodyLimit = limits.largeLimit;
      route.preParsing = [...existing, signInFirst, limitBody(limits.largeLimit, large.message, senders)];
      return;
    }
    route.preParsing = [...existing, route.bodyLimit === undefined ? small : limitBody(route.bodyLimit)];
  });
}
