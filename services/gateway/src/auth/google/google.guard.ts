import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { LoginSuccess } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RedisStateStore } from './google-state.store';

export type GoogleSignIn =
  | { kind: 'redirect'; url: string; nonce: string }
  /** `pageNonce`: the nonce the page started the sign-in with, for the page to check beside the tokens. */
  | { kind: 'success'; user: LoginSuccess; pageNonce?: string }
  | { kind: 'fail'; reason: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** What the Google guard made of this request, for the Google controller. */
    googleSignIn?: GoogleSignIn;
  }
}

/**
 * passport ends its redirect on a Node response (`statusCode`, `setHeader`, `end`); Fastify's reply
 * is not one, so this stand-in only records where passport wants to send the browser.
 */
class RedirectRecorder {
  statusCode = 200;
  private location = '';
  private done: (url: string) => void = () => undefined;
  readonly ended = new Promise<string>((resolve) => (this.done = resolve));

  setHeader(name: string, value: string) {
    if (name.toLowerCase() === 'location') this.location = value;
  }

  end() {
    this.done(this.location);
  }
}

type PassportLeg = { req: FastifyRequest & { user?: LoginSuccess }; res: RedirectRecorder };

const callbackQuery = z.object({ code: z.string(), state: z.string() });
/** Of the start route's query only the page's nonce goes on to passport, for the state store to keep. */
const startQuery = z.object({ nonce: z.string().optional() }).catch({});

/**
 * Runs the `google` strategy on Fastify and never answers by itself: it leaves the outcome in
 * `request.googleSignIn` and the controller chooses the redirect or JSON answer. passport gets a
 * request derived from Fastify's (so its own fields stay off it) and a response that records the
 * redirect.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  private readonly legs = new WeakMap<ExecutionContext, PassportLeg>();

  constructor(private readonly store: RedisStateStore) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const isCallback = req.routeOptions.url?.endsWith('/callback') === true;
    if (isCallback && !callbackQuery.safeParse(req.query).success) {
      req.googleSignIn = { kind: 'fail', reason: 'no code' };
      return true;
    }
    // the first leg never carries a code: passport must not take the callback path
    const firstLeg = { query: startQuery.parse(req.query), body: undefined };
    const leg: PassportLeg = { req: Object.assign(Object.create(req), isCallback ? {} : firstLeg), res: new RedirectRecorder() };
    this.legs.set(context, leg);
    try {
      const redirect = await Promise.race([Promise.resolve(super.canActivate(context)).then(() => undefined), leg.res.ended]);
      req.googleSignIn = this.outcome(leg, redirect);
    } catch (err) {
      req.googleSignIn = { kind: 'fail', reason: err instanceof Error ? err.message : String(err) };
    }
    return true;
  }

  override getRequest(context: ExecutionContext) {
    return this.legs.get(context)?.req;
  }

  getResponse(context: ExecutionContext) {
    return this.legs.get(context)?.res;
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    if (!user) throw new Error(JSON.stringify(info ?? null));
    return user;
  }

  private outcome(leg: PassportLeg, redirect: string | undefined): GoogleSignIn {
    if (redirect !== undefined) {
      const nonce = this.store.nonceFor(leg.req);
      return nonce ? { kind: 'redirect', url: redirect, nonce } : { kind: 'fail', reason: 'redirect without a stored state' };
    }
    return leg.req.user ? { kind: 'success', user: leg.req.user, pageNonce: this.store.pageNonceFor(leg.req) } : { kind: 'fail', reason: 'no user' };
  }
}
