import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource, EntityManager } from 'typeorm';
import { QUESTION_NAMES, type Answers, type AnswerValue } from '../../../common/survey/model.js';
import { runPrepared } from '../database/prepared-statement.js';
import { ApiError } from '../errors/api-error.js';
import type { PostcodeArea } from '../rules-in-force/rules-in-force.service.js';
import { CalculationSession } from './calculation-session.entity.js';
import { newCalculationReference } from './calculation-reference.js';

/**
 * Every query about saved calculations, each under a name: what a page save, a results page, a caseload run,
 * management information and the policy impact read and write. The SQL is written out rather than built by
 * TypeORM's query builder on every request, and a page is saved in one statement: one transaction, one round trip.
 */

/** Calculations older than this are not opened or found again (they need a new calculation). */
export const CALCULATION_LIFETIME_MONTHS = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The creation time of the oldest calculation that can still be opened or listed. */
export function oldestOpenCalculation(): Date {
  const oldest = new Date();
  oldest.setMonth(oldest.getMonth() - CALCULATION_LIFETIME_MONTHS);
  return oldest;
}

export function calculationNotFound(): ApiError {
  return new ApiError(
    404,
    'CALCULATION_NOT_FOUND',
    'This calculation was not found. Calculations older than 6 months need a new calculation.',
    [{ path: 'session', message: 'This calculation was not found.' }],
  );
}

/** A saved calculation as a page or a result opens it. */
export interface OpenCalculation {
  session: CalculationSession;
  answers: Answers;
  /**
   * The Broad Rental Market Area of the stored postcode answer, read with the calculation: `postcode` is that answer
   * normalised as PostgreSQL did it, which RulesInForce.lhaAreaChoiceOf trusts only when normalisePostcode agrees.
   * Null when the calculation has no postcode answer.
   */
  postcodeArea: PostcodeArea | null;
}

/** What a new calculation records of where it came from. */
export interface CalculationStart {
  ownerBrowserId: string;
  partnerId: string | null;
  referral: string | null;
  subCategory: string | null;
  pipSessionId: string | null;
  isPortal: boolean;
  isTest: boolean;
}

/** An analytics event counted in a page's own statement. */
export interface PageEventRow {
  event: string;
  pageName: string;
}

/**
 * Saves a page if the calculation is still at the version it was read at: $1 calculation, $2 answers (a JSON object
 * by question name), $3 names of the answers it cleared, $4 completed pages, $5 finished at, $6 partner, $7 analytics
 * events (a JSON list of { event, page_name }), $8 the version read. The answers and the progress are one row's, and
 * the events hang on that row's update, so all go together or not at all; the new version is moved on by the
 * calculation_sessions_next_version trigger, as every change to the row moves it. Under READ COMMITTED a second save
 * of the same version waits for the first's row lock, then finds the version moved on.
 */
const SAVE_PAGE = `
  WITH progress AS (
    UPDATE calculation_sessions
       SET answers = (answers || $2::jsonb) - $3::text[], completed_pages = $4, finished_at = $5, updated_at = now()
     WHERE id = $1 AND version = $8
    RETURNING id, version
  ), counted AS (
    INSERT INTO analytics_events (event, page_name, session_id, partner_id)
    SELECT event.event, event.page_name, progress.id, $6 FROM progress, jsonb_to_recordset($7::jsonb) AS event(event text, page_name text)
  )
  SELECT version FROM progress`;

/**
 * The better-off answers and the ones they replace: $1 calculation, $2 answers, $3 names cleared. The version moves
 * on with the change, so a copy read before is then not saved over.
 */
const SAVE_BETTER_OFF = `UPDATE calculation_sessions SET answers = (answers || $2::jsonb) - $3::text[] WHERE id = $1`;

/** The columns of calculation_sessions that calculationOf reads. */
const CALCULATION_COLUMNS = `id, reference, created_at, updated_at, owner_browser_id, partner_id, referral, sub_category, pip_session_id,
  is_portal, is_test, completed_pages, finished_at, client_id, adviser_user_id, case_label, case_notes, version, answers`;

