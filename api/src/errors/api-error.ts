import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorResponse, FieldError } from '../../../common/errors.js';

/** An error the API answers on purpose, already in the one error shape. Services throw these. */
export class ApiError extends HttpException {
  /** Headers sent with the error, such as Retry-After on a 429. */
  readonly headers: Record<string, string> = {};

  constructor(statusCode: number, code: string, message: string, errors: FieldError[] = []) {
    super({ statusCode, code, message, errors } satisfies ErrorResponse, statusCode);
  }

  /** The same error, answered with this header too. */
  withHeader(name: string, value: string): this {
    this.headers[name] = value;
    return this;
  }

  get body(): ErrorResponse {
    return this.getResponse() as ErrorResponse;
  }

  static validation(errors: FieldError[]): ApiError {
    const message =
      errors.length === 1 ? errors[0].message : `There are ${errors.length} problems with the request.`;
    return new ApiError(HttpStatus.BAD_REQUEST, 'VALIDATION_FAILED', message, errors);
  }
}
