import request from 'supertest';
import { ACCOUNT_MESSAGES } from '../../common/accounts/model.js';
import { AccountsService } from '../../api/src/accounts/accounts.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());
const PASSWORD = 'a long enough password 1';

interface Organisation {
  organisationId: string;
  adminId: string;
  adminEmail: string;
}

let advice: Organisation;
let other: Organisation;
let adviserId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  const accounts = testApp.app.get(AccountsService);
  const created = await accounts.createOrganisationWithAdmin('Riverside Advice', {
    email: 'Admin@Riverside.example',
    displayName: 'Rita Admin',
    password: PASSWORD,
  });
  advice = { ...created, adminId: created.userId, adminEmail: 'admin@riverside.example' };
  adviserId = await accounts.addUserToOrganisation(advice.organisationId, {
    email: 'adviser@riverside.example',
    displayName: 'Adam Adviser',
    password: PASSWORD,
    role: 'adviser',
  });
  const second = await accounts.createOrganisationWithAdmin('Hillside Welfare Rights', {
    email: 'admin@hillside.example',
    displayName: 'Hana Admin',
    password: PASSWORD,
  });
  other = { ...second, adminId: second.userId, adminEmail: 'admin@hillside.example' };
});
afterAll(() => testApp.close());
// Every sign-in counts against the per-address limit; each test starts with a clean count.
beforeEach(() => testApp.database.query('DELETE FROM rate_limit_counters'));

interface SignedIn {
  cookie: string;
  csrf: string;
  setCookies: string[];
}

async function signIn(email: string, password = PASSWORD): Promise<SignedIn> {
  const response = await http().post('/api/account/sign-in').send({ email, password }).expect(200);
  const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const value = (name: string) =>
    setCookies
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]
      .slice(name.length + 1);
  const session = value('account_session');
  const csrf = value('csrf');
  return { cookie: `account_session=${session}; csrf=${csrf}`, csrf, setCookies };
}

function post(url: string, as: SignedIn, body: object = {}) {
  return http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);
}

