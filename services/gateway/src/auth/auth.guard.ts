import { Injectable, SetMetadata, UnauthorizedException, ForbiddenException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { bearerToken } from '@visualnotes/common';
import { ErrorCatalogue, hasScope, Messages, Scopes } from '@visualnotes/contracts';
import { TokenVerifier } from './token-verifier.service';
import { toAuthUser, type RequestWithUser } from './current-user.decorator';

/** Sets `request.user` from a valid bearer token; false when there is none or it is not valid. */
export async function authenticate(verifier: TokenVerifier, request: RequestWithUser): Promise<boolean> {
  if (request.user) return true;
  const token = bearerToken(request.headers.authorization);
  if (!token) return false;
  const claims = await verifier.verify(token);
  if (!claims) return false;
  request.user = toAuthUser(claims);
  return true;
}

/** Requires a valid access token: else 401 `{statusCode: 401, message: 'Need to log in to continue'}`. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly verifier: TokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    if (!(await authenticate(this.verifier, request))) throw new UnauthorizedException(Messages.needLogin);
    return true;
  }
}

/** Sets `@CurrentUser()` when a valid token is sent; visitors (no or bad token) pass as `undefined`. */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly verifier: TokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await authenticate(this.verifier, context.switchToHttp().getRequest<RequestWithUser>());
    return true;
  }
}

const REQUIRED_SCOPE = 'visualnotes:required-scope';
/** With `ScopeGuard`: the scope the user must hold. */
export const RequireScope = (scope: string) => SetMetadata(REQUIRED_SCOPE, scope);

/** Requires a signed-in user holding the scope named by `@RequireScope` (default `admin`). */
@Injectable()
export class ScopeGuard implements CanActivate {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    if (!(await authenticate(this.verifier, request))) throw new UnauthorizedException(Messages.needLogin);
    const scope = this.reflector.getAllAndOverride<string | undefined>(REQUIRED_SCOPE, [context.getHandler(), context.getClass()]) ?? Scopes.admin;
    if (!hasScope(request.user!.scope, scope)) throw new ForbiddenException(ErrorCatalogue.FORBIDDEN.message);
    return true;
  }
}

/** Operators only: a signed-in user with the `admin` scope. */
@Injectable()
export class AdminGuard extends ScopeGuard {}
