import { readFileSync } from 'node:fs';
import { InvalidEnvironmentError, validateEnvironment } from './environment.js';

function problemsWith(raw: Record<string, string>): string[] {
  try {
    validateEnvironment(raw);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.problems;
    throw error;
  }
  return [];
}

describe('validateEnvironment', () => {
  it('gives working defaults when nothing is set, so npm start needs no configuration', () => {
    const environment = validateEnvironment({});
    expect(environment).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: '.data',
      LOG_LEVEL: 'info',
      BODY_LIMIT_KB: 100,
    });
    expect(environment.DATABASE_URL).toBeUndefined();
    expect(environment.CHAT_SCRIPT_URL).toBeUndefined();
  });

  it('reads numbers and keeps the settings it is given', () => {
    const environment = validateEnvironment({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/benefits',
      CHAT_SCRIPT_URL: 'https://chat.example.org/widget.js',
    });
    expect(environment.PORT).toBe(8080);
    expect(environment.DATABASE_URL).toBe('postgres://app:secret@db.internal:5432/benefits');
    expect(environment.CHAT_SCRIPT_URL).toBe('https://chat.example.org/widget.js');
  });

  it('treats an empty value as unset', () => {
    expect(validateEnvironment({ DATABASE_URL: '', PORT: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable with what it must be, all at once', () => {
    expect(problemsWith({ PORT: 'eighty', LOG_LEVEL: 'loud', BODY_LIMIT_KB: '0', NODE_ENV: 'staging' })).toEqual(
      expect.arrayContaining([
        'PORT must be a whole number from 1 to 65535.',
        'LOG_LEVEL must be one of error, warn, info or debug.',
        'BODY_LIMIT_KB must be a whole number of kilobytes from 1 to 10240.',
        'NODE_ENV must be one of development, production or test.',
      ]),
    );
  });

  it('rejects a database URL that is not PostgreSQL without repeating it, since it may hold a password', () => {
    const problems = problemsWith({ DATABASE_URL: 'mysql://root:hunter2@localhost/app' });
    expect(problems).toEqual(['DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@host:5432/database.']);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('rejects a chat script that is not a web address', () => {
    expect(problemsWith({ CHAT_SCRIPT_URL: 'javascript:alert(1)' })).toEqual([
      'CHAT_SCRIPT_URL must be the full http(s) address of the chat service script, or unset for no chat.',
    ]);
  });

  it('sends e-mail from a default address to the outbox until a mail server is set, whose password is never repeated', () => {
    const environment = validateEnvironment({});
    expect(environment.MAIL_FROM).toBe('Benefits Calculator <no-reply@example.org>');
    expect(environment.SMTP_URL).toBeUndefined();
    expect(environment.PUBLIC_URL).toBeUndefined();
    expect(validateEnvironment({ SMTP_URL: 'smtp://mailer:secret@mail.example.org:587' }).SMTP_URL).toBe(
      'smtp://mailer:secret@mail.example.org:587',
    );
    const problems = problemsWith({ SMTP_URL: 'http://mailer:hunter2@mail.example.org', MAIL_FROM: 'nobody', PUBLIC_URL: 'calculator' });
    expect(problems).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// address such as smtp://user:password@mail.example.org:587, or unset to write e-mails to files under DATA_DIR/outbox.',
      'MAIL_FROM must be an e-mail address, optionally with a name: Benefits Calculator <no-reply@example.org>.',
      'PUBLIC_URL must be the full http(s) address people open the calculator at, such as https://calculator.example.org, or unset for http://localhost:PORT.',
    ]);
    expect(problems.join()).not.toContain('hunter2');
  });

  it('keeps calculations 6 months unless RETENTION_MONTHS says otherwise, and refuses a retention that is not whole months', () => {
    expect(validateEnvironment({}).RETENTION_MONTHS).toBe(6);
    expect(validateEnvironment({ RETENTION_MONTHS: '3' }).RETENTION_MONTHS).toBe(3);
    for (const bad of ['0', '1.5', 'six', '121']) {
      expect(problemsWith({ RETENTION_MONTHS: bad })).toEqual(['RETENTION_MONTHS must be a whole number of months from 1 to 120.']);
    }
  });

  it('limits e-mails to 20 an hour from one network and 200 an hour in all unless told otherwise, each a whole number', () => {
    expect(validateEnvironment({})).toMatchObject({ EMAILS_PER_HOUR_PER_SENDER: 20, EMAILS_PER_HOUR: 200 });
    expect(validateEnvironment({ EMAILS_PER_HOUR_PER_SENDER: '5', EMAILS_PER_HOUR: '1000' })).toMatchObject({
      EMAILS_PER_HOUR_PER_SENDER: 5,
      EMAILS_PER_HOUR: 1000,
    });
    for (const bad of ['0', '2.5', 'lots']) {
      expect(problemsWith({ EMAILS_PER_HOUR_PER_SENDER: bad, EMAILS_PER_HOUR: bad })).toEqual([
        'EMAILS_PER_HOUR_PER_SENDER must be a whole number from 1 to 100000.',
        'EMAILS_PER_HOUR must be a whole number from 1 to 1000000.',
      ]);
    }
  });

  it('takes each route limit as requests per window of at most a day, with its default', () => {
    expect(validateEnvironment({}).RATE_LIMIT_CALCULATION_START).toBe('60/10m');
    expect(validateEnvironment({ RATE_LIMIT_PDF: '5/30s' }).RATE_LIMIT_PDF).toBe('5/30s');
    for (const bad of ['0/1m', '10', '10/m', '10/1w', '10/25h', '-1/1m', '1.5/1m']) {
      expect(problemsWith({ RATE_LIMIT_PDF: bad })).toEqual([
        'RATE_LIMIT_PDF must be a number of requests per window of at most a day, such as 120/1m (the window in s, m, h or d).',
      ]);
    }
  });

  it('takes the default level of an organisation’s API keys as whole numbers up to the keys’ own maxima', () => {
    expect(validateEnvironment({})).toMatchObject({ API_KEYS_DAILY_LEVEL: 100_000, API_KEYS_PER_MINUTE_LEVEL: 600 });
    expect(validateEnvironment({ API_KEYS_DAILY_LEVEL: '20000', API_KEYS_PER_MINUTE_LEVEL: '120' })).toMatchObject({
      API_KEYS_DAILY_LEVEL: 20_000,
      API_KEYS_PER_MINUTE_LEVEL: 120,
    });
    for (const bad of ['0', '1000001', '1.5', 'lots']) {
      expect(problemsWith({ API_KEYS_DAILY_LEVEL: bad })).toEqual([
        'API_KEYS_DAILY_LEVEL must be a whole number of households from 1 to 1000000.',
      ]);
    }
    expect(problemsWith({ API_KEYS_PER_MINUTE_LEVEL: '6001' })).toEqual([
      'API_KEYS_PER_MINUTE_LEVEL must be a whole number of calls from 1 to 6000.',
    ]);
  });

  it('trusts proxies only when named, never everyone', () => {
    expect(validateEnvironment({}).TRUST_PROXY).toBeUndefined();
    for (const good of ['loopback', '1', 'loopback, 10.0.0.0/8', '2001:db8::/32,uniquelocal', '192.0.2.7']) {
      expect(validateEnvironment({ TRUST_PROXY: good }).TRUST_PROXY).toBe(good);
    }
    for (const bad of ['true', '*', '0', '11', '10.0.0.0/33', 'proxy.example.org', 'loopback,,']) {
      expect(problemsWith({ TRUST_PROXY: bad })).toHaveLength(1);
    }
  });

  it('is documented variable by variable in .env.example', () => {
    const documented = readFileSync('.env.example', 'utf8')
      .split('\n')
      .map((line) => /^#?\s*([A-Z_]+)=/.exec(line)?.[1])
      .filter(Boolean)
      .sort();
    expect(documented).toEqual([
      'API_KEYS_DAILY_LEVEL',
      'API_KEYS_PER_MINUTE_LEVEL',
      'BODY_LIMIT_KB',
      'CHAT_SCRIPT_URL',
      'DATABASE_URL',
      'DATA_DIR',
      'EMAILS_PER_HOUR',
      'EMAILS_PER_HOUR_PER_SENDER',
      'HOST',
      'JOB_WORKER',
      'LOG_LEVEL',
      'MAIL_FROM',
      'NODE_ENV',
      'PORT',
      'POSTCODE_LOOKUP_URL',
      'PUBLIC_URL',
      'RATE_LIMIT_CALCULATION_ANONYMOUS',
      'RATE_LIMIT_CALCULATION_BATCH',
      'RATE_LIMIT_CALCULATION_START',
      'RATE_LIMIT_CASELOAD_RUN',
      'RATE_LIMIT_PDF',
      'RATE_LIMIT_POLICY_RUN',
      'RATE_LIMIT_RESULTS',
      'RETENTION_MONTHS',
      'SMTP_URL',
      'TEST_MODE_PASSWORD',
      'TRUST_PROXY',
    ]);
  });
});
