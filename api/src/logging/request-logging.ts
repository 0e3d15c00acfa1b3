import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { requestContext, type JsonLogger } from './json-logger.js';

// A request id from a proxy is kept only when it cannot smuggle anything into the logs.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const MAX_LOGGED_PATH_LENGTH = 200;

/** The path without its query string: queries can carry partner references, and they add nothing to a log. */
export function loggedPath(originalUrl: string): string {
  return originalUrl.split('?')[0].slice(0, MAX_LOGGED_PATH_LENGTH);
}

/**
 * Express middleware that runs first: it gives each request an id (echoed in `X-Request-Id`), runs the rest of
 * the request inside that id's context, and logs one line when the response is sent: method, path, status and
 * time taken. Never the body, the query string or headers.
 */
export function requestLogging(logger: JsonLogger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const given = request.get('x-request-id');
    const requestId = given && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
    const started = process.hrtime.bigint();
    response.setHeader('X-Request-Id', requestId);
    response.on('finish', () => {
      logger.event(response.statusCode >= 500 ? 'error' : 'info', 'request completed', {
        requestId,
        method: request.method,
        path: loggedPath(request.originalUrl),
        status: response.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    requestContext.run({ requestId }, next);
  };
}
