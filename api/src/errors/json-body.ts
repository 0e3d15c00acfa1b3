import express, { type NextFunction, type Request, type Response } from 'express';
import type { ErrorResponse } from '../../../common/errors.js';

interface BodyParserError extends Error {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return error instanceof Error && typeof (error as Partial<BodyParserError>).type === 'string' && typeof (error as Partial<BodyParserError>).status === 'number';
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
      return whole(413, 'BODY_TOO_LARGE', `The request body is larger than the ${limitKb} KB this API accepts.`);
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

/** Reads JSON bodies up to the limit; a body it cannot read is answered here, before any route, in the error shape. */
export function jsonBody(limitKb: number) {
  const parse = express.json({ limit: `${limitKb}kb`, strict: true });
  const answerUnreadableBody = (error: unknown, _request: Request, response: Response, next: NextFunction): void => {
    if (!isBodyParserError(error)) return next(error);
    const body = bodyErrorResponse(error, limitKb);
    response.status(body.statusCode).json(body);
  };
  return [parse, answerUnreadableBody];
}
