import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorResponse, FieldError } from '../../../common/errors.js';

/** An error the API answers on purpose, already in the one error shape. Services throw these. */
export class ApiError extends HttpException {
  constructor(statusCode: number, code: string, message: string, errors: FieldError[] = []) {
    super({ statusCode, code, message, errors } satisfies ErrorResponse, statusCode);
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
