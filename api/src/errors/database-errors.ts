// PostgreSQL SQLSTATE classes and codes that mean "the database cannot be reached", not "the query was wrong":
// 08 connection exception, 57P01-57P03 shutting down or starting up, 53300 too many connections.
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i;

function codeOf(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * TypeORM's name for a query on a connection it has already handed back. The app never keeps a query runner past
 * its transaction, so this happens when the connection died under a transaction (PostgreSQL shutting down or
 * restarting): TypeORM releases the runner on the connection's error, and the transaction's next statement or
 * its ROLLBACK then throws this instead of the connection error (found by test/api/faults.e2e.spec.ts).
 */
const CONNECTION_LOST_UNDER_TRANSACTION = 'QueryRunnerAlreadyReleasedError';

/** True when an error means the database is down or unreachable, so the caller gets 503 and can try again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === CONNECTION_LOST_UNDER_TRANSACTION) return true;
  const code = codeOf(error);
  if (code && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  const causes = [error, (error as { driverError?: unknown }).driverError, error.cause].filter((e): e is Error => e instanceof Error);
  return causes.some((cause) => UNAVAILABLE_MESSAGES.test(cause.message));
}

/**
 * What may be logged about an unexpected error. Database errors can quote the values of a query (`Key
 * (email)=(...) already exists`, `invalid input syntax for type uuid: "..."`), which may be personal data, so
 * for those only the error's kind and SQLSTATE are kept, with the stack frames below the message.
 */
export function describeErrorForLog(error: unknown): { errorName: string; errorCode?: string; stack?: string; errorMessage?: string } {
  if (!(error instanceof Error)) return { errorName: typeof error };
  const code = codeOf(error);
  const fromDatabase =
    error.name === 'QueryFailedError' || error.name === 'DatabaseError' || (code !== undefined && /^[0-9A-Z]{5}$/.test(code));
  const frames = error.stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  return fromDatabase
    ? { errorName: error.name, errorCode: code, stack: frames }
    : { errorName: error.name, errorCode: code, errorMessage: error.message, stack: frames };
}
