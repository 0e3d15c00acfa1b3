import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { ukToday } from '../../common/dates/uk-today.js';
import type { ChangeSetDetail } from '../../common/policy/model.js';
import { signInWith, type SignedIn } from '../support/account-session.js';
import { REPO_ROOT, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { seedDemo } from '../support/demo-adviser.js';
import { postJsonFrom } from '../support/http-from.js';
import { LONE_PARENT_SOCIAL_RENTER } from '../support/households.js';
import { completeQuestionnaire } from '../support/questionnaire-api.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

/**
 * The policy workbench's safe powers (issue 28), against the production build with the default limits:
 * - four eyes means four eyes: no member who wrote or changed an edit approves it; an approval names the digest of
 *   the edits shown and lapses when they change; publishing publishes exactly what was approved, after the checks
 *   were run on it; a withdrawal or revert asked by one member is done only when another confirms;
 * - a published change can never take the service down: an edit that cannot work is refused when it is saved; a
 *   published change set that still throws (written straight into the database, past every check) leaves the results
 *   page and the calculation API answering 200 with the rules without it, /api/health says 'degraded' naming it, an
 *   error is logged once, and one member's emergency stop takes it out from the same day.
 */

const PASSWORD = 'demo-adviser-2026';
const REX = { email: 'policy.three@demo-advice.example', name: 'Rex Policy' };
const ELDEST = 'gov/hmrc/child_benefit/amount/eldest';
const SOURCE = {
  title: 'HMRC, Child Benefit, Guardian’s Allowance and tax credits: rates and allowances (gov.uk)',
  url: 'https://www.gov.uk/government/publications/rates-and-allowances-tax-credits-child-benefit-and-guardians-allowance/tax-credits-child-benefit-and-guardians-allowance',
};
/** Child Benefit for the eldest child from today: no hand-worked case (all dated before today) reads it. */
const VALUE = { kind: 'parameter-value', parameter: ELDEST, from: ukToday(), value: 2810, source: SOURCE };
/** The rule the new policy officer published: 'in' with a number, which throws for every household. */
const IN_WITH_A_NUMBER = {
  kind: 'rule',
  ruleset: 'child-benefit',
  rule: 'has-a-child',
  conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'in', value: 3 }] },
};

let database: TestDatabase;
let server: ApiProcess;
let pat: SignedIn;
let quinn: SignedIn;
let rex: SignedIn;

const http = () => request(server.url);
const get = (url: string, as: SignedIn) => http().get(url).set('Cookie', as.cookie);
const post = (url: string, as: SignedIn, body: object = {}) =>
  http().post(url).set('Cookie', as.cookie).set('X-CSRF-Token', as.csrf).send(body);
const detailOf = async (id: number, as: SignedIn = quinn) =>
  (await get(`/api/policy/change-sets/${id}`, as).expect(200)).body as ChangeSetDetail;

