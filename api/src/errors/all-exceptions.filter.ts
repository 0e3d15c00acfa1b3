import { Catch, HttpException, HttpStatus, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ErrorResponse } from '../../../common/errors.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { loggedPath } from '../logging/json-logger.js';
import { ApiError } from './api-error.js';
import { describeErrorForLog, isDatabaseUnavailable } from './database-errors.js';
import { announcesBody } from './json-body.js';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function answer(statusCode: number, code: string, message: string): ErrorResponse {
  return { statusCode, code, message, errors: [] };
}

/**
 * The last stop for every error thrown while handling a request: each becomes the one error shape. Errors the
 * API meant are passed through; a lost database becomes 503; anything else becomes a 500 that says nothing
 * about the inside and is logged without the error's message when that could quote data.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const body = this.toErrorResponse(exception, request);
    if (response.headersSent) return;
    // Refused before its body was read (a route that reads its own body, such as the batch): the connection is closed
    // after the answer rather than kept to wait for a body that may be 16 MB, or may never come.
    if (announcesBody(request) && !request.complete) response.setHeader('Connection', 'close');
    if (exception instanceof ApiError && exception.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    response.status(body.statusCode).json(body);
  }

  private toErrorResponse(exception: unknown, request: Request): ErrorResponse {
    if (exception instanceof ApiError) return exception.body;
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      if (statusCode === HttpStatus.NOT_FOUND) {
        return answer(404, 'NOT_FOUND', `There is no ${request.method} ${loggedPath(request.originalUrl)} in this API.`);
      }
      return answer(statusCode, CODE_BY_STATUS[statusCode] ?? 'HTTP_ERROR', exception.message);
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.event('warn', 'database unavailable', describeErrorForLog(exception));
      return answer(503, 'SERVICE_UNAVAILABLE', 'The service cannot reach its database just now. Please try again in a minute.');
    }
    this.logger.event('error', 'unexpected error', describeErrorForLog(exception));
    return answer(
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side. The error has been logged for us to fix; please try again later.',
    );
  }
}
