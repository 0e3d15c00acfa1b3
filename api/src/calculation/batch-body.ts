import type { Request, Response } from 'express';
import getRawBody from 'raw-body';
import { ApiError } from '../errors/api-error.js';
import { announcesBody, bodyErrorResponse, isBodyParserError } from '../errors/json-body.js';

/**
 * Reading the batch's body, which the batch route does itself: after the rate limit, the key check and the taking of
 * a place (BatchCalculationService), never before. Compressed bodies never get here (refuseCompressedBodies).
 */
export interface BatchBodyLimits {
  limitKb: number;
  /** The whole body must arrive within this, or the request is answered 408 and its connection closed. */
  timeLimitMs: number;
}

const NOT_JSON = 'The request body must be JSON (Content-Type: application/json) in UTF-8.';

/**
 * The raw bytes of a batch body: at most `limitKb` (413 BODY_TOO_LARGE, at once when Content-Length says so),
 * application/json in UTF-8 (415 otherwise), received within `timeLimitMs` (408 BODY_TIMEOUT). A request with no body
 * gives no bytes. A refusal before the body is read closes the connection, so its unread body is not waited for.
 */
export async function readBatchBody(request: Request, response: Response, limits: BatchBodyLimits): Promise<Uint8Array> {
  const refuse = (error: ApiError): never => {
    response.setHeader('Connection', 'close');
    throw error;
  };
  if (!announcesBody(request)) return new Uint8Array(0);
  if (request.is('application/json') !== 'application/json') refuse(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_JSON));
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '')?.[1];
  if (charset !== undefined && charset.toLowerCase() !== 'utf-8') refuse(new ApiError(415, 'UNSUPPORTED_ENCODING', NOT_JSON));
  let timer: NodeJS.Timeout | undefined;
  const read = getRawBody(request, { length: request.headers['content-length'], limit: limits.limitKb * 1024 });
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const message = `The request body did not arrive within ${Math.round(limits.timeLimitMs / 1000)} seconds. Please send it again.`;
      reject(new ApiError(408, 'BODY_TIMEOUT', message, [{ path: '', message }]));
      // Once the refusal is written, the connection is closed under the rest of the body.
      response.once('finish', () => request.destroy());
    }, limits.timeLimitMs);
  });
  read.catch(() => undefined);
  try {
    return await Promise.race([read, late]);
  } catch (error) {
    if (error instanceof ApiError) return refuse(error);
    if (isBodyParserError(error)) {
      const body = bodyErrorResponse(error, limits.limitKb);
      return refuse(new ApiError(body.statusCode, body.code, body.message, body.errors));
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