describe('sign-in and sign-out', () => {
  it('signs in with the e-mail address typed in any case, and sets an http-only session and a readable csrf cookie', async () => {
    const response = await http()
      .post('/api/account/sign-in')
      .send({ email: '  ADVISER@riverside.example ', password: PASSWORD })
      .expect(200);
    expect(response.body).toEqual({
      signedIn: true,
      user: { userId: adviserId, displayName: 'Adam Adviser', role: 'adviser', organisationName: 'Riverside Advice' },
    });
    const setCookies = ([] as string[]).concat(response.headers['set-cookie']);
    const session = setCookies.find((line) => line.startsWith('account_session='))!;
    const csrf = setCookies.find((line) => line.startsWith('csrf='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).toMatch(/; Path=\//);
    expect(session).toMatch(/; Max-Age=28800/);
    // Plain http on localhost in tests: a Secure cookie would not come back.
    expect(session).not.toMatch(/Secure/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookies Secure when the request came over https', async () => {
    testApp.app.set('trust proxy', 'loopback');
    try {
      const response = await http()
        .post('/api/account/sign-in')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: 'adviser@riverside.example', password: PASSWORD })
        .expect(200);
      for (const line of ([] as string[]).concat(response.headers['set-cookie'])) expect(line).toMatch(/; Secure/);
    } finally {
      testApp.app.set('trust proxy', false);
    }
  });

  it('keeps only hashes of the session and CSRF tokens', async () => {
    const adviser = await signIn('adviser@riverside.example');
    const rows = await testApp.database.query<{ token_hash: string; csrf_hash: string }>(
      'SELECT token_hash, csrf_hash FROM account_sessions',
    );
    const token = adviser.cookie.split(';')[0].split('=')[1];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toBe(token);
      expect(row.csrf_hash).not.toBe(adviser.csrf);
    }
  });

  it('says who is signed in, and the adviser area knows an adviser', async () => {
    const adviser = await signIn('adviser@riverside.example');
    const me = await http().get('/api/account/me').set('Cookie', adviser.cookie).expect(200);
    expect(me.body).toEqual({
      signedIn: true,
      user: { userId: adviserId, displayName: 'Adam Adviser', role: 'adviser', organisationName: 'Riverside Advice' },
    });
    await http().get('/api/intermediary/index/').set('Cookie', adviser.cookie).expect(200, { isIntermediary: true });
    await http().get('/api/intermediary/index/').expect(200, { isIntermediary: false });
    await http().get('/api/account/me').expect(200, { signedIn: false, user: null });
  });

  it('refuses a wrong password and an unknown address with the same words', async () => {
    const wrong = await http()
      .post('/api/account/sign-in')
      .send({ email: 'adviser@riverside.example', password: 'not the password' })
      .expect(401);
    const unknown = await http().post('/api/account/sign-in').send({ email: 'nobody@riverside.example', password: PASSWORD }).expect(401);
    const expected = {
      statusCode: 401,
      code: 'SIGN_IN_FAILED',
      message: 'The e-mail address or password is not right.',
      errors: [{ path: 'email', message: 'The e-mail address or password is not right.' }],
    };
    expect(wrong.body).toEqual(expected);
    expect(unknown.body).toEqual(expected);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(testApp.logLines.join('\n')).not.toContain('riverside.example');
  });

  it('asks for both fields by name', async () => {
    const response = await http().post('/api/account/sign-in').send({ email: '', password: '' }).expect(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Enter your e-mail address.' },
      { path: 'password', message: 'Enter your password.' },
    ]);
  });

  it('locks sign-in from this address for 15 minutes on the 5th wrong password in a row, even against the right one', async () => {
    // Other networks are not locked, and an address without an account locks the same: sign-in-abuse.e2e shows both.
    await testApp.app.get(AccountsService).addUserToOrganisation(advice.organisationId, {
      email: 'locked@riverside.example',
      displayName: 'Lou Locked',
      password: PASSWORD,
      role: 'adviser',
    });
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await http()
        .post('/api/account/sign-in')
        .send({ email: 'locked@riverside.example', password: `wrong ${attempt}` })
        .expect(401);
    }
    const fifth = await http().post('/api/account/sign-in').send({ email: 'locked@riverside.example', password: 'wrong 5' }).expect(423);
    const lockedMessage = 'This account is locked because the password was not right 5 times in a row. Try again in 15 minutes.';
    expect(fifth.body).toMatchObject({ code: 'ACCOUNT_LOCKED', message: lockedMessage });
    expect(fifth.headers['retry-after']).toBe('900');
    const right = await http().post('/api/account/sign-in').send({ email: 'locked@riverside.example', password: PASSWORD }).expect(423);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');

    // Once the lock has run out, the right password works and the count starts again.
    expect(
      await testApp.database.query(
        `UPDATE sign_in_locks SET locked_until = now() - interval '1 second' WHERE locked_until > now() RETURNING key`,
      ),
    ).toHaveLength(1);
    await signIn('locked@riverside.example');
    expect(await testApp.database.query(`SELECT count(*)::int AS locks FROM sign_in_locks WHERE locked_until IS NOT NULL`)).toEqual([
      { locks: 0 },
    ]);
    await http().post('/api/account/sign-in').send({ email: 'locked@riverside.example', password: 'wrong again' }).expect(401);
  });

  it('limits sign-ins from one address, whichever accounts they try', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      await http()
        .post('/api/account/sign-in')
        .send({ email: `guess${attempt}@riverside.example`, password: 'guess' })
        .expect(401);
    }
    const response = await http().post('/api/account/sign-in').send({ email: 'adviser@riverside.example', password: PASSWORD }).expect(429);
    expect(response.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses a POST made with the session cookie but without the matching X-CSRF-Token', async () => {
    const adviser = await signIn('adviser@riverside.example');
    const without = await http().post('/api/account/sign-out').set('Cookie', adviser.cookie).send({}).expect(403);
    expect(without.body).toEqual({ statusCode: 403, code: 'CSRF_FAILED', message: ACCOUNT_MESSAGES.csrfFailed, errors: [] });
    await http().post('/api/account/sign-out').set('Cookie', adviser.cookie).set('X-CSRF-Token', 'forged').send({}).expect(403);
    // The token of another session does not do either.
    const another = await signIn('adviser@riverside.example');
    await http()
      .post('/api/account/sign-out')
      .set('Cookie', `${adviser.cookie.split(';')[0]}; csrf=${another.csrf}`)
      .set('X-CSRF-Token', another.csrf)
      .send({})
      .expect(403);
    // Still signed in: nothing was changed.
    await http()
      .get('/api/account/me')
      .set('Cookie', adviser.cookie)
      .expect(200)
      .expect((response) => expect(response.body.signedIn).toBe(true));
  });

  it('signs out: the session ends on the server and both cookies are cleared', async () => {
    const adviser = await signIn('adviser@riverside.example');
    const response = await post('/api/account/sign-out', adviser).expect(200, { signedIn: false, user: null });
    const cleared = ([] as string[]).concat(response.headers['set-cookie']);
    expect(cleared.some((line) => /^account_session=;.*Expires=Thu, 01 Jan 1970/.test(line))).toBe(true);
    expect(cleared.some((line) => /^csrf=;.*Expires=Thu, 01 Jan 1970/.test(line))).toBe(true);
    await http().get('/api/account/me').set('Cookie', adviser.cookie).expect(200, { signedIn: false, user: null });
    await http().get('/api/intermediary/index/').set('Cookie', adviser.cookie).expect(200, { isIntermediary: false });
  });

  it('lets a public POST through with a session cookie that has ended, with no CSRF token', async () => {
    await http().post('/api/account/sign-out').set('Cookie', 'account_session=ended; csrf=x').send({}).expect(200);
  });
});

