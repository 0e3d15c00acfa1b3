import request from 'supertest';
import { MANCHESTER } from '../support/households.js';
import { seededRandom as generator } from '../support/random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const QUESTION_NAMES = [
  'ClientPostcode',
  'ClientDob',
  'ClientHasPartner',
  'PartnerDob',
  'ClientRent',
  'ClientWork',
  'ChildCount',
  'ClientCurrentCapital',
  'ChildDob1',
  'NoSuchQuestion',
  '__proto__',
  'constructor',
];
const NASTY = [
  "'; DROP TABLE survey_answers; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ✓',
  '9'.repeat(400),
  '-1',
  'NaN',
  '1e308',
  '31/02/2020',
  '',
];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  switch (Math.floor(random() * 10)) {
    case 0:
      return pick(NASTY);
    case 1:
      return Math.floor(random() * 2e9) - 1e9;
    case 2:
      return random() * 1e6;
    case 3:
      return random() < 0.5;
    case 4:
      return null;
    case 5:
      return depth > 3 ? [] : Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    case 6:
      return { ...MANCHESTER, [pick(Object.keys(MANCHESTER))]: randomValue(random, depth + 1) };
    case 7:
      return { weekly: randomValue(random, depth + 1), monthly: 1, yearly: 2, period: pick(['Weekly', 'Monthly', 'Yearly', 'Daily', '']) };
    case 8:
      return depth > 3 ? {} : Object.fromEntries([[pick(NASTY), randomValue(random, depth + 1)]]);
    default:
      return pick(['Yes', 'No', 'Band A', '14/03/1990', '0', '3']);
  }
}

describe('1,000 random survey posts', () => {
  it('never get a server error', async () => {
    const random = generator(20261122);
    const [session] = await testApp.database.query<{ id: string }>(
      `INSERT INTO calculation_sessions (reference, owner_browser_id) VALUES ('FUZZ2345', 'browser_1795262400000_fuzzfuzz') RETURNING id`,
    );
    const failures: string[] = [];
    for (let index = 0; index < 1000; index += 1) {
      const body: Record<string, unknown> = {};
      if (random() < 0.9) body.page = random() < 0.7 ? 1 + Math.floor(random() * 22) : randomValue(random);
      if (random() < 0.9) body.action = random() < 0.7 ? [1, 2, 4, 5][Math.floor(random() * 4)] : randomValue(random);
      if (random() < 0.6) body.session = random() < 0.7 ? session.id : randomValue(random);
      body.browserId = random() < 0.8 ? 'browser_1795262400000_fuzzfuzz' : randomValue(random);
      for (let count = Math.floor(random() * 4); count > 0; count -= 1)
        body[QUESTION_NAMES[Math.floor(random() * QUESTION_NAMES.length)]] = randomValue(random);
      const response = await http().post('/api/data/survey/').send(body);
      if (response.status >= 500) failures.push(`post ${index}: ${response.status} ${JSON.stringify(response.body)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
