import { stringify } from 'csv-stringify/sync';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import {
  addMonths,
  countFigure,
  derivedFigure,
  figureText,
  MOST_MONTHS,
  monthsBetween,
  type ApiKeyUsage,
  type ManagementInformationResponse,
  type ManagementInformationScope,
  type MonthFigures,
} from '../../../common/accounts/management-information.js';
import type { Answers } from '../../../common/survey/model.js';
import { CalculationOutOfRangeError, type Entitlements } from '../../../engine/core/entitlement-engine.js';
import { figuresAt } from '../../../engine/core/system-figures.js';
import type { SignedInUser } from '../accounts/signed-in-user.js';
import { ENTITLEMENT_ENGINE } from '../calculation/calculation.service.js';
import { householdOfCalculation, postcodeOf } from '../caseload/caseload-figures.js';
import { asTextIfFormula } from '../caseload/caseload.service.js';
import { ApiError } from '../errors/api-error.js';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import { PostcodeBrmaLookup } from '../lookup/postcode-brma-lookup.js';
import { lhaAreaChoice } from '../survey/lha-area-choice.js';
import type { CompiledSurvey, RuleEnvironment } from '../survey/survey-flow.js';
import { COMPILED_SURVEY, SurveyService } from '../survey/survey.service.js';
import { SITE_CONFIG } from '../site/site.module.js';
import type { SiteConfig } from '../../../common/site.js';
import type { SurveyVersions } from '../survey/survey-versions.js';

/** The longest the engine runs before letting the process's other requests run. */
const YIELD_EVERY_MS = 20;

interface FinishedCalculation {
  month: string;
  completed_pages: string[];
  saved_on: string;
  answers: Answers;
}

interface UsageRow {
  key_id: string;
  name: string;
  prefix: string;
  revoked: boolean;
  day: string | null;
  calls: number | null;
  refused: number | null;
}

/** What one finished calculation found: each benefit's monthly amount in pence (empty when nothing to claim). */
type Found = Map<string, number>;

/**
 * Management information (issue 20): for an organisation admin, what the calculator did for the organisation's
 * clients, month by month, and what its API keys were used for. Everything is a count or a sum; a count under 10, and
 * anything worked out from fewer than 10 calculations, is suppressed (common/accounts/management-information.ts). The
 * amounts are worked out with the engine, as a caseload run does, at the date each calculation was saved: figures are
 * never stored. Only the admin's own organisation's calculations and keys are read.
 */
