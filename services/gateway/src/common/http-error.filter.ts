import { Catch, HttpException, Logger, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcError } from '@visualnotes/common';
import { DomainError, errorBody, type ErrorBody } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { pathOf } from './request-target';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const logger = new Logger('HttpErrors');

export function httpErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof RpcError || exception instanceof DomainError) {
    return { statusCode: exception.statusCode, message: exception.message };
  }
  if (exception instanceof ZodValidationException) {
    const issue = (exception.getZodError() as ZodError).issues[0];
    return { statusCode: 400, message: issue?.message ?? 'Invalid request' };
  }
  if (exception instanceof HttpException) {
    const res = exception.getResponse();
    const raw = typeof res === 'string' ? res : (res as { message?: unknown }).message;
    const message = Array.isArray(raw) ? String(raw[0]) : String(raw ?? exception.message);
    return { statusCode: exception.getStatus(), message };
  }
  const status = (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Errors raised by Fastify itself (body too large, bad JSON, rate limit).
    return { statusCode: status, message: String((exception as Error).message) };
  }
  logger.error(exception instanceof Error ? exception : String(exception));
  const { statusCode, message } = errorBody('INTERNAL');
  return { statusCode, message };
}

/**
 * One place maps every error to `{ statusCode, message }`. A GET for a page (not /api) that no
 * route serves gets the single-page app, which renders its own 404 page.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly sendSpa: ((reply: FastifyReply, request: FastifyRequest) => unknown) | null) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (this.sendSpa && exception instanceof NotFoundException && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathOf(request.url))) {
      return this.sendSpa(reply, request);
    }
    const body = httpErrorBody(exception);
    if (reply.sent) return;
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