/**
 * A calculation, its answers and the BRMA of its postcode answer in one statement, written out rather than built
 * by TypeORM's query builder on every request. The postcode is normalised as normalisePostcode does it (no spaces,
 * upper case, one space before the last three characters).
 */
const FIND_CALCULATION = `
  SELECT ${CALCULATION_COLUMNS}, area.postcode AS area_postcode, (SELECT b.brma FROM postcode_brmas b WHERE b.postcode = area.postcode) AS area_brma
    FROM calculation_sessions
    LEFT JOIN LATERAL (
      SELECT left(compact, -3) || ' ' || right(compact, 3) AS postcode
        FROM (SELECT upper(regexp_replace(answers->'${QUESTION_NAMES.clientPostcode}'->>'postcode', '\\s+', '', 'g')) AS compact) c
       WHERE compact IS NOT NULL
    ) area ON true
   WHERE calculation_sessions.id = $1`;

/** A new calculation, in one statement (TypeORM's save would wrap it in a transaction of its own: three). */
const START_CALCULATION = `
  INSERT INTO calculation_sessions (reference, owner_browser_id, partner_id, referral, sub_category, pip_session_id, is_portal, is_test)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  RETURNING ${CALCULATION_COLUMNS}, NULL AS area_postcode, NULL AS area_brma`;

interface CalculationRow {
  id: string;
  reference: string;
  created_at: Date;
  updated_at: Date;
  owner_browser_id: string | null;
  partner_id: string | null;
  referral: string | null;
  sub_category: string | null;
  pip_session_id: string | null;
  is_portal: boolean;
  is_test: boolean;
  completed_pages: string[];
  finished_at: Date | null;
  client_id: string | null;
  adviser_user_id: string | null;
  case_label: string;
  case_notes: string;
  version: number;
  answers: Answers;
  area_postcode: string | null;
  area_brma: string | null;
}

/** A copy its reader may change (a page sets the progress on the session) without changing the one held. */
function copyOf({ session, answers, postcodeArea }: OpenCalculation): OpenCalculation {
  return {
    session: Object.assign(new CalculationSession(), session, { completedPages: [...session.completedPages] }),
    answers: { ...answers },
    postcodeArea,
  };
}

function calculationOf(row: CalculationRow): OpenCalculation {
  const session = Object.assign(new CalculationSession(), {
    id: row.id,
    reference: row.reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ownerBrowserId: row.owner_browser_id,
    partnerId: row.partner_id,
    referral: row.referral,
    subCategory: row.sub_category,
    pipSessionId: row.pip_session_id,
    isPortal: row.is_portal,
    isTest: row.is_test,
    completedPages: row.completed_pages,
    finishedAt: row.finished_at,
    clientId: row.client_id,
    adviserUserId: row.adviser_user_id,
    caseLabel: row.case_label,
    caseNotes: row.case_notes,
    version: row.version,
  });
  const postcodeArea = row.area_postcode === null ? null : { postcode: row.area_postcode, brma: row.area_brma };
  return { session, answers: row.answers, postcodeArea };
}

/** A client's calculation as the adviser area lists and opens it, with its answers. */
export interface ClientCalculationRecord {
  id: string;
  reference: string;
  client_id: string;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
  completed_pages: string[];
  case_label: string;
  case_notes: string;
  answers: Answers;
}

const CLIENT_CALCULATION_COLUMNS = `s.id, s.reference, s.client_id, s.created_at, s.updated_at, s.finished_at, s.completed_pages, s.case_label, s.case_notes,
  s.answers`;

/** A finished calculation of an organisation's or partner's year, for management information. */
export interface FinishedInPeriod {
  /** YYYY-MM, UK time, of when it was finished. */
  month: string;
  record_key: number;
  completed_pages: string[];
  saved_on: string;
  answers: Answers;
}

