import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ADVISER_LIMITS,
  type AdviserCalculation,
  type Client,
  type ClientCalculationRow,
  type ClientSearchType,
  type CompareResponse,
} from '../../../common/adviser/model.js';
import type { ResultModel } from '../../../common/result/model.js';
import type { SiteConfig } from '../../../common/site.js';
import { CLIENT_COLUMNS, clientOf, findOrganisationClient, LATEST_CALCULATION, type ClientRow } from '../accounts/client-view.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import type { DocumentTemplates } from '../documents/document-templates.js';
import { renderResultPdf, RESULT_PDF_FILE_NAME, resultPdfTemplates } from '../documents/result-pdf.js';
import type { DocumentPeriod } from '../documents/result-view.js';
import { ApiError } from '../errors/api-error.js';
import { ResultsService } from '../results/results.service.js';
import { SITE_CONFIG } from '../site/site.module.js';
import { resumePage, surveyState, type CompiledSurvey } from '../questionnaire/survey-flow.js';
import {
  CALCULATION_LIFETIME_MONTHS,
  CalculationsRepository,
  type ClientCalculationRecord,
} from '../calculations/calculations.repository.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import type { AdviserAuditAction } from './adviser-audit.entity.js';
import { caseLabelProblemsToStart, detailsProblems, likePattern, oldestListedCalculation, readClientSearch } from './adviser-rules.js';
import { ukDate } from '../../../common/dates/calendar.js';
import { COMPARISON_PDF_FILE_NAME, renderComparisonPdf } from './comparison-pdf.js';
import { adviserCategories, benefitLines, buildComparison, systemTotals } from './comparison.js';

export const COMPARISON_TEMPLATE = Symbol('COMPARISON_TEMPLATE');

/** At most this many clients come back from one search: the typeahead shows a short list to pick from. */
export const CLIENT_SEARCH_LIMIT = 50;

type CalculationRow = ClientCalculationRecord;

export interface AdviserDocument {
  pdf: Buffer;
  fileName: string;
}

export function clientNotFound(): ApiError {
  return new ApiError(404, 'CLIENT_NOT_FOUND', 'This client was not found among your organisation’s clients.', [
    { path: 'clientGuid', message: 'This client was not found among your organisation’s clients.' },
  ]);
}

export function adviserCalculationNotFound(path = 'session'): ApiError {
  return new ApiError(
    404,
    'CALCULATION_NOT_FOUND',
    'This calculation was not found for your organisation’s clients. Calculations older than 6 months are not kept.',
    [{ path, message: 'This calculation was not found.' }],
  );
}

/**
 * The adviser area (the `/api/intermediary/...` calls). Every call first proves the adviser may see the client or
 * calculation: it must belong to a client of the adviser's own organisation, and be younger than 6 months. Another
 * organisation's client or calculation is 'not found', never 'forbidden', so its existence is not given away.
 * Every change (start, duplicate, delete, details) is written to `adviser_audit` in the same transaction.
 * Names and dates of birth are read here, never logged.
 */
