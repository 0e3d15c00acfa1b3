import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorResponse, FieldError } from '../../../common/errors.js';

/** An error the API answers on purpose, already in the one error shape. Services throw these. */
export class ApiError extends HttpException {
  /** For a 429: how many seconds until a request may succeed, sent as the Retry-After header. */
  retryAfterSeconds?: number;

  constructor(statusCode: number, code: string, message: string, errors: FieldError[] = []) {
    super({ statusCode, code, message, errors } satisfies ErrorResponse, statusCode);
  }

  /** 429, with Retry-After: the caller may try again in `retryAfterSeconds` (at least 1). */
  static tooManyRequests(code: string, message: string, retryAfterSeconds: number): ApiError {
    const error = new ApiError(429, code, message);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  get body(): ErrorResponse {
    return this.getResponse() as ErrorResponse;
  }

  static validation(errors: FieldError[]): ApiError {
    const message = errors.length === 1 ? errors[0].message : `There are ${errors.length} problems with the request.`;
    return new ApiError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, errors);
  }
}