/** Whose calculations: a partner's portal, or an organisation's clients (SQL fragments chosen by the caller's code, never by input). */
export interface CalculationsOf {
  from: string;
  where: string;
  id: string;
}

/** The latest calculation of each client of an organisation, for a caseload run. */
export interface LatestOfClient {
  client_id: string;
  session_id: string;
  is_finished: boolean;
  completed_pages: string[];
  saved_on: string;
  answers: Answers;
}

/** A finished calculation still kept, with its record key (for the disclosure control's cell keys). */
export interface KeptFinished {
  answers: Answers;
  completed_pages: string[];
  record_key: number;
}

/**
 * How many calculations a server keeps as last read or saved, and for how long, so that the next page of one is
 * saved without reading it first. Their answers are personal data held only in this process's memory, never written
 * anywhere else, and dropped after this long without a page (a person answers a page in seconds or minutes).
 */
const RECENT_CALCULATIONS = 2_000;
const RECENT_CALCULATION_MINUTES = 10;

@Injectable()
export class CalculationsRepository {
  /**
   * Calculations as this server last read or saved them, by id. A copy is only ever used with its version: a page
   * saved on it is refused by the version check if anything changed the calculation since (another tab, another
   * server, an adviser, a deletion), and is then worked out again on a fresh reading.
   */
  private readonly recent = new LRUCache<string, OpenCalculation>({
    max: RECENT_CALCULATIONS,
    ttl: RECENT_CALCULATION_MINUTES * 60_000,
  });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A calculation that exists and is young enough to open, or null. However its id was spelled (upper case), the
   * calculation comes back as stored: use `session.id`, never the id as asked, for anything counted or named.
   */
  async find(sessionId: string): Promise<OpenCalculation | null> {
    if (!UUID.test(sessionId)) return null;
    const [row] = await runPrepared<CalculationRow>(this.dataSource, 'survey-find-calculation', FIND_CALCULATION, [
      sessionId.toLowerCase(),
    ]);
    if (!row) {
      this.recent.delete(sessionId.toLowerCase());
      return null;
    }
    const calculation = calculationOf(row);
    if (isExpired(calculation.session)) return null;
    this.recent.set(calculation.session.id, copyOf(calculation));
    return calculation;
  }

  /**
   * A calculation to save a page of: as this server last read or saved it when it still holds it (no reading:
   * savePage's version check stands for it), else as `find` reads it. `fresh` reads it whatever is held, as a page
   * does again after another save came first.
   */
  async findToSave(sessionId: string, { fresh = false }: { fresh?: boolean } = {}): Promise<OpenCalculation | null> {
    const held = fresh || !UUID.test(sessionId) ? undefined : this.recent.get(sessionId.toLowerCase());
    if (held && !isExpired(held.session)) return copyOf(held);
    return this.find(sessionId);
  }

  /** The id of the calculation with this reference (as normalised), however old, or null. */
  async idOfReference(reference: string): Promise<string | null> {
    const [row] = await this.dataSource.query<{ id: string }[]>(`SELECT id FROM calculation_sessions WHERE reference = $1`, [reference]);
    return row?.id ?? null;
  }

