import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { MANCHESTER } from '../support/households.js';
import { ROUTE_LIMITS_OUT_OF_THE_WAY } from '../support/route-limits.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * On the built server in production mode: no source maps, neither in the build nor served (even one
 * put beside the built files), and no `__proto__`, `constructor` or `prototype` key of a JSON body reaches the code,
 * at any depth.
 */

const WEB_DIST = join(REPO_ROOT, 'dist/web');
const BROWSER_ID = 'browser_1795730000000_protokeys1';

let database: TestDatabase;
let server: ApiProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn', ...ROUTE_LIMITS_OUT_OF_THE_WAY });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('source maps in production', () => {
  it('the web build has none, and no built file points at one', () => {
    const files = filesUnder(WEB_DIST);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => /\.map$/i.test(file)).map((file) => relative(WEB_DIST, file))).toEqual([]);
    const pointing = files.filter((file) => /\.(js|css)$/.test(file) && /sourceMappingURL=/.test(readFileSync(file, 'utf8')));
    expect(pointing.map((file) => relative(WEB_DIST, file))).toEqual([]);
  });

  it('the server serves none, even one put beside the built files, however the path is spelled', async () => {
    const page = await (await fetch(`${server.url}/`)).text();
    const script = /src="(\/static\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const probes = [join(WEB_DIST, `${script!}.map`), join(WEB_DIST, 'probe-issue-16.js.map')];
    for (const probe of probes) writeFileSync(probe, '{"version":3,"sources":["secret.ts"],"mappings":""}');
    try {
      expect((await fetch(`${server.url}${script!}`)).status).toBe(200);
      for (const path of [
        `${script!}.map`,
        `${script!}%2Emap`,
        `${script!}%2emap`,
        `${script!}.MAP`,
        '/probe-issue-16.js.map',
        '/probe-issue-16.js%2Emap',
      ]) {
        const response = await fetch(`${server.url}${path}`);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(await response.text()).not.toContain('secret.ts');
      }
    } finally {
      for (const probe of probes) rmSync(probe, { force: true });
    }
  });
});

describe('__proto__, constructor and prototype keys in a JSON body', () => {
  /** Sent as JSON text: in a JavaScript object literal `__proto__:` would set the prototype instead of a key. */
  const postJson = (path: string, text: string) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text });
  const POLLUTING = '"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": {"polluted": "yes"}';

  /** The lone parent renting privately in Manchester, with `extra` (keys after a comma) added at four depths. */
  const household = (extra = '') =>
    `{"country": "ENGLAND", "localAuthority": "E08000003"${extra},
      "adults": [{"dateOfBirth": "1990-05-01"${extra}, "earnings": {"amount": 1200, "period": "MONTH", "basis": "NET"${extra}}, "hoursPerWeek": 20}],
      "children": [{"dateOfBirth": "2019-03-02", "sex": "FEMALE"}],
      "housing": {"tenure": "PRIVATE_RENT", "rent": {"amount": 850, "period": "MONTH"${extra}}, "bedrooms": 2, "councilTax": {"band": "C", "annualCharge": null, "liable": true}},
      "capital": 4000}`;

  it('are dropped at every depth before validation: the calculation API answers as for the same body without them', async () => {
    const clean = await postJson('/api/v1/calculations', `{"date": "2026-11-21", "household": ${household()}}`);
    expect(clean.status).toBe(200);
    const withKeys = await postJson(
      '/api/v1/calculations',
      `{${POLLUTING}, "date": "2026-11-21", "household": ${household(`, ${POLLUTING}`)}}`,
    );
    expect(withKeys.status).toBe(200);
    expect(await withKeys.json()).toEqual(await clean.json());
  });

  it('are not stored: a questionnaire page saved with them in the body and in an answer keeps only its own answers', async () => {
    const postcode = JSON.stringify(MANCHESTER).replace(/^\{/, `{${POLLUTING}, `);
    const response = await postJson(
      '/api/data/survey/',
      `{${POLLUTING}, "browserId": "${BROWSER_ID}", "session": null, "page": 1, "action": 2, "ClientPostcode": ${postcode}}`,
    );
    const body = (await response.json()) as { session: string };
    expect(response.status).toBe(200);
    const stored = await database.query<{ question_name: string; value: unknown }>(
      'SELECT key AS question_name, value FROM calculation_sessions, jsonb_each(answers) WHERE id = $1',
      [body.session],
    );
    expect(stored).toEqual([{ question_name: 'ClientPostcode', value: MANCHESTER }]);
    expect(JSON.stringify(stored)).not.toMatch(/__proto__|constructor|prototype|polluted/);
  });

  it('pollute nothing: after bodies full of them, the server answers as before', async () => {
    const before = await (await postJson('/api/v1/calculations', `{"date": "2026-11-21", "household": ${household()}}`)).json();
    for (const path of ['/api/v1/calculations', '/api/data/survey/', '/api/data/error/', '/api/data/lookup/']) {
      const response = await postJson(path, `{${POLLUTING}, "nested": {${POLLUTING}, "list": [{${POLLUTING}}]}}`);
      expect(response.status).toBeLessThan(500);
    }
    const after = await postJson('/api/v1/calculations', `{"date": "2026-11-21", "household": ${household()}}`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
    // An unknown field is still refused by name: 'polluted' did not become a known, inherited property.
    const unknown = await postJson('/api/v1/calculations', '{"date": "2026-11-21", "polluted": "yes"}');
    expect(unknown.status).toBe(400);
  });
});
