import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { PARTNERS_REFRESH_MS, PartnersService } from '../../api/src/partners/partners.service.js';
import { PARTNER_MESSAGES } from '../../common/partners/model.js';
import { signInWith, type SignedIn } from '../support/account-session.js';
import { fuzzPartner, ONE_PIXEL_PNG } from '../support/endpoint-fuzz.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 32, point 5: the partner register. Two service administrators, so that one approves what the other proposed.
let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());
const PASSWORD = 'a long enough password 1';
const ORIGIN = 'https://www.money-help.example';

let sam: SignedIn;
let tove: SignedIn;
let policy: SignedIn;

const post = (url: string, as: SignedIn, body: object = {}) =>
  http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);
const list = (as: SignedIn) => http().get('/api/partners').set('Cookie', as.cookie);
const embedCheck = (partner: string, origin: string) => http().get('/api/embed/check').query({ partner }).set('Origin', origin);
const frameAncestorsNow = async () =>
  /frame-ancestors ([^;]*)/.exec((await http().get('/api/health')).headers['content-security-policy'] as string)![1].split(' ');

beforeAll(async () => {
  testApp = await startTestApp();
  const accounts = testApp.app.get(AccountsService);
  const { organisationId } = await accounts.createOrganisationWithAdmin('The Charity', {
    email: 'admin@charity.example',
    displayName: 'Cass Admin',
    password: PASSWORD,
  });
  for (const [email, displayName, role] of [
    ['sam@charity.example', 'Sam Service', 'service-admin'],
    ['tove@charity.example', 'Tove Service', 'service-admin'],
    ['pat@charity.example', 'Pat Policy', 'policy-staff'],
  ] as const)
    await accounts.addUserToOrganisation(organisationId, { email, displayName, password: PASSWORD, role });
  sam = await signInWith(http, 'sam@charity.example', PASSWORD);
  tove = await signInWith(http, 'tove@charity.example', PASSWORD);
  policy = await signInWith(http, 'pat@charity.example', PASSWORD);
});
afterAll(() => testApp.close());

