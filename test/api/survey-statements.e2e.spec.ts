import pg, { type PoolClient, type Pool } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { SINGLE_PRIVATE_RENTER_WORKING_PART_TIME } from '../support/households.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// How many SQL statements one survey POST sends to PostgreSQL (issue 18): each costs a round trip, a parse and a
// plan, and a system call on each side, which under load is much of the request's CPU. Counted at the pg driver, so
// that every statement of the app (TypeORM's, raw queries, BEGIN and COMMIT) is seen, whoever sends it.

const BROWSER = 'browser_1795262400000_statemnt';

let testApp: TestApp;
const http = () => request(testApp.app.getHttpServer());
let statements: string[] | null = null;

beforeAll(async () => {
  testApp = await startTestApp();
  const pool = (testApp.app.get(DataSource).driver as PostgresDriver).master as Pool;
  const counted = new WeakSet<PoolClient>();
  // Every statement goes through a pooled client's query(); wrap each client the first time it is lent out.
  pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...parts: unknown[]) => unknown;
    (client as unknown as { query: (...parts: unknown[]) => unknown }).query = (...parts: unknown[]) => {
      const text = typeof parts[0] === 'string' ? parts[0] : (parts[0] as { text?: string }).text;
      statements?.push((text ?? '').trim().split(/\s+/).slice(0, 2).join(' '));
      return query(...parts);
    };
  });
});
afterAll(() => testApp.close());

beforeAll(async () => {
  // Work that is not a request's: the retention job the start runs, and the sweep of expired rate-limit counters
  // the first counted request makes (then once a minute at most).
  await waitFor(() => testApp.logLines.some((line) => line.includes('retention job finished')), 'the retention job');
  await http()
    .post('/api/data/survey/')
    .send({ browserId: 'browser_1795262400000_warmsup1', page: 1, action: 2, ...SINGLE_PRIVATE_RENTER_WORKING_PART_TIME[0][1] })
    .expect(200);
});

async function waitFor(isDone: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !isDone(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 10_000) throw new Error(`Waited 10 s for ${what}.`);
  }
}

/** Posts one page and gives back the statements it sent. */
async function statementsOf(body: Record<string, unknown>): Promise<{ pageNumber: number; session: string; sent: string[] }> {
  statements = [];
  const response = await http().post('/api/data/survey/').send(body).expect(200);
  const sent = statements;
  statements = null;
  return { pageNumber: response.body.pageNumber as number, session: response.body.session as string, sent };
}

describe('the SQL statements of a survey POST', () => {
  it('are one for a page after the first: save the page if nobody saved the calculation since this server last did', async () => {
    const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
    let session: string | null = null;
    let pageNumber = 1;
    const byPage: Record<string, string[]> = {};
    for (const [index, [name, answers]] of pages.entries()) {
      const action = index === pages.length - 1 ? 4 : 2;
      const posted = await statementsOf({ browserId: BROWSER, session, page: pageNumber, action, ...answers });
      byPage[name] = posted.sent;
      session = posted.session;
      pageNumber = posted.pageNumber;
    }
    const [first, second, ...later] = pages.map(([name]) => name);
    // The first page starts the calculation: the per-address limit on starting one, the Broad Rental Market Area of
    // the postcode just given, the new calculation, and the page with its analytics.
    expect(byPage[first]).toEqual(['INSERT INTO', 'SELECT "PostcodeBrma"."postcode"', 'INSERT INTO', 'WITH progress']);
    // The page after a new postcode reads the calculation with its answers and its postcode's rent area, then saves.
    expect(byPage[second]).toEqual(['SELECT id,', 'WITH progress']);
    // Every later page only saves, on the calculation as this server saved it, with the page's analytics. The page
    // before the council tax page also asks whether addresses are loaded at the postcode, since the council tax
    // question it moves on to offers 'Look this up for me' only where they are.
    for (const name of later) {
      const expected = name === 'your-home' ? ['WITH progress', 'SELECT EXISTS'] : ['WITH progress'];
      expect({ page: name, sent: byPage[name] }).toEqual({ page: name, sent: expected });
    }
  });
});

