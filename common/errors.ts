/**
 * One problem with a request: the field it concerns, as a JSON path such as `household.adults[0].dateOfBirth`
 * (empty when it concerns the request as a whole), and what is wrong, in plain English.
 */
export interface FieldError {
  path: string;
  message: string;
}

/** The one error shape that every API error response uses, so the web error summary can link to each field. */
export interface ErrorResponse {
  statusCode: number;
  /** A stable, machine-readable code such as `VALIDATION_FAILED`. */
  code: string;
  /** A plain-English summary a person can act on. */
  message: string;
  errors: FieldError[];
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<ErrorResponse>;
  return typeof candidate.statusCode === 'number' && typeof candidate.message === 'string' && Array.isArray(candidate.errors);
}

/** The answer to a request body over the limit, on every route (and a batch household over the single route's). */
export function bodyTooLarge(limitKb: number): ErrorResponse {
  const message = `The request body is larger than the ${limitKb} KB this API accepts.`;
  return { statusCode: 413, code: 'BODY_TOO_LARGE', message, errors: [{ path: '', message }] };
}
