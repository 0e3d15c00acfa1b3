import type { Request, Response } from 'express';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { JsonLogger, loggedPath } from './json-logger.js';
import { requestLogging } from './request-logging.js';

function loggerWithLines(level?: string): { logger: JsonLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = new JsonLogger(level, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A request through requestLogging, without a network: `handle` runs where a controller would. */
function sendRequest(
  logger: JsonLogger,
  url: string,
  headers: Record<string, string>,
  status: number,
  handle: () => void = () => undefined,
) {
  const request = new IncomingMessage(new Socket()) as Request;
  Object.assign(request, { method: 'POST', url, originalUrl: url, headers, body: { postcode: 'SW1A 1AA' } });
  const response = new ServerResponse(request) as unknown as Response;
  requestLogging(logger)(request, response, () => {
    handle();
    response.statusCode = status;
    response.setHeader('Set-Cookie', 'session=secret-session-value');
    response.end();
    // No socket to flush to, so Node never says 'finish' by itself.
    response.emit('finish');
  });
  return response;
}

describe('JsonLogger', () => {
  it('writes one JSON object a line with time, level and message, and nothing about the process', () => {
    const { logger, lines } = loggerWithLines();
    logger.event('info', 'server listening', { url: 'http://localhost:3000' });
    expect(lines).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', message: 'server listening', url: 'http://localhost:3000' },
    ]);
  });

  it('writes structured events with their fields, leaving out the unset ones', () => {
    const { logger, lines } = loggerWithLines();
    logger.event('warn', 'e-mail not sent', { reason: 'timeout', code: undefined });
    expect(lines[0]).toMatchObject({ level: 'warn', message: 'e-mail not sent', reason: 'timeout' });
    expect(lines[0]).not.toHaveProperty('code');
  });

  it('leaves out lines below the level asked for, and falls back to info for an unknown level', () => {
    const quiet = loggerWithLines('warn');
    quiet.logger.event('info', 'hello');
    quiet.logger.event('debug', 'detail');
    quiet.logger.event('error', 'broken');
    expect(quiet.lines.map((line) => line.message)).toEqual(['broken']);

    const unknown = loggerWithLines('shouting');
    unknown.logger.event('info', 'hello');
    unknown.logger.event('debug', 'detail');
    expect(unknown.lines.map((line) => line.message)).toEqual(['hello']);
  });

  it('redacts secret headers and drops bodies wherever they turn up in a line', () => {
    const { logger, lines } = loggerWithLines();
    logger.info(
      {
        headers: { cookie: 'session=abc', 'x-browser-id': 'browser_1' },
        upstream: { headers: { authorization: 'Basic eA==' }, body: { postcode: 'SW1A 1AA' } },
      },
      'oops',
    );
    expect(lines[0]).toMatchObject({
      headers: { cookie: '[redacted]', 'x-browser-id': '[redacted]' },
      upstream: { headers: { authorization: '[redacted]' }, body: '[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/session=abc|browser_1|eA==|SW1A/);
  });
});

describe("Nest's own messages", () => {
  it('keep the context, and the start-up chatter only shows when debugging', () => {
    const normal = loggerWithLines('info');
    normal.logger.forNest().log('Mapped {/api/health, GET} route', 'RouterExplorer');
    normal.logger.forNest().log('Nest application successfully started', 'NestApplication');
    expect(normal.lines).toEqual([
      expect.objectContaining({ level: 'info', message: 'Nest application successfully started', context: 'NestApplication' }),
    ]);

    const debugging = loggerWithLines('debug');
    debugging.logger.forNest().log('Mapped {/api/health, GET} route', 'RouterExplorer');
    expect(debugging.lines[0]).toMatchObject({ level: 'debug', message: 'Mapped {/api/health, GET} route', context: 'RouterExplorer' });
  });

  it('keep the stack Nest passes with an error', () => {
    const { logger, lines } = loggerWithLines();
    logger.forNest().error('failed', 'Error: failed\n    at x', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({
      level: 'error',
      context: 'ExceptionsHandler',
      err: expect.objectContaining({ stack: 'Error: failed\n    at x' }),
    });
  });
});

describe('requestLogging', () => {
  it('logs one line per request: method, path without its query, status, time taken and request id; no header or body', () => {
    const { logger, lines } = loggerWithLines();
    const response = sendRequest(
      logger,
      '/api/data/result/?session=abc&postcode=SW1A1AA',
      { cookie: 'session=secret-cookie', 'x-browser-id': 'browser_1' },
      200,
    );
    const requestId = response.getHeader('X-Request-Id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([
      {
        time: expect.any(String),
        level: 'info',
        message: 'request completed',
        requestId,
        method: 'POST',
        path: '/api/data/result/',
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret|browser_1|SW1A|session=/);
  });

  it("keeps a caller's well-formed request id and puts it on every line logged while handling the request", () => {
    const { logger, lines } = loggerWithLines();
    const response = sendRequest(logger, '/api/health', { 'x-request-id': 'proxy-req-000123' }, 503, () =>
      logger.event('warn', 'database unavailable', { errorCode: 'ECONNREFUSED' }),
    );
    expect(response.getHeader('X-Request-Id')).toBe('proxy-req-000123');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', message: 'database unavailable', requestId: 'proxy-req-000123' }),
      expect.objectContaining({ level: 'error', message: 'request completed', requestId: 'proxy-req-000123', status: 503 }),
    ]);
    logger.event('info', 'after the request');
    expect(lines[2]).not.toHaveProperty('requestId');
  });

  it('writes only the method and path of a request or the status of a response that a line names', () => {
    const { logger, lines } = loggerWithLines();
    sendRequest(logger, '/api/data/verify/?postcode=SW1A1AA', { cookie: 'session=secret-cookie' }, 200, () => {
      const request = new IncomingMessage(new Socket());
      Object.assign(request, { method: 'POST', url: '/api/data/verify/?postcode=SW1A1AA', headers: { cookie: 'session=secret-cookie' } });
      logger.logger.warn({ req: request, res: { statusCode: 403, headers: { 'set-cookie': 'grant=x' } } }, 'refused');
    });
    expect(lines[0]).toMatchObject({ message: 'refused', req: { method: 'POST', path: '/api/data/verify/' } });
    expect(Object.keys(lines[0].res as object)).toEqual(['status']);
    expect(JSON.stringify(lines)).not.toMatch(/secret|SW1A|grant/);
  });

  it('replaces a request id that could smuggle anything into the log', () => {
    const { logger, lines } = loggerWithLines();
    const response = sendRequest(logger, '/api/health', { 'x-request-id': 'bad id with "quotes" {}' }, 200);
    expect(response.getHeader('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0].requestId).toBe(response.getHeader('X-Request-Id'));
  });
});

describe('loggedPath', () => {
  it('drops the query string and caps the length', () => {
    expect(loggedPath('/api/data/result/?session=abc&id=cap_live')).toBe('/api/data/result/');
    expect(loggedPath(`/${'a'.repeat(500)}`)).toHaveLength(200);
  });
});
