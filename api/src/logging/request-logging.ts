import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { requestContext, type JsonLogger } from './json-logger.js';

// A request id from a proxy is kept only when it cannot smuggle anything into the logs.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const MAX_LOGGED_PATH_LENGTH = 200;

/** The path without its query string: queries can carry partner references, and they add nothing to a log. */
export function loggedPath(originalUrl: string): string {
  return originalUrl.split('?')[0].slice(0, MAX_LOGGED_PATH_LENGTH);
}

/** The caller's well-formed X-Request-Id, or a new one; echoed in the response either way. */
function requestIdFor(request: Request, response: Response): string {
  const given = request.headers['x-request-id'];
  const requestId = typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
  response.setHeader('X-Request-Id', requestId);
  return requestId;
}

/**
 * Express middleware that runs first (pino-http): it gives each request an id (echoed in `X-Request-Id`), runs the
 * rest of the request with that id's logger, and logs one line when the response is sent: method, path, status and
 * time taken (`request aborted` when the client went away first; at error level for a 5xx). Never the body, the
 * query string or headers.
 */
export function requestLogging(logger: JsonLogger) {
  // pino-http times in whole milliseconds; the benchmark reads the server's time from these lines, to the microsecond.
  const started = new WeakMap<Response, bigint>();
  const line = (request: Request, response: Response) => ({
    method: request.method,
    path: loggedPath(request.originalUrl),
    status: response.statusCode,
    durationMs: Number((process.hrtime.bigint() - (started.get(response) ?? process.hrtime.bigint())) / 1000n) / 1000,
  });
  const logRequest = pinoHttp<Request, Response>({
    logger: logger.root,
    genReqId: requestIdFor,
    customAttributeKeys: { reqId: 'requestId' },
    // Lines bind the request id alone, never the request or response objects (headers, query, address); and
    // should a line name them, only these parts are written.
    quietReqLogger: true,
    quietResLogger: true,
    serializers: {
      req: (request: { method: string; url: string }) => ({ method: request.method, path: loggedPath(request.url) }),
      res: (response: { statusCode: number }) => ({ status: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
    customSuccessObject: line,
    customErrorObject: line,
    customErrorMessage: () => 'request completed',
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    started.set(response, process.hrtime.bigint());
    logRequest(request, response, () => requestContext.run(request.log, next));
  };
}