@Injectable()
export class AdviserService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(COMPARISON_TEMPLATE) private readonly comparisonTemplate: DocumentTemplates,
    private readonly rules: RulesInForce,
    private readonly calculations: CalculationsRepository,
    private readonly results: ResultsService,
  ) {}

  /** The questionnaire in force today. */
  private get survey(): CompiledSurvey {
    return this.rules.survey;
  }

  private oldestListed(): Date {
    return oldestListedCalculation(new Date(), CALCULATION_LIFETIME_MONTHS);
  }

  /**
   * GET clients/: 'Only my clients' (user) or 'All clients in my organisation' (organisation); never another
   * organisation's. An empty search of the adviser's own clients lists them all, most recently worked on first (their
   * newest calculation, or when they were added), so the adviser sees them before typing anything.
   */
  async searchClients(user: SignedInUser, search: string, searchType: ClientSearchType): Promise<Client[]> {
    if (searchType === 'user' && search.trim() === '') return this.ownClientsMostRecentFirst(user);
    const read = readClientSearch(search);
    if ('path' in read) throw ApiError.validation([read]);
    const parameters: unknown[] = [this.oldestListed(), user.organisationId];
    const conditions = ['c.organisation_id = $2'];
    if (searchType === 'user') {
      parameters.push(user.userId);
      conditions.push(`c.adviser_id = $${parameters.length}`);
    }
    if (read.kind === 'dateOfBirth') {
      parameters.push(read.isoDate);
      conditions.push(`c.date_of_birth = $${parameters.length}::date`);
    } else {
      parameters.push(likePattern(read.text));
      const pattern = `$${parameters.length}`;
      conditions.push(
        `(c.first_name ILIKE ${pattern} OR c.last_name ILIKE ${pattern} OR (c.first_name || ' ' || c.last_name) ILIKE ${pattern} OR (c.last_name || ', ' || c.first_name) ILIKE ${pattern})`,
      );
    }
    const rows = await this.dataSource.query<ClientRow[]>(
      `SELECT ${CLIENT_COLUMNS} FROM clients c ${LATEST_CALCULATION}
        WHERE ${conditions.join(' AND ')}
        ORDER BY lower(c.last_name), lower(c.first_name), c.date_of_birth, c.id
        LIMIT ${CLIENT_SEARCH_LIMIT}`,
      parameters,
    );
    return rows.map(clientOf);
  }

  private async ownClientsMostRecentFirst(user: SignedInUser): Promise<Client[]> {
    const rows = await this.dataSource.query<ClientRow[]>(
      `SELECT ${CLIENT_COLUMNS} FROM clients c ${LATEST_CALCULATION}
        WHERE c.organisation_id = $2 AND c.adviser_id = $3
        ORDER BY greatest(latest.created_at, c.created_at) DESC, c.id
        LIMIT ${CLIENT_SEARCH_LIMIT}`,
      [this.oldestListed(), user.organisationId, user.userId],
    );
    return rows.map(clientOf);
  }

  /** GET client/: the client and its calculations younger than 6 months, newest first. */
  async clientWithCalculations(user: SignedInUser, clientGuid: string): Promise<{ client: Client; calculations: ClientCalculationRow[] }> {
    const client = await this.visibleClient(this.dataSource.manager, user, clientGuid);
    const rows = await this.calculations.ofClient(client.clientGuid, this.oldestListed());
    return { client, calculations: rows.map((row) => this.calculationRowOf(row)) };
  }

  /** GET calculation/: one calculation with its figures, worked out again from its answers as the results page does. */
  async calculation(user: SignedInUser, sessionId: string): Promise<AdviserCalculation> {
    const row = await this.visibleCalculation(this.dataSource.manager, user, sessionId);
    const client = await this.visibleClient(this.dataSource.manager, user, row.client_id);
    const isComplete = row.finished_at !== null;
    // An unfinished calculation has no results yet: the screen shows its details alone.
    const result = isComplete ? await this.results.resultForAdviser(row.id) : null;
    const benefits = result?.benefits ?? null;
    const lb = systemTotals(benefits, 'lb');
    const uc = systemTotals(benefits, 'uc');
    return {
      token: row.reference,
      session: row.id,
      clientGuid: client.clientGuid,
      displayName: client.displayName,
      createDate: ukDate(row.created_at),
      updateDate: ukDate(row.updated_at),
      isComplete,
      isEligibleForLb: benefits !== null && result!.eligibility.isEligibleForLb,
      isEligibleForUc: benefits !== null && result!.eligibility.isEligibleForUc,
      link: this.linkOf(row),
      caseNotes: row.case_notes,
      caseReference: row.case_label,
      meansTested: benefits ? benefitLines(benefits.meansTested) : [],
      nonMeansTested: benefits ? benefitLines(benefits.nonMeansTested) : [],
      universalCredit: benefits ? benefitLines(benefits.universalCredit) : [],
      oneOff: benefits ? benefits.oneOff.map(({ benefitName, amount, amountShown }) => ({ benefitName, amount, amountShown })) : [],
      lbBenefitWeeklyTotal: lb.benefitWeekly,
      lbBenefitMonthlyTotal: lb.benefitMonthly,
      lbOtherWeeklyTotal: lb.otherWeekly,
      lbOtherMonthlyTotal: lb.otherMonthly,
      lbWeeklyTotal: lb.weekly,
      lbMonthlyTotal: lb.monthly,
      ucBenefitWeeklyTotal: uc.benefitWeekly,
      ucBenefitMonthlyTotal: uc.benefitMonthly,
      ucOtherWeeklyTotal: uc.otherWeekly,
      ucOtherMonthlyTotal: uc.otherMonthly,
      ucWeeklyTotal: uc.weekly,
      ucMonthlyTotal: uc.monthly,
      categories: result ? adviserCategories(result) : [],
      housingAllowance: result?.housingAllowance ?? null,
    };
  }

  /** POST start/: a new, empty calculation for the client, opened through the adviser's account. */
  async start(user: SignedInUser, clientGuid: string, caseReference: string): Promise<string> {
    const problems = caseLabelProblemsToStart(caseReference);
    if (problems.length > 0) throw ApiError.validation(problems);
    return this.dataSource.transaction(async (manager) => {
      const client = await this.visibleClient(manager, user, clientGuid);
      const sessionId = await this.calculations.startForClient(manager, {
        clientId: client.clientGuid,
        adviserUserId: user.userId,
        caseLabel: caseReference.trim(),
        copyOf: null,
      });
      await this.audit(manager, user, 'start', sessionId, client.clientGuid);
      return sessionId;
    });
  }

  /** POST duplicate/: a new calculation for the same client with the answers and passed pages of one of its calculations. */
  async duplicate(user: SignedInUser, clientGuid: string, sessionId: string, caseReference: string): Promise<string> {
    const problems = caseLabelProblemsToStart(caseReference);
    if (problems.length > 0) throw ApiError.validation(problems);
    return this.dataSource.transaction(async (manager) => {
      const client = await this.visibleClient(manager, user, clientGuid);
      const source = await this.visibleCalculation(manager, user, sessionId);
      if (source.client_id !== client.clientGuid) throw adviserCalculationNotFound();
      const copy = await this.calculations.startForClient(manager, {
        clientId: client.clientGuid,
        adviserUserId: user.userId,
        caseLabel: caseReference.trim(),
        copyOf: source,
      });
      await this.calculations.copyAnswers(manager, copy, source.id);
      await this.audit(manager, user, 'duplicate', copy, client.clientGuid);
      return copy;
    });
  }

  /** POST delete/: the calculation and everything kept with it; the audit record stays. */
  async delete(user: SignedInUser, sessionId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const calculation = await this.visibleCalculation(manager, user, sessionId);
      await this.calculations.delete(manager, calculation.id);
      await this.audit(manager, user, 'delete', calculation.id, calculation.client_id);
    });
  }

  /** POST details/: the case label and case notes. */
  async updateDetails(user: SignedInUser, sessionId: string, caseLabel: string, caseNotes: string): Promise<void> {
    const problems = detailsProblems(caseLabel, caseNotes);
    if (problems.length > 0) throw ApiError.validation(problems);
    await this.dataSource.transaction(async (manager) => {
      const calculation = await this.visibleCalculation(manager, user, sessionId);
      await this.calculations.saveCaseDetails(manager, calculation.id, caseLabel.trim(), caseNotes);
      await this.audit(manager, user, 'details', calculation.id, calculation.client_id);
    });
  }

  /** GET compare/: 2 to 6 complete calculations of the client, side by side for each system. */
  async compare(
    user: SignedInUser,
    clientGuid: string,
    sessionIds: readonly string[],
  ): Promise<Pick<CompareResponse, 'uc' | 'lb' | 'lastRatesHeld'>> {
    const compared = await this.comparedResults(user, clientGuid, sessionIds);
    return { lb: buildComparison(compared, 'lb'), uc: buildComparison(compared, 'uc'), lastRatesHeld: compared[0].result.lastRatesHeld };
  }

  /** GET pdf/: one calculation's results PDF, or the comparison of several. */
  async pdf(user: SignedInUser, clientGuid: string, sessionIds: readonly string[], period: DocumentPeriod): Promise<AdviserDocument> {
    const generatedAt = new Date();
    if (sessionIds.length === 1) {
      const [result] = await this.completeResults(user, clientGuid, sessionIds);
      const pdf = await renderResultPdf(result.result, { period, site: this.site, generatedAt, templates: resultPdfTemplates() });
      return { pdf, fileName: RESULT_PDF_FILE_NAME };
    }
    const compared = await this.comparedResults(user, clientGuid, sessionIds);
    const pdf = await renderComparisonPdf({
      calculations: compared.map(({ name, result }) => ({ name, reference: result.token })),
      lb: buildComparison(compared, 'lb'),
      uc: buildComparison(compared, 'uc'),
      period,
      site: this.site,
      calculatedOn: compared[0].result.calculatedOn,
      lastRatesHeld: compared[0].result.lastRatesHeld,
      generatedAt,
      template: this.comparisonTemplate,
    });
    return { pdf, fileName: COMPARISON_PDF_FILE_NAME };
  }

  private async comparedResults(user: SignedInUser, clientGuid: string, sessionIds: readonly string[]) {
    if (sessionIds.length < ADVISER_LIMITS.compareMin || sessionIds.length > ADVISER_LIMITS.compareMax) {
      const message = `Compare between ${ADVISER_LIMITS.compareMin} and ${ADVISER_LIMITS.compareMax} calculations.`;
      throw ApiError.validation([{ path: 'session', message }]);
    }
    return this.completeResults(user, clientGuid, sessionIds);
  }

  /** The results of the client's calculations, each finished and with results to show; in the order asked for. */
  private async completeResults(
    user: SignedInUser,
    clientGuid: string,
    sessionIds: readonly string[],
  ): Promise<{ name: string; result: ResultModel }[]> {
    if (new Set(sessionIds).size !== sessionIds.length)
      throw ApiError.validation([{ path: 'session', message: 'Each calculation can be compared once.' }]);
    const client = await this.visibleClient(this.dataSource.manager, user, clientGuid);
    const compared: { name: string; result: ResultModel }[] = [];
    for (const [index, sessionId] of sessionIds.entries()) {
      const path = `session[${index}]`;
      const row = await this.visibleCalculation(this.dataSource.manager, user, sessionId, path);
      if (row.client_id !== client.clientGuid) throw adviserCalculationNotFound(path);
      const name = row.case_label || row.reference;
      if (row.finished_at === null) {
        throw new ApiError(
          409,
          'CALCULATION_NOT_COMPLETE',
          `Calculation ${name} is not finished, so it has no results yet. Finish it, then try again.`,
          [{ path, message: 'This calculation is not finished.' }],
        );
      }
      const result = await this.results.resultForAdviser(row.id);
      if (result.benefits === null) {
        throw new ApiError(
          409,
          'RESULTS_NOT_READY',
          `Calculation ${name} has answers that need changing or giving before its results can be worked out. Edit it, then try again.`,
          [{ path, message: 'This calculation has no results yet.' }],
        );
      }
      compared.push({ name, result });
    }
    return compared;
  }

  /** A client of the adviser's organisation; 404 for any other, whoever holds it. */
  private async visibleClient(manager: EntityManager, user: SignedInUser, clientGuid: string): Promise<Client> {
    const client = await findOrganisationClient(manager, clientGuid, user.organisationId, this.oldestListed());
    if (!client) throw clientNotFound();
    return client;
  }

  /** A calculation of a client of the adviser's organisation, younger than 6 months; 404 otherwise. */
  private async visibleCalculation(
    manager: EntityManager,
    user: SignedInUser,
    sessionId: string,
    path = 'session',
  ): Promise<CalculationRow> {
    const row = await this.calculations.ofOrganisationClient(manager, sessionId, user.organisationId, this.oldestListed());
    if (!row) throw adviserCalculationNotFound(path);
    return row;
  }

  private async audit(
    manager: EntityManager,
    user: SignedInUser,
    action: AdviserAuditAction,
    sessionId: string,
    clientId: string | null,
  ): Promise<void> {
    await manager.query(`INSERT INTO adviser_audit (user_id, organisation_id, action, session_id, client_id) VALUES ($1, $2, $3, $4, $5)`, [
      user.userId,
      user.organisationId,
      action,
      sessionId,
      clientId,
    ]);
  }

  /** Where 'Edit' goes: the first page of a finished calculation, else the page to carry on from. */
  private linkOf(row: CalculationRow): string {
    if (row.finished_at !== null) return `/survey/1/${row.id}`;
    const state = surveyState(this.survey, row.answers, this.rules.ruleEnvironment());
    return `/survey/${resumePage(state, row.completed_pages).number}/${row.id}`;
  }

  private calculationRowOf(row: CalculationRow): ClientCalculationRow {
    return {
      sessionId: row.id,
      token: row.reference,
      createdDate: ukDate(row.created_at),
      caseReference: row.case_label,
      isComplete: row.finished_at !== null,
      link: this.linkOf(row),
    };
  }
}
