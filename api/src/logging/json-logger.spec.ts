import { JsonLogger, requestContext } from './json-logger.js';
import { loggedPath } from './request-logging.js';

function loggerWithLines(level?: string): { logger: JsonLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = new JsonLogger(level, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('JsonLogger', () => {
  it('writes one JSON object a line with time, level and message', () => {
    const { logger, lines } = loggerWithLines();
    logger.log('server listening', 'Bootstrap');
    expect(lines).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'info', message: 'server listening', context: 'Bootstrap' },
    ]);
  });

  it('adds the request id of the request the work belongs to', () => {
    const { logger, lines } = loggerWithLines();
    requestContext.run({ requestId: 'req-12345678' }, () => logger.warn('slow answer'));
    expect(lines[0]).toMatchObject({ level: 'warn', message: 'slow answer', requestId: 'req-12345678' });
  });

  it('keeps the stack and context Nest passes with an error', () => {
    const { logger, lines } = loggerWithLines();
    logger.error('failed', 'Error: failed\n    at x', 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 'error', message: 'failed', stack: 'Error: failed\n    at x', context: 'ExceptionsHandler' });
  });

  it('writes structured events with their fields', () => {
    const { logger, lines } = loggerWithLines();
    logger.event('info', 'request completed', { method: 'GET', status: 200 });
    expect(lines[0]).toMatchObject({ message: 'request completed', method: 'GET', status: 200 });
  });

  it('leaves out lines below the level asked for, and Nest start-up chatter unless debugging', () => {
    const quiet = loggerWithLines('warn');
    quiet.logger.log('hello');
    quiet.logger.debug('detail');
    quiet.logger.error('broken');
    expect(quiet.lines.map((line) => line.message)).toEqual(['broken']);

    const normal = loggerWithLines('info');
    normal.logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    expect(normal.lines).toEqual([]);
  });

  it('falls back to info for an unknown level rather than logging nothing', () => {
    const { logger, lines } = loggerWithLines('shouting');
    logger.log('hello');
    logger.debug('detail');
    expect(lines.map((line) => line.message)).toEqual(['hello']);
  });
});

describe('loggedPath', () => {
  it('drops the query string and caps the length', () => {
    expect(loggedPath('/api/data/result/?session=abc&id=cap_live')).toBe('/api/data/result/');
    expect(loggedPath(`/${'a'.repeat(500)}`)).toHaveLength(200);
  });
});