describe('organisation admin routes', () => {
  it('refuse anyone not signed in, and an adviser, with 403 NO_ACCESS', async () => {
    const none = await http().get('/api/account/users').expect(403);
    expect(none.body).toEqual({
      statusCode: 403,
      code: 'NO_ACCESS',
      message: 'You need to sign in to the adviser area to see this.',
      errors: [],
    });
    const adviser = await signIn('adviser@riverside.example');
    const refused = await http().get('/api/account/users').set('Cookie', adviser.cookie).expect(403);
    expect(refused.body).toMatchObject({ code: 'NO_ACCESS', message: 'Only an organisation admin can do this.' });
    await post('/api/account/users', adviser, {
      email: 'sneaky@riverside.example',
      displayName: 'Sneaky',
      password: PASSWORD,
      role: 'organisation-admin',
    }).expect(403);
    // Clients are an adviser's work too (below), but not before signing in.
    await http().get('/api/account/clients').expect(403);
  });

  it('let an adviser add a client as their own and edit it, but never give a client to someone else or touch another organisation’s', async () => {
    const adviser = await signIn('adviser@riverside.example');
    const added = await post('/api/account/clients', adviser, { firstName: 'Grace', lastName: 'Mensah', dateOfBirth: '14/03/1987' }).expect(
      201,
    );
    expect(added.body.client).toMatchObject({ firstName: 'Grace', adviserUserId: adviserId, adviserName: 'Adam Adviser' });
    const clientGuid = added.body.client.clientGuid as string;
    // Theirs to work on at once: the Adviser Area starts a calculation for the client.
    await post('/api/intermediary/start', adviser, { clientGuid, caseReference: 'First calculation' }).expect(200);

    await post(`/api/account/clients/${clientGuid}`, adviser, { firstName: 'Gracie', lastName: 'Mensah', dateOfBirth: '14/03/1987' })
      .expect(200)
      .expect((response) => expect(response.body.client).toMatchObject({ firstName: 'Gracie', adviserUserId: adviserId }));
    const givenAway = await post(`/api/account/clients/${clientGuid}`, adviser, {
      firstName: 'Gracie',
      lastName: 'Mensah',
      dateOfBirth: '14/03/1987',
      adviserUserId: advice.adminId,
    }).expect(400);
    expect(givenAway.body.errors).toEqual([
      {
        path: 'adviserUserId',
        message: 'An adviser adds and keeps clients as their own: ask your organisation admin to give a client to another adviser.',
      },
    ]);
    await post('/api/account/clients', adviser, {
      firstName: 'Sam',
      lastName: 'Lee',
      dateOfBirth: '01/01/1990',
      adviserUserId: advice.adminId,
    }).expect(400);

    // Another organisation's client is not found, for reading or for changing.
    const otherAdmin = await signIn(other.adminEmail);
    const theirs = await post('/api/account/clients', otherAdmin, {
      firstName: 'Hidden',
      lastName: 'Person',
      dateOfBirth: '01/01/1980',
      adviserUserId: other.adminId,
    }).expect(201);
    const theirGuid = theirs.body.client.clientGuid as string;
    await http().get(`/api/account/clients/${theirGuid}`).set('Cookie', adviser.cookie).expect(404);
    await post(`/api/account/clients/${theirGuid}`, adviser, { firstName: 'Taken', lastName: 'Over', dateOfBirth: '01/01/1990' }).expect(
      404,
    );
    const list = await http().get('/api/account/clients').set('Cookie', adviser.cookie).expect(200);
    expect(list.body.clients.map((client: { firstName: string }) => client.firstName)).not.toContain('Hidden');
    // An admin must still say whose client it is.
    const admin = await signIn(advice.adminEmail);
    const unnamed = await post('/api/account/clients', admin, { firstName: 'No', lastName: 'Owner', dateOfBirth: '01/01/1990' }).expect(
      400,
    );
    expect(unnamed.body.errors).toEqual([{ path: 'adviserUserId', message: 'Choose an adviser from your organisation.' }]);
  });

  it('let an admin add an adviser, who can then sign in', async () => {
    const admin = await signIn(advice.adminEmail);
    const added = await post('/api/account/users', admin, {
      email: 'New.Adviser@Riverside.example',
      displayName: 'Nia New',
      password: PASSWORD,
      role: 'adviser',
    }).expect(201);
    expect(added.body).toEqual({
      userId: expect.any(String),
      displayName: 'Nia New',
      email: 'new.adviser@riverside.example',
      role: 'adviser',
    });
    await signIn('new.adviser@riverside.example');
    const again = await post('/api/account/users', admin, {
      email: 'new.adviser@riverside.example',
      displayName: 'Nia Again',
      password: PASSWORD,
      role: 'adviser',
    }).expect(409);
    expect(again.body.errors).toEqual([{ path: 'email', message: 'There is already an account with this e-mail address.' }]);
    const members = await http().get('/api/account/users').set('Cookie', admin.cookie).expect(200);
    expect(members.body.members.map((member: { displayName: string }) => member.displayName)).toEqual(
      expect.arrayContaining(['Adam Adviser', 'Nia New', 'Rita Admin']),
    );
    expect(members.body.members.map((member: { displayName: string }) => member.displayName)).not.toContain('Hana Admin');
  });

  it('tell an admin an address is taken at most 10 times an hour, then refuse every add, so other organisations’ accounts cannot be listed', async () => {
    const admin = await signIn(other.adminEmail);
    // Addresses of another organisation's people: each answer says the address has an account somewhere.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await post('/api/account/users', admin, {
        email: attempt % 2 ? advice.adminEmail : 'adviser@riverside.example',
        displayName: 'Probe',
        password: PASSWORD,
        role: 'adviser',
      }).expect(409);
    }
    // Now refused whatever the address, taken or not, so the refusal tells nothing.
    for (const email of ['adviser@riverside.example', 'brand.new@hillside.example']) {
      const refused = await post('/api/account/users', admin, { email, displayName: 'Probe', password: PASSWORD, role: 'adviser' }).expect(
        429,
      );
      expect(refused.body).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: 'You have tried too many e-mail addresses that already have an account. Please wait an hour before adding anyone else.',
      });
      expect(refused.headers['retry-after']).toBe('3600');
    }
    expect(await testApp.database.query(`SELECT 1 FROM users WHERE email = 'brand.new@hillside.example'`)).toEqual([]);
  });

  it('check the new account’s fields by name', async () => {
    const admin = await signIn(advice.adminEmail);
    const response = await post('/api/account/users', admin, {
      email: 'not-an-address',
      displayName: '',
      password: 'short',
      role: 'policy-staff',
    }).expect(400);
    expect(response.body.errors).toEqual([
      { path: 'email', message: 'Enter an e-mail address in the right format, like name@example.org.' },
      { path: 'displayName', message: 'Enter the name to show for this person.' },
      { path: 'password', message: 'The password must be at least 12 characters long.' },
      { path: 'role', message: 'Choose adviser or organisation admin.' },
    ]);
  });

  it('let an admin add and edit a client; another organisation never sees it', async () => {
    const admin = await signIn(advice.adminEmail);
    const added = await post('/api/account/clients', admin, {
      firstName: ' Jane ',
      lastName: 'Doe',
      dateOfBirth: '14/03/1987',
      clientNumber: 'C-1042',
      adviserUserId: adviserId,
    }).expect(201);
    const clientGuid = added.body.client.clientGuid as string;
    expect(added.body.client).toEqual({
      clientGuid,
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '14/03/1987',
      clientNumber: 'C-1042',
      adviserUserId: adviserId,
      adviserName: 'Adam Adviser',
    });

    const edited = await post(`/api/account/clients/${clientGuid}`, admin, {
      firstName: 'Janet',
      lastName: 'Doe',
      dateOfBirth: '15/03/1987',
      adviserUserId: advice.adminId,
    }).expect(200);
    expect(edited.body.client).toMatchObject({
      firstName: 'Janet',
      dateOfBirth: '15/03/1987',
      clientNumber: '',
      adviserName: 'Rita Admin',
    });
    await http()
      .get(`/api/account/clients/${clientGuid}`)
      .set('Cookie', admin.cookie)
      .expect(200)
      .expect((response) => expect(response.body.client.firstName).toBe('Janet'));

    const otherAdmin = await signIn(other.adminEmail);
    const list = await http().get('/api/account/clients').set('Cookie', otherAdmin.cookie).expect(200);
    expect(list.body.clients.map((client: { clientGuid: string }) => client.clientGuid)).not.toContain(clientGuid);
    const hidden = await http().get(`/api/account/clients/${clientGuid}`).set('Cookie', otherAdmin.cookie).expect(404);
    expect(hidden.body).toMatchObject({ code: 'CLIENT_NOT_FOUND', message: 'This client was not found in your organisation.' });
    await post(`/api/account/clients/${clientGuid}`, otherAdmin, {
      firstName: 'Taken',
      lastName: 'Over',
      dateOfBirth: '01/01/1990',
      adviserUserId: other.adminId,
    }).expect(404);
    // Nor can an admin give a client to another organisation's adviser.
    const foreign = await post('/api/account/clients', admin, {
      firstName: 'Sam',
      lastName: 'Lee',
      dateOfBirth: '01/01/1990',
      adviserUserId: other.adminId,
    }).expect(400);
    expect(foreign.body.errors).toEqual([{ path: 'adviserUserId', message: 'Choose an adviser from your organisation.' }]);
    expect(testApp.logLines.join('\n')).not.toMatch(/Janet|14\/03\/1987/);
  });

  it('check the client’s date of birth: DD/MM/YYYY, a real date, in the past', async () => {
    const admin = await signIn(advice.adminEmail);
    for (const [dateOfBirth, message] of [
      ['1987-03-14', 'Enter the date of birth as DD/MM/YYYY, like 14/03/1987.'],
      ['31/02/1987', 'Enter the date of birth as DD/MM/YYYY, like 14/03/1987.'],
      ['01/01/2999', 'The date of birth must be in the past.'],
    ]) {
      const response = await post('/api/account/clients', admin, {
        firstName: 'Jane',
        lastName: 'Doe',
        dateOfBirth,
        adviserUserId: adviserId,
      }).expect(400);
      expect(response.body.errors).toEqual([{ path: 'dateOfBirth', message }]);
    }
    await http().get('/api/account/clients/not-a-guid').set('Cookie', admin.cookie).expect(400);
  });
});
