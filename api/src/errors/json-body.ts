import express, { type NextFunction, type Request, type Response } from 'express';
import { bodyTooLarge, type ErrorResponse } from '../../../common/errors.js';

interface BodyParserError extends Error {
  type: string;
  status: number;
}

export function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    error instanceof Error &&
    typeof (error as Partial<BodyParserError>).type === 'string' &&
    typeof (error as Partial<BodyParserError>).status === 'number'
  );
}

/**
 * Why a JSON body could not be read, in the one error shape. The parser's own message is not used: it quotes
 * part of the body, which may hold personal data.
 */
export function bodyErrorResponse(error: BodyParserError, limitKb: number): ErrorResponse {
  const whole = (statusCode: number, code: string, message: string): ErrorResponse => ({
    statusCode,
    code,
    message,
    errors: [{ path: '', message }],
  });
  switch (error.type) {
    case 'entity.too.large':
      return bodyTooLarge(limitKb);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return whole(415, 'UNSUPPORTED_ENCODING', 'The request body must be JSON in UTF-8, without compression.');
    case 'request.aborted':
    case 'request.size.invalid':
      return whole(400, 'INCOMPLETE_BODY', 'The request body was not received in full. Please send it again.');
    default:
      return whole(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
}

/** No request of this API nests deeper than a few levels; far deeper bodies would exhaust the validators' stack. */
export const MAX_BODY_DEPTH = 64;

/** Keys that reach an object's prototype when code copies a body into another object: never part of a request. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A value JSON.parse gave, made safe in place: every PROTOTYPE_KEYS key dropped at every depth, before anything
 * (validation, class-transformer, Object.assign, spreads) sees it. JSON.parse itself makes `"__proto__"` an ordinary own
 * key; it is what later code does with such a key that pollutes, so none is let through. False, with the walk
 * stopped, when the value nests deeper than `depthLimit`: such a body is refused whole. One walk without recursion,
 * so no depth exhausts the stack; done after parsing rather than by a JSON.parse reviver, which calls back into
 * JavaScript for every value and made reading a survey page's body about five times as slow.
 */
export function madeSafe(value: unknown, depthLimit: number): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const stack: { value: object; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (depth >= depthLimit) return false;
    const record = current as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (PROTOTYPE_KEYS.has(key)) {
        delete record[key];
        continue;
      }
      const inner = record[key];
      if (typeof inner === 'object' && inner !== null) stack.push({ value: inner, depth: depth + 1 });
    }
  }
  return true;
}

/** JSON text parsed without PROTOTYPE_KEYS at any depth; a SyntaxError as JSON.parse's when it is not JSON. */
export function parseJsonSafely(text: string): unknown {
  const value: unknown = JSON.parse(text);
  madeSafe(value, Infinity);
  return value;
}

/**
 * Reads JSON bodies up to the limit, made safe (without PROTOTYPE_KEYS); a body it cannot read, or one nested deeper than MAX_BODY_DEPTH, is answered
 * here, before any route, in the error shape.
 */
export function jsonBody(limitKb: number) {
  // Never inflated: refuseCompressedBodies answers a compressed body before this; inflate: false refuses it here too.
  const json = express.json({ limit: `${limitKb}kb`, strict: true, inflate: false });
  const parse = (request: Request, response: Response, next: NextFunction): void => {
    if ((request as Request & { [READS_ITS_OWN_BODY]?: true })[READS_ITS_OWN_BODY]) return next();
    json(request, response, next);
  };
  // The next thing to see the parsed body: nothing reads it before it is made safe.
  const makeSafe = (request: Request, response: Response, next: NextFunction): void => {
    if (madeSafe(request.body, MAX_BODY_DEPTH)) return next();
    refuseTooDeep(response);
  };
  return [parse, answerUnreadableBody(limitKb), makeSafe];
}

/** The answer to a body nested deeper than MAX_BODY_DEPTH. */
function refuseTooDeep(response: Response): void {
  const message = `The request body nests more than ${MAX_BODY_DEPTH} levels deep.`;
  response.status(400).json({ statusCode: 400, code: 'BODY_TOO_DEEP', message, errors: [{ path: '', message }] } satisfies ErrorResponse);
}

/** Error middleware answering a body the parser could not read, in the error shape; other errors go on. */
function answerUnreadableBody(limitKb: number) {
  return (error: unknown, _request: Request, response: Response, next: NextFunction): void => {
    if (!isBodyParserError(error)) return next(error);
    const body = bodyErrorResponse(error, limitKb);
    response.status(body.statusCode).json(body);
  };
}

/** Whether the request announces a body at all (type-is's rule: a Transfer-Encoding, or a Content-Length above 0). */
export function announcesBody(request: Pick<Request, 'headers'>): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

const READS_ITS_OWN_BODY = Symbol('reads its own body');

/**
 * Marks the requests of one route (method and path, matched as the app's own router matches them: case-sensitive, one
 * trailing slash allowed) as reading their own body, so that jsonBody leaves them unread: the batch, whose route
 * reads its 16 MB body only after its rate limit, key and place (BatchCalculationService). Mounted before jsonBody.
 */
export function routeReadsItsOwnBody(method: 'post', path: string) {
  const router = express.Router({ caseSensitive: true, strict: false });
  router[method](path, (request: Request, _response: Response, next: NextFunction) => {
    (request as Request & { [READS_ITS_OWN_BODY]?: true })[READS_ITS_OWN_BODY] = true;
    next();
  });
  return router;
}

/**
 * Refuses, before anything reads it, a body sent compressed (Content-Encoding other than identity), on every route
 * and method, with 415 and the connection closed: 16 KB of gzip can inflate to 16 MB or more, so no body is ever
 * inflated. Clients send JSON as it is (docs/calculation-api.md).
 */
export function refuseCompressedBodies(request: Request, response: Response, next: NextFunction): void {
  const encoding = request.headers['content-encoding'];
  if (encoding === undefined || encoding.trim().toLowerCase() === 'identity' || encoding.trim() === '') return next();
  const message = 'The request body must be JSON in UTF-8, without compression: send it without Content-Encoding.';
  response.setHeader('Connection', 'close');
  response
    .status(415)
    .json({ statusCode: 415, code: 'UNSUPPORTED_ENCODING', message, errors: [{ path: '', message }] } satisfies ErrorResponse);
}