@Injectable()
export class ManagementInformationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENTITLEMENT_ENGINE) private readonly engine: Entitlements,
    @Inject(COMPILED_SURVEY) private readonly surveyVersions: SurveyVersions,
    private readonly surveys: SurveyService,
    private readonly brmas: PostcodeBrmaLookup,
    private readonly logger: JsonLogger,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
  ) {}

  private get survey(): CompiledSurvey {
    return this.surveyVersions.current();
  }

  /** The period asked for: by default the 12 months to this one. At most MOST_MONTHS months, `from` not after `to`. */
  period(from: string | undefined, to: string | undefined): { from: string; to: string } {
    const thisMonth = this.surveys.ruleEnvironment().today.slice(0, 7);
    const last = to ?? (from && addMonths(from, 11) < thisMonth ? addMonths(from, 11) : thisMonth);
    const first = from ?? addMonths(last, -11);
    if (first > last) throw ApiError.validation([{ path: 'from', message: 'from must be the same month as to, or before it.' }]);
    if (monthsBetween(first, last).length > MOST_MONTHS) {
      throw ApiError.validation([{ path: 'from', message: `Choose at most ${MOST_MONTHS} months.` }]);
    }
    return { from: first, to: last };
  }

  /** GET management-information. */
  async figures(
    user: SignedInUser,
    fromQuery?: string,
    toQuery?: string,
    scope: ManagementInformationScope = 'organisation',
  ): Promise<ManagementInformationResponse> {
    const { from, to } = this.period(fromQuery, toQuery);
    const partner = await this.partnerOf(user.organisationId);
    if (scope === 'partner' && !partner)
      throw new ApiError(404, 'NO_PARTNER_PORTAL', 'Your organisation does not run a partner portal of the calculator.');
    // The organisation's clients' calculations, or the public's in the partner's portal (never a client's): only
    // those credited to the portal, which came through its frame (is_portal: api/src/site/portal-pass.ts), not every
    // visit that names the partner.
    const whose =
      scope === 'partner'
        ? { from: 'calculation_sessions s', where: 's.partner_id = $1 AND s.is_portal AND s.client_id IS NULL', id: partner!.id }
        : { from: 'calculation_sessions s JOIN clients c ON c.id = s.client_id', where: 'c.organisation_id = $1', id: user.organisationId };
    const start = `${from}-01`;
    const end = `${addMonths(to, 1)}-01`;
    const started = await this.dataSource.query<{ month: string; count: number }[]>(
      `SELECT to_char(s.created_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, count(*)::int AS count
         FROM ${whose.from}
        WHERE ${whose.where} AND NOT s.is_test
          AND s.created_at >= ($2::timestamp AT TIME ZONE 'Europe/London') AND s.created_at < ($3::timestamp AT TIME ZONE 'Europe/London')
        GROUP BY 1`,
      [whose.id, start, end],
    );
    const startedIn = new Map(started.map(({ month, count }) => [month, count]));
    const finished = await this.finishedCalculations(whose, start, end);
    const found = await this.foundBy(finished);

    const monthFigures = (startedCount: number, outcomes: Found[]): Omit<MonthFigures, 'month'> => {
      const foundCount = outcomes.filter((benefits) => benefits.size > 0).length;
      // The share would give away a suppressed count of those that found something, so it needs 10 of those too.
      return {
        started: countFigure(startedCount),
        finished: countFigure(outcomes.length),
        foundSomething: countFigure(foundCount),
        foundSomethingPercent: derivedFigure(
          outcomes.length ? Math.round((100 * foundCount) / outcomes.length) : 0,
          Math.min(outcomes.length, foundCount),
        ),
      };
    };
    const months = monthsBetween(from, to).map((month) => ({
      month,
      ...monthFigures(
        startedIn.get(month) ?? 0,
        found.filter((_, index) => finished[index].month === month),
      ),
    }));
    const benefits = this.engine.calculators.flatMap(({ code, name }) => {
      const amounts = found.flatMap((benefits) => benefits.get(code) ?? []);
      if (amounts.length === 0) return [];
      const yearlyPence = amounts.reduce((total, monthlyPence) => total + monthlyPence * 12, 0);
      return [{ code, name, calculations: countFigure(amounts.length), yearlyPence: derivedFigure(yearlyPence, amounts.length) }];
    });
    return {
      from,
      to,
      scope,
      partner,
      months,
      totals: monthFigures(
        started.reduce((total, { count }) => total + count, 0),
        found,
      ),
      benefits,
      apiKeys: scope === 'organisation' ? await this.apiKeyUsage(user.organisationId, start, end) : [],
    };
  }

  /** GET management-information/csv: the screen's tables, one after another, with '<10' for a suppressed figure. */
  async csv(user: SignedInUser, from?: string, to?: string, scope: ManagementInformationScope = 'organisation'): Promise<string> {
    const figures = await this.figures(user, from, to, scope);
    const pounds = (pence: number) => (pence / 100).toFixed(2);
    const monthRow = (label: string, month: Omit<MonthFigures, 'month'>) => [
      label,
      figureText(month.started),
      figureText(month.finished),
      figureText(month.foundSomething),
      figureText(month.foundSomethingPercent),
    ];
    const rows: string[][] = [
      [`Calculations from ${figures.from} to ${figures.to}`],
      ['Month', 'Started', 'Finished', 'Found something to claim', 'Share that found something (%)'],
      ...figures.months.map((month) => monthRow(month.month, month)),
      monthRow('Whole period', figures.totals),
      [],
      ['Estimated yearly entitlement found, by benefit'],
      ['Benefit', 'Calculations that found it', 'Estimated yearly entitlement (£)'],
      ...figures.benefits.map((benefit) => [benefit.name, figureText(benefit.calculations), figureText(benefit.yearlyPence, pounds)]),
      [],
      ['API usage, by key and day'],
      ['API key', 'Key starts with', 'Revoked', 'Day', 'Calls', 'Refused'],
      ...figures.apiKeys.flatMap((key) => [
        ...key.days.map((day) => [
          key.name,
          key.prefix,
          key.revoked ? 'Yes' : 'No',
          day.day,
          figureText(day.calls),
          figureText(day.refused),
        ]),
        [key.name, key.prefix, key.revoked ? 'Yes' : 'No', 'Whole period', figureText(key.totalCalls), figureText(key.totalRefused)],
      ]),
    ];
    return stringify(
      rows.map((cells) => cells.map(asTextIfFormula)),
      { record_delimiter: 'windows' },
    );
  }

  /** The organisation's calculations finished in the period, with their answers, for the engine. */
  private finishedCalculations(
    whose: { from: string; where: string; id: string },
    start: string,
    end: string,
  ): Promise<FinishedCalculation[]> {
    return this.dataSource.query<FinishedCalculation[]>(
      `WITH finished AS (
         SELECT s.id, s.finished_at, s.completed_pages, s.updated_at
           FROM ${whose.from}
          WHERE ${whose.where} AND NOT s.is_test
            AND s.finished_at >= ($2::timestamp AT TIME ZONE 'Europe/London') AND s.finished_at < ($3::timestamp AT TIME ZONE 'Europe/London')
       ), answers AS (
         SELECT a.session_id, jsonb_object_agg(a.question_name, a.value) AS answers
           FROM survey_answers a WHERE a.session_id IN (SELECT id FROM finished) GROUP BY a.session_id
       )
       SELECT to_char(f.finished_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, f.completed_pages,
              to_char(f.updated_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS saved_on, COALESCE(a.answers, '{}') AS answers
         FROM finished f LEFT JOIN answers a ON a.session_id = f.id
        ORDER BY f.finished_at, f.id`,
      [whose.id, start, end],
    );
  }

  /** The partner the organisation runs, if any (organisations.partner_id, set by `npm run accounts:link-partner`). */
  private async partnerOf(organisationId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await this.dataSource.query<{ partner_id: string | null }[]>(`SELECT partner_id FROM organisations WHERE id = $1`, [
      organisationId,
    ]);
    const id = row?.partner_id ?? null;
    // A partner whose file has since gone shows nothing: its portal is no longer served.
    return id && Object.hasOwn(this.site.partners, id) ? { id, name: this.site.partners[id].name } : null;
  }

  /**
   * Each finished calculation's benefits with an amount, at the date it was saved, as its results page showed them.
   * One whose answers today's questions no longer settle, or whose date is outside the rates held, found nothing
   * that can be counted.
   */
  private async foundBy(calculations: readonly FinishedCalculation[]): Promise<Found[]> {
    const areas = await this.brmas.areasOf(calculations.flatMap(({ answers }) => postcodeOf(answers)?.postcode ?? []));
    const base = this.surveys.ruleEnvironment();
    const found: Found[] = [];
    let lastYield = performance.now();
    for (const calculation of calculations) {
      // The engine is synchronous: a big organisation's year must not hold the process's other requests.
      if (performance.now() - lastYield > YIELD_EVERY_MS) {
        await setImmediatePromise();
        lastYield = performance.now();
      }
      found.push(this.foundByOne(calculation, base, areas));
    }
    return found;
  }

  private foundByOne(calculation: FinishedCalculation, base: RuleEnvironment, areas: ReadonlyMap<string, string>): Found {
    const postcode = postcodeOf(calculation.answers);
    const environment = { ...base, lhaAreaChoice: lhaAreaChoice(this.engine.lha, postcode, areas.get(postcode?.postcode ?? '') ?? null) };
    try {
      const household = householdOfCalculation(
        this.survey,
        { answers: calculation.answers, completedPages: calculation.completed_pages, isFinished: true, savedOn: calculation.saved_on },
        environment,
      );
      if (typeof household === 'string') return new Map();
      const { benefits } = figuresAt(this.engine, household, calculation.saved_on);
      return new Map(
        [...benefits].filter(([, amounts]) => amounts.monthlyPence > 0).map(([code, amounts]) => [code, amounts.monthlyPence]),
      );
    } catch (error) {
      if (!(error instanceof CalculationOutOfRangeError)) {
        // Its kind only: a message could quote an answer.
        this.logger.event('warn', 'management information: a calculation could not be worked out', {
          errorName: describeErrorForLog(error).errorName,
        });
      }
      return new Map();
    }
  }

  /** Calls per key and day from the API keys' daily counts (api_key_usage: one row per key and day). */
  private async apiKeyUsage(organisationId: string, start: string, end: string): Promise<ApiKeyUsage[]> {
    const rows = await this.dataSource.query<UsageRow[]>(
      `SELECT k.id AS key_id, k.name, k.prefix, k.revoked_at IS NOT NULL AS revoked, to_char(u.day, 'YYYY-MM-DD') AS day, u.calls, u.refused
         FROM api_keys k LEFT JOIN api_key_usage u ON u.key_id = k.id AND u.day >= $2::date AND u.day < $3::date
        WHERE k.organisation_id = $1
        ORDER BY lower(k.name), k.id, u.day`,
      [organisationId, start, end],
    );
    const keys = new Map<string, { key: UsageRow; days: UsageRow[] }>();
    for (const row of rows) {
      const entry = keys.get(row.key_id) ?? { key: row, days: [] };
      if (row.day !== null) entry.days.push(row);
      keys.set(row.key_id, entry);
    }
    return [...keys.values()].map(({ key, days }) => ({
      name: key.name,
      prefix: key.prefix,
      revoked: key.revoked,
      days: days.map((day) => ({ day: day.day!, calls: countFigure(day.calls ?? 0), refused: countFigure(day.refused ?? 0) })),
      totalCalls: countFigure(days.reduce((total, day) => total + (day.calls ?? 0), 0)),
      totalRefused: countFigure(days.reduce((total, day) => total + (day.refused ?? 0), 0)),
    }));
  }
}
