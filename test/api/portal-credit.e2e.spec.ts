import request from 'supertest';
import { hashPassword } from '../../api/src/accounts/password.js';
import type { ManagementInformationResponse } from '../../common/accounts/management-information.js';
import { SURVEY_ACTIONS } from '../../common/survey/model.js';
import { signInWith, type SignedIn } from '../support/account-session.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { MANCHESTER } from '../support/households.js';
import { FROM_OUR_OWN_PAGE, portalPassFromFrame } from '../support/portal-frame.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * A calculation is credited to a partner's portal only when it came through the partner's frame (issue 28, point 7),
 * on the built server in production mode with the default limits. A POST that names the partner and says
 * `portal: true` without the pass the frame's page was given (a script, a page on another site) starts an ordinary
 * visit from the partner: it works, but the partner's management information does not count it. The web app inside
 * the frame sends the pass, from our own page, and those calculations are counted.
 */

const PARTNER = 'cap_live';
const PARTNER_ORIGIN = 'https://www.cap.example';
const PASSWORD = 'a long enough password 1';
const VISITORS = 10;

let database: TestDatabase;
let server: ApiProcess;
let admin: SignedIn;
const http = () => request(server.url);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
  // Riverside Advice runs CAP's portal (npm run accounts:link-partner).
  const [{ id: organisation }] = await database.query<{ id: string }>(
    `INSERT INTO organisations (name, partner_id) VALUES ('Riverside Advice', $1) RETURNING id`,
    [PARTNER],
  );
  await database.query(
    `INSERT INTO users (organisation_id, email, password_hash, role, display_name) VALUES ($1, 'admin@riverside.example', $2, 'organisation-admin', 'Rita Admin')`,
    [organisation, await hashPassword(PASSWORD)],
  );
  admin = await signInWith(http, 'admin@riverside.example', PASSWORD);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** The questionnaire's first POST, naming the partner's portal; the calculation's id. */
async function startInPortal(browserId: string, fields: Record<string, unknown>, headers: Record<string, string>): Promise<string> {
  const response = await http()
    .post('/api/data/survey/')
    .set(headers)
    .send({
      browserId,
      session: null,
      page: 1,
      action: SURVEY_ACTIONS.next,
      partner: PARTNER,
      portal: true,
      ClientPostcode: MANCHESTER,
      ...fields,
    });
  expect({ status: response.status, code: response.body.code }).toEqual({ status: 200, code: undefined });
  return response.body.session as string;
}

async function creditOf(session: string): Promise<{ is_portal: boolean; partner_id: string | null }> {
  const [row] = await database.query<{ is_portal: boolean; partner_id: string | null }>(
    'SELECT is_portal, partner_id FROM calculation_sessions WHERE id = $1',
    [session],
  );
  return row;
}

/** Calculations started in the partner's portal this year, as its management information gives them (null: withheld). */
async function portalCalculationsStarted(): Promise<number | null> {
  const response = await http().get('/api/account/management-information?scope=partner').set('Cookie', admin.cookie).expect(200);
  return (response.body as ManagementInformationResponse).totals.started.value;
}

describe('a calculation naming a partner’s portal', () => {
  it('is not credited to the portal without the pass its frame’s page was given, nor counted in the partner’s figures', async () => {
    const framed = await portalPassFromFrame(server.url, PARTNER, PARTNER_ORIGIN);
    const otherPartners = await portalPassFromFrame(server.url, 'dfl_live', 'https://www.dfl.example');
    const forgeries: [string, Record<string, unknown>, Record<string, string>][] = [
      ['portal: true and nothing else, as a script sends it', {}, {}],
      ['claiming to come from our own page, without a pass', {}, FROM_OUR_OWN_PAGE],
      ['a made-up pass', { portalPass: `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}` }, FROM_OUR_OWN_PAGE],
      ['another partner’s pass', { portalPass: otherPartners }, FROM_OUR_OWN_PAGE],
      ['the partner’s pass, posted by a page on another site', { portalPass: framed }, { 'Sec-Fetch-Site': 'cross-site' }],
      ['the partner’s pass, from something that is not a browser (no Sec-Fetch-Site)', { portalPass: framed }, {}],
    ];
    for (let visitor = 0; visitor < VISITORS; visitor += 1) {
      const [what, fields, headers] = forgeries[visitor % forgeries.length];
      const session = await startInPortal(`browser_1795262400000_forged${visitor}x`, fields, headers);
      // It still works as an ordinary visit from the partner (kept for attribution), not as the portal's.
      expect({ what, credit: await creditOf(session) }).toEqual({ what, credit: { is_portal: false, partner_id: PARTNER } });
    }
    expect((await portalCalculationsStarted()) ?? 0).toBe(0);
    // The passes those forgeries misused were real ones.
    expect([framed, otherPartners]).toEqual([expect.any(String), expect.any(String)]);
  }, 60_000);

  it('is credited, and counted, when the web app inside the partner’s frame sends its page’s pass', async () => {
    for (let visitor = 0; visitor < VISITORS; visitor += 1) {
      const portalPass = await portalPassFromFrame(server.url, PARTNER, PARTNER_ORIGIN);
      const session = await startInPortal(`browser_1795262400000_framed${visitor}x`, { portalPass }, FROM_OUR_OWN_PAGE);
      expect(await creditOf(session)).toEqual({ is_portal: true, partner_id: PARTNER });
    }
    // The ten from the frame, and none of the ten before.
    expect(await portalCalculationsStarted()).toBe(VISITORS);
  }, 60_000);

  it('gives no pass to a page that is not in the partner’s frame', async () => {
    expect(await portalPassFromFrame(server.url, PARTNER, 'https://www.dfl.example')).toBeNull();
    const typed = await http().get(`/survey?portal=true&id=${PARTNER}`).set('Sec-Fetch-Dest', 'document').expect(200);
    expect(typed.text).not.toContain('"pass"');
  });
});
