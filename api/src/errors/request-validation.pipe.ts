import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import type { FieldError } from '../../../common/errors.js';
import { ApiError } from './api-error.js';

function joinPath(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/**
 * Flattens class-validator's tree of errors into one `{ path, message }` a field, with JSON paths. A field
 * that breaks several rules gets the message of the first rule written above it (class-validator checks them
 * bottom-up), so `{"source": 1}` says "source must be text", not that it is too long.
 */
export function fieldErrors(errors: ValidationError[], parentPath = ''): FieldError[] {
  return errors.flatMap((error) => {
    const path = joinPath(parentPath, error.property);
    const firstWritten = Object.entries(error.constraints ?? {}).at(-1);
    const own = firstWritten
      ? [{ path, message: firstWritten[0] === 'whitelistValidation' ? `${path} is not a field this request accepts.` : firstWritten[1] }]
      : [];
    return [...own, ...fieldErrors(error.children ?? [], path)];
  });
}

/**
 * The one validation pipe for every request DTO: unknown fields are refused, not silently dropped, and each
 * problem comes back in the one error shape with its field path.
 */
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => ApiError.validation(fieldErrors(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const expectsObject = metadata.type === 'body' && typeof metadata.metatype === 'function' && metadata.metatype !== Object;
    if (expectsObject && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw ApiError.validation([
        { path: '', message: 'The request body must be a JSON object, sent with Content-Type: application/json.' },
      ]);
    }
    return super.transform(value, metadata);
  }
}