describe('two tabs posting pages of one calculation at once', () => {
  it('lose nothing: the later save is worked out again on what the first saved', async () => {
    const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
    // Three pages answered; the fourth is open.
    const { session, pageNumber } = await answerFirstPages(3);
    const blocker = new pg.Client({ connectionString: testApp.database.url });
    await blocker.connect();
    const waiting = async (count: number) =>
      waitForAsync(async () => {
        const [row] = (
          await blocker.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows;
        return row.waiting >= count;
      }, `${count} saves waiting for the calculation's row`);
    try {
      // Both tabs read the calculation, then queue for its row, held here: tab B (the fourth page) first, then tab A
      // (the second page again, with Next).
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM calculation_sessions WHERE id = $1 FOR UPDATE', [session]);
      const tabB = http()
        .post('/api/data/survey/')
        .send({ browserId: BROWSER, session, page: pageNumber, action: 2, ...pages[3][1] })
        .then((response) => response);
      await waiting(1);
      const tabA = http()
        .post('/api/data/survey/')
        .send({ browserId: BROWSER, session, page: 2, action: 2, ...pages[1][1] })
        .then((response) => response);
      await waiting(2);
      await blocker.query('COMMIT');
      const [b, a] = await Promise.all([tabB, tabA]);
      expect([b.status, a.status]).toEqual([200, 200]);
      // Tab A read three pages done; saved on top of tab B's save it would have left the fourth page undone.
      const [row] = (
        await blocker.query<{ completed_pages: string[]; version: number }>(
          'SELECT completed_pages, version FROM calculation_sessions WHERE id = $1',
          [session],
        )
      ).rows;
      expect(row.completed_pages).toEqual(expect.arrayContaining(pages.slice(0, 4).map(([name]) => name)));
      expect(row.version).toBe(5);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
  });
});

describe('a calculation changed elsewhere since this server saved it', () => {
  it('is read again before the next page is saved: another server, an adviser or the better-off answers lose nothing', async () => {
    const pages = SINGLE_PRIVATE_RENTER_WORKING_PART_TIME;
    const { session, pageNumber } = await answerFirstPages(3);
    const elsewhere = new pg.Client({ connectionString: testApp.database.url });
    await elsewhere.connect();
    try {
      // Another server saves a page of the same calculation: a page done and an answer kept with it. Written here
      // as any other writer would, without the version: every change to the row moves the version on.
      await elsewhere.query(
        `UPDATE calculation_sessions SET completed_pages = completed_pages || '{saved-elsewhere}'::text[] WHERE id = $1`,
        [session],
      );
      statements = [];
      await http()
        .post('/api/data/survey/')
        .send({ browserId: BROWSER, session, page: pageNumber, action: 2, ...pages[3][1] })
        .expect(200);
      // The save on this server's copy was refused, and the page was worked out again on a fresh reading.
      expect(statements).toEqual(['WITH progress', 'SELECT id,', 'WITH progress']);
      statements = null;
      const [row] = (
        await elsewhere.query<{ completed_pages: string[] }>('SELECT completed_pages FROM calculation_sessions WHERE id = $1', [session])
      ).rows;
      expect(row.completed_pages).toEqual(expect.arrayContaining(['saved-elsewhere', ...pages.slice(0, 4).map(([name]) => name)]));
    } finally {
      statements = null;
      await elsewhere.end();
    }
  });
});

/** A new calculation with its first `count` pages answered with Next: its session and the page open next. */
async function answerFirstPages(count: number): Promise<{ session: string; pageNumber: number }> {
  let session: string | null = null;
  let pageNumber = 1;
  for (const [, answers] of SINGLE_PRIVATE_RENTER_WORKING_PART_TIME.slice(0, count)) {
    const response = await http()
      .post('/api/data/survey/')
      .send({ browserId: BROWSER, session, page: pageNumber, action: 2, ...answers })
      .expect(200);
    session = response.body.session as string;
    pageNumber = response.body.pageNumber as number;
  }
  return { session: session!, pageNumber };
}

async function waitForAsync(isDone: () => Promise<boolean>, what: string): Promise<void> {
  for (const started = Date.now(); !(await isDone()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() - started > 10_000) throw new Error(`Waited 10 s for ${what}.`);
  }
}
