import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { loggedPath, RequestLogContext, requestContext, type JsonLogger } from './json-logger.js';

// A request id from a proxy is kept only when it cannot smuggle anything into the logs.
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The caller's well-formed X-Request-Id, or a new one; echoed in the response either way. */
function requestIdFor(request: Request, response: Response): string {
  const given = request.headers['x-request-id'];
  const requestId = typeof given === 'string' && ACCEPTED_REQUEST_ID.test(given) ? given : randomUUID();
  response.setHeader('X-Request-Id', requestId);
  return requestId;
}

/**
 * Express middleware that runs first: it gives each request an id (echoed in `X-Request-Id`), runs the rest of the
 * request with that id in the request context (any line logged while handling it carries the id), and logs one line
 * when the response is sent: method, path, status and time taken (`request aborted` when the client went away first;
 * at error level for a 5xx). Never the body, the query string or headers.
 *
 * It writes through the root logger, with no logger of its own per request: a child logger is made only when
 * something inside the request logs (pino-http made one for every request: about 5% of a survey POST's CPU).
 */
export function requestLogging(logger: JsonLogger) {
  const root = logger.root;
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const context = new RequestLogContext(root, requestIdFor(request, response));
    let logged = false;
    const done = (completed: boolean): void => {
      if (logged) return;
      logged = true;
      const status = response.statusCode;
      const line = {
        requestId: context.requestId,
        method: request.method,
        path: loggedPath(request.originalUrl),
        status,
        // To the microsecond: the benchmark reads the server's own time from these lines.
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      };
      root[status >= 500 ? 'error' : 'info'](line, completed ? 'request completed' : 'request aborted');
    };
    // 'finish' when the whole response was handed to the network; 'close' alone when the client went away first.
    response.once('finish', () => done(true));
    response.once('close', () => done(response.writableFinished));
    requestContext.run(context, next);
  };
}
