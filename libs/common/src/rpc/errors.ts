import { Catch, HttpException, Logger, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { DomainError, errorBody, isErrorBody, type ErrorBody } from '@visualnotes/contracts';
import { throwError, type Observable } from 'rxjs';
import { ZodError } from 'zod';
import { requestError } from './validation';

/** An error answered by another service, with the status and message it chose. */
export class RpcError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
  toBody(): ErrorBody {
    return { statusCode: this.statusCode, message: this.message, code: this.code };
  }
}

const logger = new Logger('Errors');

/** Turns anything thrown in a handler into the wire shape; unknown errors are logged, not leaked. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof DomainError || error instanceof RpcError) return error.toBody();
  if (error instanceof ZodError) return requestError(error.issues).toBody();
  if (error instanceof HttpException) {
    const res = error.getResponse();
    const message =
      typeof res === 'string'
        ? res
        : Array.isArray((res as { message?: unknown }).message)
          ? String((res as { message: unknown[] }).message[0])
          : String((res as { message?: unknown }).message ?? error.message);
    return { statusCode: error.getStatus(), message };
  }
  if (error instanceof RpcException) {
    const inner = error.getError();
    if (isErrorBody(inner)) return inner;
  }
  if (isErrorBody(error)) return { statusCode: error.statusCode, message: error.message, code: error.code };
  logger.error(error instanceof Error ? error : String(error));
  return errorBody('INTERNAL');
}

/** Global filter for message handlers: every error leaves the service as `{ statusCode, message }`. */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => toErrorBody(exception));
  }
}