  /** A new calculation, under a new reference (another is drawn on the unlikely clash of two). */
  async start(start: CalculationStart): Promise<CalculationSession> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const [row] = await this.dataSource.query<CalculationRow[]>(START_CALCULATION, [
          newCalculationReference(),
          start.ownerBrowserId,
          start.partnerId,
          start.referral,
          start.subCategory,
          start.pipSessionId,
          start.isPortal,
          start.isTest,
        ]);
        return calculationOf(row).session;
      } catch (error) {
        if (attempt >= 3 || !String((error as { constraint?: string }).constraint ?? '').includes('reference')) throw error;
      }
    }
  }

  /**
   * Save a page: its answers, the answers it cleared, the calculation's progress and the page's analytics events, in
   * one statement (one transaction, one round trip), if nobody saved the calculation since `session` was read. True
   * when saved (and `session.version` moves on); false when another save came first and nothing was written.
   */
  async savePage(
    calculation: OpenCalculation,
    answers: Answers,
    cleared: readonly string[],
    events: readonly PageEventRow[],
  ): Promise<boolean> {
    const { session } = calculation;
    // Whatever happens next, the copy held is no longer known to be the calculation as stored.
    this.recent.delete(session.id);
    const [row] = await runPrepared<{ version: number }>(this.dataSource, 'survey-save-page', SAVE_PAGE, [
      session.id,
      JSON.stringify(answers),
      cleared,
      session.completedPages,
      session.finishedAt,
      session.partnerId,
      JSON.stringify(events.map(({ event, pageName }) => ({ event, page_name: pageName }))),
      session.version,
    ]);
    if (!row) return false;
    session.version = row.version;
    // A new postcode answer changes the rent area read with the calculation: the next page reads it again.
    if (!(QUESTION_NAMES.clientPostcode in answers)) {
      const saved = { ...calculation.answers, ...answers };
      for (const name of cleared) delete saved[name];
      this.recent.set(session.id, copyOf({ session, answers: saved, postcodeArea: calculation.postcodeArea }));
    }
    return true;
  }

  /** Save the better-off answers and clear the ones they replace, in one statement. */
  async saveBetterOff(sessionId: string, answers: Answers, cleared: readonly string[]): Promise<void> {
    this.recent.delete(sessionId);
    await this.dataSource.query(SAVE_BETTER_OFF, [sessionId, JSON.stringify(answers), cleared]);
  }

  /** The identity check's reading: a calculation (however old) and its postcode answer, or null. */
  async withPostcodeAnswer(
    sessionId: string,
  ): Promise<{ id: string; isPortal: boolean; clientId: string | null; postcode: AnswerValue | null } | null> {
    const [row] = await this.dataSource.query<{ id: string; is_portal: boolean; client_id: string | null; postcode: AnswerValue | null }[]>(
      `SELECT s.id, s.is_portal, s.client_id, s.answers->$2 AS postcode FROM calculation_sessions s WHERE s.id = $1`,
      [sessionId, QUESTION_NAMES.clientPostcode],
    );
    return row ? { id: row.id, isPortal: row.is_portal, clientId: row.client_id, postcode: row.postcode } : null;
  }

  /** A client's calculations started since `since`, newest first, for the adviser area. */
  ofClient(clientId: string, since: Date): Promise<ClientCalculationRecord[]> {
    return this.dataSource.query<ClientCalculationRecord[]>(
      `SELECT ${CLIENT_CALCULATION_COLUMNS} FROM calculation_sessions s WHERE s.client_id = $1 AND s.created_at >= $2 ORDER BY s.created_at DESC, s.reference`,
      [clientId, since],
    );
  }

  /** A calculation of a client of the organisation started since `since`, or null: what an adviser may open. */
  async ofOrganisationClient(
    manager: EntityManager,
    sessionId: string,
    organisationId: string,
    since: Date,
  ): Promise<ClientCalculationRecord | null> {
    const [row] = await manager.query<ClientCalculationRecord[]>(
      `SELECT ${CLIENT_CALCULATION_COLUMNS} FROM calculation_sessions s JOIN clients c ON c.id = s.client_id
        WHERE s.id = $1 AND c.organisation_id = $2 AND s.created_at >= $3`,
      [sessionId, organisationId, since],
    );
    return row ?? null;
  }

  /**
   * A new calculation for a client, started by an adviser; a copy takes its source's passed pages (and is finished
   * when the source was). A savepoint keeps the caller's transaction usable on the unlikely clash of two references.
   */
  async startForClient(
    manager: EntityManager,
    start: { clientId: string; adviserUserId: string; caseLabel: string; copyOf: ClientCalculationRecord | null },
  ): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await manager.query('SAVEPOINT new_calculation');
        const [row] = await manager.query<{ id: string }[]>(
          `INSERT INTO calculation_sessions (reference, client_id, adviser_user_id, case_label, completed_pages, finished_at)
           VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END) RETURNING id`,
          [
            newCalculationReference(),
            start.clientId,
            start.adviserUserId,
            start.caseLabel,
            start.copyOf?.completed_pages ?? [],
            start.copyOf?.finished_at != null,
          ],
        );
        await manager.query('RELEASE SAVEPOINT new_calculation');
        return row.id;
      } catch (error) {
        await manager.query('ROLLBACK TO SAVEPOINT new_calculation');
        if (attempt >= 3 || !String((error as { constraint?: string }).constraint ?? '').includes('reference')) throw error;
      }
    }
  }

  /** Every answer of `fromId` copied to `toId` (a duplicated calculation). */
  async copyAnswers(manager: EntityManager, toId: string, fromId: string): Promise<void> {
    await manager.query(
      `UPDATE calculation_sessions SET answers = (SELECT answers FROM calculation_sessions WHERE id = $2) WHERE id = $1`,
      [toId, fromId],
    );
  }

  /** A calculation with its answers, and everything kept with it (feedback, grants... go by ON DELETE CASCADE). */
  async delete(manager: EntityManager, sessionId: string): Promise<void> {
    this.recent.delete(sessionId);
    await manager.query(`DELETE FROM calculation_sessions WHERE id = $1`, [sessionId]);
  }

  /** The adviser's case label and case notes. */
  async saveCaseDetails(manager: EntityManager, sessionId: string, caseLabel: string, caseNotes: string): Promise<void> {
    this.recent.delete(sessionId);
    await manager.query(`UPDATE calculation_sessions SET case_label = $2, case_notes = $3, updated_at = now() WHERE id = $1`, [
      sessionId,
      caseLabel,
      caseNotes,
    ]);
  }

  /** The calculations of `whose` finished between `start` and `end` (UK dates), with their answers. */
  finishedInPeriod(whose: CalculationsOf, start: string, end: string): Promise<FinishedInPeriod[]> {
    return this.dataSource.query<FinishedInPeriod[]>(
      `SELECT to_char(s.finished_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, s.record_key, s.completed_pages,
              to_char(s.updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS saved_on, s.answers
         FROM ${whose.from}
        WHERE ${whose.where} AND NOT s.is_test
          AND s.finished_at >= ($2::timestamp AT TIME ZONE 'Europe/London') AND s.finished_at < ($3::timestamp AT TIME ZONE 'Europe/London')
        ORDER BY s.finished_at, s.id`,
      [whose.id, start, end],
    );
  }

  /** The latest calculation (younger than 6 months) of each client of an organisation, in one statement. */
  latestOfEachClient(organisationId: string): Promise<LatestOfClient[]> {
    return this.dataSource.query<LatestOfClient[]>(
      `SELECT DISTINCT ON (s.client_id) s.client_id, s.id AS session_id, s.finished_at IS NOT NULL AS is_finished, s.completed_pages,
              to_char(s.updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS saved_on, s.answers
         FROM calculation_sessions s JOIN clients c ON c.id = s.client_id
        WHERE c.organisation_id = $1 AND s.created_at >= $2
        ORDER BY s.client_id, s.created_at DESC, s.id`,
      [organisationId, oldestOpenCalculation()],
    );
  }

  /** The kept finished calculations in chunks of `size`, in a stable order: every one once. */
  async *keptFinishedInChunks(size: number): AsyncGenerator<KeptFinished[]> {
    for (let offset = 0; ; offset += size) {
      const rows = await this.dataSource.query<KeptFinished[]>(
        `SELECT s.completed_pages, s.record_key, s.answers FROM calculation_sessions s
          WHERE s.finished_at IS NOT NULL AND s.created_at >= $1 ORDER BY s.id LIMIT $2 OFFSET $3`,
        [oldestOpenCalculation(), size, offset],
      );
      if (rows.length === 0) return;
      yield rows;
    }
  }
}

function isExpired(session: CalculationSession): boolean {
  return session.createdAt < oldestOpenCalculation();
}