describe('the partner register', () => {
  it('is only for service administrators', async () => {
    expect((await list(policy)).body).toMatchObject({ code: 'NO_ACCESS', message: expect.stringContaining('service administrator') });
    expect((await http().get('/api/partners')).status).toBe(403);
  });

  it('lists the partner files as the seed', async () => {
    const { body } = await list(sam).expect(200);
    expect(body.partners.map((entry: { definition: { id: string } }) => entry.definition.id)).toEqual(
      expect.arrayContaining(['cap_live', 'dfl_live']),
    );
    expect(body.partners.every((entry: { source: string }) => entry.source === 'file')).toBe(true);
    expect(body.extraHelpCategories.length).toBeGreaterThan(3);
  });

  it('checks a registration as a partner file is checked, naming each field, and says when https is needed', async () => {
    const answer = await post('/api/partners/proposals', sam, {
      partner: { ...fuzzPartner('money_help', ['http://www.money-help.example']), accentColour: '#ffff00', benefits: { hide: ['PIPP'] } },
      logoPng: ONE_PIXEL_PNG,
    }).expect(400);
    const byPath = Object.fromEntries(answer.body.errors.map((error: { path: string; message: string }) => [error.path, error.message]));
    expect(byPath['partner.origins[0]']).toContain('must be a web address that starts with https://');
    expect(byPath['partner.accentColour']).toContain('contrast');
    expect(byPath['partner.benefits.hide[0]']).toContain('"PIPP" is not one of the calculator\'s benefit codes');
  });

  it('takes only a PNG logo, and needs one for a new partner', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    const notPng = await post('/api/partners/proposals', sam, { partner: fuzzPartner('money_help', [ORIGIN]), logoPng: svg }).expect(400);
    expect(notPng.body.errors).toEqual([{ path: 'logoPng', message: PARTNER_MESSAGES.logoNotPng }]);
    const none = await post('/api/partners/proposals', sam, { partner: fuzzPartner('money_help', [ORIGIN]) }).expect(400);
    expect(none.body.errors).toEqual([{ path: 'logoPng', message: PARTNER_MESSAGES.logoRequired }]);
    const badId = await post('/api/partners/proposals', sam, { partner: fuzzPartner('Money Help', [ORIGIN]), logoPng: ONE_PIXEL_PNG });
    expect(badId.body.errors).toEqual([{ path: 'partner.id', message: PARTNER_MESSAGES.idInvalid }]);
  });

  it('registers a partner only when a second administrator approves it, and then at once, without a restart', async () => {
    const proposed = await post('/api/partners/proposals', sam, {
      partner: fuzzPartner('money_help', [ORIGIN]),
      logoPng: ONE_PIXEL_PNG,
    }).expect(201);
    expect(proposed.body).toMatchObject({
      partnerId: 'money_help',
      kind: 'register',
      mayApprove: false,
      proposedBy: { name: 'Sam Service' },
    });
    const reference = proposed.body.reference as string;
    const logoPath = `/api/partners/logos/${reference}.png`;
    expect(proposed.body.definition.logo).toBe(logoPath);

    // Waiting: not in force, and its logo is only for the administrators.
    expect((await embedCheck('money_help', ORIGIN)).body.allowed).toBe(false);
    expect(await frameAncestorsNow()).not.toContain(ORIGIN);
    expect((await http().get(logoPath)).status).toBe(404);
    expect((await http().get(logoPath).set('Cookie', tove.cookie)).status).toBe(200);
    const [waiting] = (await list(tove)).body.proposals;
    expect(waiting).toMatchObject({ reference, mayApprove: true, whyNot: null });
    // One change a partner at a time.
    expect(
      (await post('/api/partners/proposals', tove, { partner: fuzzPartner('money_help', [ORIGIN]), logoPng: ONE_PIXEL_PNG })).body.code,
    ).toBe('PARTNER_CHANGE_OPEN');

    const own = await post(`/api/partners/proposals/${reference}/approve`, sam).expect(403);
    expect(own.body).toMatchObject({ code: 'SECOND_PERSON_NEEDED', message: PARTNER_MESSAGES.ownProposal });
    expect(await frameAncestorsNow()).not.toContain(ORIGIN);

    const approved = await post(`/api/partners/proposals/${reference}/approve`, tove).expect(200);
    expect(approved.body.proposals).toEqual([]);
    expect(approved.body.partners).toContainEqual(
      expect.objectContaining({
        source: 'registered',
        approvedBy: { name: 'Tove Service' },
        definition: expect.objectContaining({ id: 'money_help' }),
      }),
    );
    expect((await embedCheck('money_help', ORIGIN)).body).toEqual({ allowed: true, message: null });
    expect(await frameAncestorsNow()).toContain(ORIGIN);
    const logo = await http().get(logoPath).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect((await post(`/api/partners/proposals/${reference}/approve`, tove)).body.code).toBe('PARTNER_CHANGE_DECIDED');
  });

  it('changes a partner file’s partner by registration, keeping its logo, and a rejected change does nothing', async () => {
    const { body: before } = await list(sam);
    const cap = before.partners.find((entry: { definition: { id: string } }) => entry.definition.id === 'cap_live').definition;
    const { logo: _logo, ...rest } = cap;
    const proposed = await post('/api/partners/proposals', sam, { partner: { ...rest, origins: [...cap.origins, ORIGIN] } }).expect(201);
    expect(proposed.body).toMatchObject({ kind: 'change', definition: { logo: cap.logo }, current: { origins: cap.origins } });
    await post(`/api/partners/proposals/${proposed.body.reference}/reject`, sam).expect(200);
    expect((await embedCheck('cap_live', ORIGIN)).body.allowed).toBe(false);
    const again = await post('/api/partners/proposals', sam, { partner: { ...rest, origins: [...cap.origins, ORIGIN] } }).expect(201);
    await post(`/api/partners/proposals/${again.body.reference}/approve`, tove).expect(200);
    expect((await embedCheck('cap_live', ORIGIN)).body.allowed).toBe(true);
  });

  it('removes a partner once approved: its pages get the embed message', async () => {
    const removal = await post('/api/partners/removals/money_help', tove).expect(201);
    expect(removal.body).toMatchObject({ kind: 'remove', definition: null });
    expect((await embedCheck('money_help', ORIGIN)).body.allowed).toBe(true);
    await post(`/api/partners/proposals/${removal.body.reference}/approve`, sam).expect(200);
    expect((await embedCheck('money_help', ORIGIN)).body).toMatchObject({
      allowed: false,
      message: expect.stringContaining('no partner called "money_help"'),
    });
    expect((await post('/api/partners/removals/money_help', tove)).status).toBe(404);
  });

  it('reads a change approved on another server when it next refreshes', async () => {
    // Another server approved it: the row is there, and this one has not read it yet.
    await testApp.database.query(
      `INSERT INTO partner_registrations (partner_id, definition, status, proposed_by_name, decided_by_name, decided_at)
       VALUES ('other_server', $1, 'approved', 'Sam Service', 'Tove Service', now())`,
      [JSON.stringify({ ...fuzzPartner('other_server', [ORIGIN]), logo: '/partners/cap_live.svg' })],
    );
    expect((await embedCheck('other_server', ORIGIN)).body.allowed).toBe(false);
    // What the timer does every PARTNERS_REFRESH_MS.
    await testApp.app.get(PartnersService).refresh();
    expect((await embedCheck('other_server', ORIGIN)).body.allowed).toBe(true);
    expect(PARTNERS_REFRESH_MS).toBe(30_000);
  });
});
