import type { ValidationError } from 'class-validator';
import { describeErrorForLog, isDatabaseUnavailable } from './database-errors.js';
import { bodyErrorResponse, madeSafe, MAX_BODY_DEPTH, parseJsonSafely } from './json-body.js';
import { fieldErrors } from './request-validation.pipe.js';

describe('fieldErrors', () => {
  it('gives each problem the JSON path of its field, through nested objects and arrays', () => {
    const errors: ValidationError[] = [
      { property: 'date', constraints: { isDateString: 'date must be a date written as YYYY-MM-DD.' }, children: [] },
      {
        property: 'household',
        children: [
          {
            property: 'adults',
            children: [
              {
                property: '0',
                children: [{ property: 'dateOfBirth', constraints: { isDate: 'dateOfBirth must be a date.' }, children: [] }],
              },
            ],
          },
        ],
      },
      { property: 'colour', constraints: { whitelistValidation: 'property colour should not exist' }, children: [] },
    ];
    expect(fieldErrors(errors)).toEqual([
      { path: 'date', message: 'date must be a date written as YYYY-MM-DD.' },
      { path: 'household.adults[0].dateOfBirth', message: 'dateOfBirth must be a date.' },
      { path: 'colour', message: 'colour is not a field this request accepts.' },
    ]);
  });
});

describe('bodyErrorResponse', () => {
  const parserError = (type: string, status: number, message = 'Unexpected token \'S\', "SW1A 1AA" is not valid JSON') =>
    Object.assign(new Error(message), { type, status });

  it('says a body is not valid JSON without quoting any of it', () => {
    const body = bodyErrorResponse(parserError('entity.parse.failed', 400), 100);
    expect(body).toEqual({
      statusCode: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON.',
      errors: [{ path: '', message: 'The request body is not valid JSON.' }],
    });
    expect(JSON.stringify(body)).not.toContain('SW1A');
  });

  it('names the size limit for a body that is too large', () => {
    expect(bodyErrorResponse(parserError('entity.too.large', 413), 100)).toMatchObject({
      statusCode: 413,
      code: 'BODY_TOO_LARGE',
      message: 'The request body is larger than the 100 KB this API accepts.',
    });
  });

  it('refuses compressed or non-UTF-8 bodies with 415', () => {
    expect(bodyErrorResponse(parserError('encoding.unsupported', 415), 100).statusCode).toBe(415);
    expect(bodyErrorResponse(parserError('charset.unsupported', 415), 100).statusCode).toBe(415);
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, a server shutting down and a dropped connection', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrapped = Object.assign(new Error('Query failed'), {
      name: 'QueryFailedError',
      driverError: Object.assign(new Error('x'), { code: '08006' }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('recognises a transaction whose connection was lost under it (TypeORM has released its query runner)', () => {
    const released = Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), {
      name: 'QueryRunnerAlreadyReleasedError',
    });
    expect(isDatabaseUnavailable(released)).toBe(true);
  });

  it('does not mistake a bad query for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('describeErrorForLog', () => {
  it('keeps only the kind, code and stack frames of a database error, which can quote personal data', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "SW1A 1AA"'), { name: 'QueryFailedError', code: '22P02' });
    const described = describeErrorForLog(error);
    expect(described).toMatchObject({ errorName: 'QueryFailedError', errorCode: '22P02' });
    expect(JSON.stringify(described)).not.toContain('SW1A');
  });

  it('keeps the message of a programming error, which is what a developer needs', () => {
    expect(describeErrorForLog(new TypeError('cannot read properties of undefined'))).toMatchObject({
      errorName: 'TypeError',
      errorMessage: 'cannot read properties of undefined',
    });
  });
});

describe('madeSafe, which keeps deeply nested bodies from the validators', () => {
  const nested = (depth: number): unknown => JSON.parse('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
  const nestsDeeperThan = (value: unknown, limit: number) => !madeSafe(value, limit);
  it('counts objects and arrays, not plain values, and stops past the limit', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan([[[1]]], 2)).toBe(true);
    expect(nestsDeeperThan({ a: 'x', b: [1, 2] }, 2)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });
  it('does not recurse, so even 100,000 levels do not exhaust the stack', () => {
    expect(nestsDeeperThan(nested(100_000), MAX_BODY_DEPTH)).toBe(true);
    expect(() => parseJsonSafely('['.repeat(5_000) + ']'.repeat(5_000))).not.toThrow();
  });
});

describe('madeSafe and parseJsonSafely: no prototype keys', () => {
  const text =
    '{"__proto__": {"polluted": 1}, "a": {"constructor": {"prototype": {"polluted": 1}}, "b": [{"prototype": 1, "__proto__": {"polluted": 1}, "c": 2}]}, "d": 3}';

  it('drop __proto__, constructor and prototype at every depth, and pollute nothing', () => {
    const parsed = parseJsonSafely(text) as Record<string, unknown>;
    expect(parsed).toEqual({ a: { b: [{ c: 2 }] }, d: 3 });
    expect(JSON.stringify(parsed)).toBe('{"a":{"b":[{"c":2}]},"d":3}');
    // What code then does with the body: copy it, spread it, merge it.
    const copied = Object.assign({}, parsed, { ...parsed });
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('make a body safe in place, as the body reader does after parsing', () => {
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(madeSafe(body, 64)).toBe(true);
    expect(body).toEqual({ a: { b: [{ c: 2 }] }, d: 3 });
    expect(Object.hasOwn(body, '__proto__')).toBe(false);
  });

  it('keep every other key, values named like them included', () => {
    expect(parseJsonSafely('{"name": "constructor", "list": ["__proto__"], "protoType": 1}')).toEqual({
      name: 'constructor',
      list: ['__proto__'],
      protoType: 1,
    });
  });
});