/** A date `days` after today (UK), yyyy-mm-dd. */
function daysAhead(days: number): string {
  const date = new Date(`${ukToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function draft(title: string, edits: object[], as: SignedIn = pat): Promise<number> {
  const { id } = (await post('/api/policy/change-sets', as, { title, reason: 'A test of the safe powers.' }).expect(201))
    .body as ChangeSetDetail;
  for (const edit of edits) await post(`/api/policy/change-sets/${id}/edits`, as, { edit }).expect(200);
  return id;
}

const runChecks = async (id: number) => post(`/api/policy/change-sets/${id}/cases-run`, pat).expect(200);
/** Approved by `as`, naming the digest the workbench shows them; answered with `status`. */
const approve = async (id: number, as: SignedIn, status: number) =>
  post(`/api/policy/change-sets/${id}/approve`, as, { digest: (await detailOf(id, as)).digest }).expect(status);

async function published(title: string, effectiveFrom: string): Promise<number> {
  const id = await draft(title, [VALUE]);
  await runChecks(id);
  await approve(id, quinn, 200);
  await post(`/api/policy/change-sets/${id}/publish`, pat, { effectiveFrom, digest: (await detailOf(id)).digest }).expect(200);
  return id;
}

/** The calculation API for a lone parent of one child, from its own address (the anonymous limit is per address). */
let caller = 10;
/** The same household three times through the batch route (worked out in the batch threads of a production build). */
async function batchOfThree(): Promise<{ status: number; rulesVersion?: string; childBenefitEligible?: boolean }[]> {
  const request = {
    date: ukToday(),
    household: { country: 'ENGLAND', adults: [{ age: 30 }], children: [{ dateOfBirth: '2019-05-01' }], housing: { tenure: 'SOCIAL_RENT' } },
  };
  const answer = await postJsonFrom(`127.0.0.${caller++}`, `${server.url}/api/v1/calculations/batch`, [request, request, request]);
  if (answer.status !== 200) return [{ status: answer.status }];
  return answer.body
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const body = JSON.parse(line) as { statusCode?: number; rulesVersion: string; benefits: { code: string; eligible: boolean }[] };
      if (body.statusCode !== undefined) return { status: body.statusCode };
      return {
        status: 200,
        rulesVersion: body.rulesVersion,
        childBenefitEligible: body.benefits.find(({ code }) => code === 'CHILD_BENEFIT')!.eligible,
      };
    });
}

async function calculation(date = ukToday()): Promise<{ status: number; rulesVersion?: string; childBenefitEligible?: boolean }> {
  const answer = await postJsonFrom(`127.0.0.${caller++}`, `${server.url}/api/v1/calculations`, {
    date,
    household: { country: 'ENGLAND', adults: [{ age: 30 }], children: [{ dateOfBirth: '2019-05-01' }], housing: { tenure: 'SOCIAL_RENT' } },
  });
  if (answer.status !== 200) return { status: answer.status };
  const body = answer.json<{ rulesVersion: string; benefits: { code: string; eligible: boolean }[] }>();
  return {
    status: 200,
    rulesVersion: body.rulesVersion,
    childBenefitEligible: body.benefits.find(({ code }) => code === 'CHILD_BENEFIT')!.eligible,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startApiProcess({ NODE_ENV: 'production', DATABASE_URL: database.url });
  await seedDemo(database);
  await promisify(execFile)(
    process.execPath,
    [
      '--import',
      './scripts/register-typescript.mjs',
      'scripts/add-charity-staff.ts',
      '--role',
      'policy-staff',
      '--organisation',
      'Demo Advice Centre',
      '--email',
      REX.email,
      '--name',
      REX.name,
    ],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATABASE_URL: database.url,
        NODE_ENV: 'development',
        POLICY_STAFF_PASSWORD: PASSWORD,
      },
    },
  );
  const signIn = (email: string) => signInWith(http, email, PASSWORD);
  pat = await signIn('policy.one@demo-advice.example');
  quinn = await signIn('policy.two@demo-advice.example');
  rex = await signIn(REX.email);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('four eyes means four eyes', () => {
  it('refuses approval to a colleague who added an edit to another’s draft, saying why; a third member approves', async () => {
    const id = await draft('Child Benefit from today', [VALUE]);
    await post(`/api/policy/change-sets/${id}/edits`, quinn, { edit: { kind: 'rates-held', until: '2027-03-31' } }).expect(200);
    await runChecks(id);
    const seen = await detailOf(id, quinn);
    expect(seen).toMatchObject({
      canApprove: false,
      cannotApproveBecause: 'You changed this change set, so another member of the policy team must approve it.',
      contributors: [expect.objectContaining({ name: 'Pat Policy' }), expect.objectContaining({ name: 'Quinn Policy' })],
    });
    const refused = await approve(id, quinn, 403);
    expect(refused.body).toMatchObject({ code: 'CHANGED_CHANGE_SET', message: expect.stringContaining('You changed this change set') });
    // Removing an edit is changing it too.
    const other = await draft('Child Benefit again', [VALUE, { kind: 'rates-held', until: '2027-03-31' }]);
    await http().delete(`/api/policy/change-sets/${other}/edits/1`).set('Cookie', rex.cookie).set('X-CSRF-Token', rex.csrf).expect(200);
    await runChecks(other);
    expect((await approve(other, rex, 403)).body.code).toBe('CHANGED_CHANGE_SET');

    expect((await detailOf(id, rex)).canApprove).toBe(true);
    const approved = await approve(id, rex, 200);
    expect(approved.body).toMatchObject({ status: 'approved', approver: { name: 'Rex Policy' } });
  }, 120_000);

  it('refuses an approval naming a digest of edits that have changed since; the approval names what it approves', async () => {
    const id = await draft('Child Benefit, to be changed', [VALUE]);
    await runChecks(id);
    const shown = (await detailOf(id)).digest;
    await http()
      .put(`/api/policy/change-sets/${id}/edits/0`)
      .set('Cookie', pat.cookie)
      .set('X-CSRF-Token', pat.csrf)
      .send({ edit: { ...VALUE, value: 2820 } })
      .expect(200);
    await runChecks(id);
    const stale = await post(`/api/policy/change-sets/${id}/approve`, quinn, { digest: shown }).expect(409);
    expect(stale.body).toMatchObject({ code: 'CHANGE_SET_CHANGED', message: expect.stringContaining('has changed since you read it') });
    const missing = await post(`/api/policy/change-sets/${id}/approve`, quinn, {}).expect(400);
    expect(missing.body.errors[0].path).toBe('digest');
    await approve(id, quinn, 200);
    expect((await detailOf(id)).audit.find(({ action }) => action === 'approved')!.detail).toContain('version 2');
  }, 120_000);

  it('publishes exactly the approved edits: not edits changed after the approval, nor a digest other than the approved', async () => {
    const id = await draft('Child Benefit, changed after approval', [VALUE]);
    await runChecks(id);
    await approve(id, quinn, 200);
    const approvedDigest = (await detailOf(id)).digest;
    // Edited through the workbench: back to a draft, the approval lapsed.
    await post(`/api/policy/change-sets/${id}/edits`, pat, { edit: { kind: 'rates-held', until: '2027-03-31' } }).expect(200);
    expect(await detailOf(id)).toMatchObject({ status: 'draft', lapsedApproval: { by: { name: 'Quinn Policy' } } });
    const notApproved = await post(`/api/policy/change-sets/${id}/publish`, pat, {
      effectiveFrom: daysAhead(5),
      digest: approvedDigest,
    }).expect(409);
    expect(notApproved.body.code).toBe('CHANGE_SET_NOT_APPROVED');

    // Changed behind the workbench's back after approval (as any path that skips the approval would): refused.
    const other = await draft('Child Benefit, tampered with', [VALUE]);
    await runChecks(other);
    await approve(other, quinn, 200);
    const digest = (await detailOf(other)).digest;
    await database.query(`UPDATE policy_change_sets SET edits = $2::jsonb WHERE id = $1`, [
      other,
      JSON.stringify([{ ...VALUE, value: 9999 }]),
    ]);
    const tampered = await post(`/api/policy/change-sets/${other}/publish`, pat, { effectiveFrom: daysAhead(5), digest }).expect(409);
    expect(tampered.body.code).toBe('CHANGE_SET_CHANGED');
    expect((await database.query(`SELECT status FROM policy_change_sets WHERE id = $1`, [other]))[0]).toEqual({ status: 'approved' });
  }, 120_000);

  it('refuses approval and publishing without a run of the checks on exactly the content approved, against the rules published now', async () => {
    const id = await draft('Child Benefit, never checked', [VALUE]);
    const unchecked = await approve(id, quinn, 409);
    expect(unchecked.body).toMatchObject({ code: 'CHECKS_NEEDED', message: expect.stringContaining('run the checks') });
    expect((await detailOf(id)).cannotApproveBecause).toContain('run the checks');

    await runChecks(id);
    await approve(id, quinn, 200);
    // Another change set published since the checks were run: they are run again before this one is published.
    await published('Published meanwhile', daysAhead(60));
    const stale = await post(`/api/policy/change-sets/${id}/publish`, pat, {
      effectiveFrom: daysAhead(5),
      digest: (await detailOf(id)).digest,
    }).expect(409);
    expect(stale.body).toMatchObject({ code: 'CHECKS_NEEDED', message: expect.stringContaining('Another change set has been published') });
    await runChecks(id);
    await post(`/api/policy/change-sets/${id}/publish`, pat, { effectiveFrom: daysAhead(5), digest: (await detailOf(id)).digest }).expect(
      200,
    );
  }, 180_000);

  it('withdraws or reverts only when a second member confirms what one asked for, with a reason; a same-day revert is allowed', async () => {
    const ahead = await published('Child Benefit next week', daysAhead(7));
    const asked = await post(`/api/policy/change-sets/${ahead}/withdraw`, pat, { reason: 'Announced in error.' }).expect(200);
    expect(asked.body).toMatchObject({
      status: 'published',
      pendingRequest: { kind: 'withdraw', reason: 'Announced in error.' },
      canConfirmRequest: false,
    });
    expect((await calculation(daysAhead(7))).rulesVersion).toContain(`+cs${ahead}`);
    const own = await post(`/api/policy/change-sets/${ahead}/confirm`, pat, { kind: 'withdraw', from: null }).expect(403);
    expect(own.body).toMatchObject({ code: 'OWN_REQUEST', message: expect.stringContaining('another member') });
    await post(`/api/policy/change-sets/${ahead}/withdraw`, quinn, { reason: 'Again.' }).expect(409);
    const confirmed = await post(`/api/policy/change-sets/${ahead}/confirm`, quinn, { kind: 'withdraw', from: null }).expect(200);
    expect(confirmed.body).toMatchObject({ status: 'withdrawn', pendingRequest: null });
    expect((await calculation(daysAhead(7))).rulesVersion).not.toContain(`+cs${ahead}`);

    const today = await published('Child Benefit from today', ukToday());
    expect((await post(`/api/policy/change-sets/${today}/revert`, pat, { from: ukToday() }).expect(400)).body.errors[0].path).toBe(
      'reason',
    );
    await post(`/api/policy/change-sets/${today}/revert`, pat, { from: ukToday(), reason: 'The rate is wrong.' }).expect(200);
    expect((await calculation()).rulesVersion).toContain(`+cs${today}`);
    // Confirmed as it was shown: another date is not what was asked for.
    await post(`/api/policy/change-sets/${today}/confirm`, quinn, { kind: 'revert', from: daysAhead(1) }).expect(409);
    const reverted = await post(`/api/policy/change-sets/${today}/confirm`, quinn, { kind: 'revert', from: ukToday() }).expect(200);
    expect(reverted.body).toMatchObject({ status: 'reverted', revertedFrom: ukToday() });
    expect((await calculation()).rulesVersion).not.toContain(`+cs${today}`);
  }, 180_000);
});

describe('a published change can never take the service down', () => {
  it("refuses, when it is saved, an 'in' with a number and a number compared with text, naming the field", async () => {
    const id = await draft('A broken rule', []);
    const refused = await post(`/api/policy/change-sets/${id}/edits`, pat, { edit: IN_WITH_A_NUMBER }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'edit.conditions.all[0].value', message: expect.stringContaining('must be a list') }],
    });
    const text = await post(`/api/policy/change-sets/${id}/edits`, pat, {
      edit: { ...IN_WITH_A_NUMBER, conditions: { all: [{ fact: 'qualifyingChildCount', operator: 'greaterThan', value: '0' }] } },
    }).expect(400);
    expect(text.body.errors).toEqual([{ path: 'edit.conditions.all[0].value', message: expect.stringContaining('must be a number') }]);
    const never = await post(`/api/policy/change-sets/${id}/edits`, pat, {
      edit: {
        ...IN_WITH_A_NUMBER,
        conditions: {
          all: [
            { fact: 'qualifyingChildCount', operator: 'greaterThan', value: 2 },
            { fact: 'qualifyingChildCount', operator: 'lessThan', value: 1 },
          ],
        },
      },
    }).expect(400);
    expect(never.body.errors).toEqual([
      { path: 'edit.conditions', message: expect.stringContaining('No household can meet these conditions') },
    ]);
    expect((await detailOf(id)).edits).toEqual([]);
  }, 60_000);

  it('keeps the results page and the calculation API answering with the rules without a published change set that throws; health says so; the emergency stop takes it out today', async () => {
    const { session } = await completeQuestionnaire(http, 'browser_1795262400000_fallback1', LONE_PARENT_SOCIAL_RENTER);
    const before = await calculation();
    expect(before.status).toBe(200);

    // Published past every check, as a direct write to the database would.
    const [{ id }] = await database.query<{ id: number }>(
      `INSERT INTO policy_change_sets (title, reason, status, edits, author_name, effective_from, published_seq)
       VALUES ('Broken on purpose', 'The rule the new officer published.', 'published', $1::jsonb, 'Someone', $2,
               (SELECT coalesce(max(published_seq), 0) + 1 FROM policy_change_sets)) RETURNING id`,
      [JSON.stringify([IN_WITH_A_NUMBER]), ukToday()],
    );
    // Every process looks for change sets published elsewhere every 10 seconds: until this one has found it failing.
    // Asked through the batch route, so that it is a batch thread that finds it and the process that records it.
    let health = await http().get('/api/health');
    for (let deadline = Date.now() + 30_000; health.body.status !== 'degraded' && Date.now() < deadline;) {
      expect(await batchOfThree()).toEqual([before, before, before]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      health = await http().get('/api/health');
    }
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      status: 'degraded',
      database: 'up',
      details: { failingChangeSets: [id], message: expect.stringContaining(`change set ${id}`) },
    });

    // The calculation API, its batches and the results page answer 200, with the rules without it.
    expect(await calculation()).toEqual({ status: 200, rulesVersion: before.rulesVersion, childBenefitEligible: true });
    expect(await batchOfThree()).toEqual([before, before, before]);
    const result = await http()
      .get(`/api/data/result/?session=${session}`)
      .set('X-Browser-Id', 'browser_1795262400000_fallback1')
      .expect(200);
    expect(result.body.rulesVersion).toBe(before.rulesVersion);
    // Alerted once (an error with a stable name), however many calculations fell back; nothing of the household.
    const alerts = server
      .output()
      .split('\n')
      .filter((line) => line.includes('published policy change set fails'));
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(alerts[0])).toMatchObject({ level: 'error', changeSet: id, errorName: 'TypeError' });
    expect(alerts[0]).not.toMatch(/2019-05-01|M1 1AD/);
    const failing = await detailOf(id, pat);
    expect(failing).toMatchObject({ isFailing: true, failure: { message: expect.stringContaining('indexOf') } });
    const status = (await get('/api/policy/status', pat).expect(200)).body as { failing: { id: number }[] };
    expect(status.failing.map((entry) => entry.id)).toEqual([id]);

    // One member stops it, with a reason, from today (the day it took effect): recorded in the audit.
    expect((await post(`/api/policy/change-sets/${id}/stop`, pat, {}).expect(400)).body.errors[0].path).toBe('reason');
    const stopped = await post(`/api/policy/change-sets/${id}/stop`, pat, { reason: 'Every result fails with it.' }).expect(200);
    expect(stopped.body).toMatchObject({
      status: 'reverted',
      revertedFrom: ukToday(),
      stopped: { by: { name: 'Pat Policy' }, reason: 'Every result fails with it.' },
    });
    expect((stopped.body as ChangeSetDetail).audit.at(-1)).toMatchObject({
      action: 'stopped',
      actor: { name: 'Pat Policy' },
      detail: expect.stringContaining('Every result fails with it.'),
    });
    expect((await http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', database: 'up' });
    expect(await calculation()).toEqual({ status: 200, rulesVersion: before.rulesVersion, childBenefitEligible: true });
    await post(`/api/policy/change-sets/${id}/stop`, pat, { reason: 'Again.' }).expect(409);
  }, 120_000);
});
