import { stringify } from 'csv-stringify/sync';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import {
  addMonths,
  isYear,
  monthsOfYear,
  yearOf,
  type ApiKeyUsage,
  type ManagementInformationResponse,
  type ManagementInformationScope,
  type PeriodFigures,
} from '../../../common/accounts/management-information.js';
import { Cell, DisclosureTable, figureText, shareFigure, type Figure, type FigureHandle } from '../../../common/disclosure-control.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { CalculationsRepository, type FinishedInPeriod } from '../calculations/calculations.repository.js';
import { figuresOf, householdOf } from '../calculations/household-of.js';
import { asTextIfFormula } from '../caseload/caseload.service.js';
import { ApiError } from '../errors/api-error.js';
import { describeErrorForLog } from '../errors/database-errors.js';
import { JsonLogger } from '../logging/json-logger.js';
import type { CompiledSurvey, RuleEnvironment } from '../questionnaire/survey-flow.js';
import { RulesInForce } from '../rules-in-force/rules-in-force.service.js';
import { SITE_CONFIG } from '../site/site.module.js';
import type { SiteConfig } from '../../../common/site.js';

/** The longest the engine runs before letting the process's other requests run. */
const YIELD_EVERY_MS = 20;

interface StartedCalculation {
  month: string;
  record_key: number;
}

type FinishedCalculation = FinishedInPeriod;

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

/** The cells of one month, or of the whole year. */
class PeriodCells {
  readonly started = new Cell();
  readonly finished = new Cell();
  readonly foundSomething = new Cell();
}

/**
 * Management information (issue 20): for an organisation admin, what the calculator did for the organisation's
 * clients, month by month over a fixed year (April to March), and what its API keys were used for. Every figure of
 * calculations goes through the disclosure control (common/disclosure-control.ts), with the sums that tie the figures
 * (the months to the year; finished to those that found something and those that did not; those that found something
 * to each benefit's and the rest) declared for its secondary suppression. The amounts are worked out with the engine,
 * as a caseload run does, at the date each calculation was saved: figures are never stored. Only the admin's own
 * organisation's calculations and keys are read.
 */
@Injectable()
export class ManagementInformationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: RulesInForce,
    private readonly calculations: CalculationsRepository,
    private readonly logger: JsonLogger,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
  ) {}

  private get survey(): CompiledSurvey {
    return this.rules.survey;
  }

  private get engine(): Entitlements {
    return this.rules.engine;
  }

  /** The year asked for (April to March, '2026-27'): by default the one today is in. */
  year(year: string | undefined): string {
    if (year === undefined) return yearOf(this.rules.ruleEnvironment().today.slice(0, 7));
    if (!isYear(year))
      throw ApiError.validation([{ path: 'year', message: 'year must be a year written like 2026-27 (April 2026 to March 2027).' }]);
    return year;
  }

  /** GET management-information. */
  async figures(
    user: SignedInUser,
    yearQuery?: string,
    scope: ManagementInformationScope = 'organisation',
  ): Promise<ManagementInformationResponse> {
    const year = this.year(yearQuery);
    const months = monthsOfYear(year);
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
    const start = `${months[0]}-01`;
    const end = `${addMonths(months[11]!, 1)}-01`;
    const started = await this.dataSource.query<StartedCalculation[]>(
      `SELECT to_char(s.created_at AT TIME ZONE 'Europe/London', 'YYYY-MM') AS month, s.record_key
         FROM ${whose.from}
        WHERE ${whose.where} AND NOT s.is_test
          AND s.created_at >= ($2::timestamp AT TIME ZONE 'Europe/London') AND s.created_at < ($3::timestamp AT TIME ZONE 'Europe/London')`,
      [whose.id, start, end],
    );
    const finished = await this.calculations.finishedInPeriod(whose, start, end);
    const found = await this.foundBy(finished);

    // Each month's households and the year's, cell by cell.
    const monthCells = new Map(months.map((month) => [month, new PeriodCells()]));
    const yearCells = new PeriodCells();
    for (const { month, record_key } of started) for (const cells of [monthCells.get(month)!, yearCells]) cells.started.add(record_key);
    const benefitCells = new Map<string, Cell>(this.engine.calculators.map(({ code }) => [code, new Cell()]));
    finished.forEach(({ month, record_key }, index) => {
      const benefits = found[index]!;
      for (const cells of [monthCells.get(month)!, yearCells]) {
        cells.finished.add(record_key);
        if (benefits.size > 0) cells.foundSomething.add(record_key);
      }
      for (const [code, monthlyPence] of benefits) benefitCells.get(code)?.add(record_key, monthlyPence * 12);
    });

    const table = new DisclosureTable();
    const period = (cells: PeriodCells) => {
      const handles = {
        started: table.count(cells.started, 'shown'),
        finished: table.count(cells.finished, 'shown'),
        foundSomething: table.count(cells.foundSomething, 'shown'),
      };
      // Finished, less those that found something, is those that found nothing: a figure too, though never shown.
      table.sum(handles.finished, [handles.foundSomething, table.unpublished(cells.finished.count - cells.foundSomething.count, 'shown')]);
      return handles;
    };
    const monthHandles = months.map((month) => period(monthCells.get(month)!));
    const yearHandles = period(yearCells);
    for (const column of ['started', 'finished', 'foundSomething'] as const)
      table.sum(
        yearHandles[column],
        monthHandles.map((handles) => handles[column]),
      );
    const benefitHandles = this.engine.calculators.map(({ code, name }) => {
      const cell = benefitCells.get(code)!;
      const calculations = table.count(cell, 'shown');
      // Those that found something, less those that found this benefit, is those that found only others.
      table.sum(yearHandles.foundSomething, [calculations, table.unpublished(yearCells.foundSomething.count - cell.count, 'shown')]);
      return { code, name, calculations, yearlyPence: table.money(cell, 'shown') };
    });
    table.protect();

    const periodFigures = (handles: Record<'started' | 'finished' | 'foundSomething', FigureHandle>): PeriodFigures => {
      const figure = (handle: FigureHandle): Figure => table.figure(handle);
      return {
        started: figure(handles.started),
        finished: figure(handles.finished),
        foundSomething: figure(handles.foundSomething),
        foundSomethingPercent: shareFigure(figure(handles.foundSomething), figure(handles.finished)),
      };
    };
    return {
      year,
      from: months[0]!,
      to: months[11]!,
      scope,
      partner,
      months: months.map((month, index) => ({ month, ...periodFigures(monthHandles[index]!) })),
      totals: periodFigures(yearHandles),
      benefits: benefitHandles.map(({ code, name, calculations, yearlyPence }) => ({
        code,
        name,
        calculations: table.figure(calculations),
        yearlyPence: table.figure(yearlyPence),
      })),
      apiKeys: scope === 'organisation' ? await this.apiKeyUsage(user.organisationId, start, end) : [],
    };
  }

  /** GET management-information/csv: the screen's tables, one after another, each withheld figure saying why. */
  async csv(user: SignedInUser, year?: string, scope: ManagementInformationScope = 'organisation'): Promise<string> {
    const figures = await this.figures(user, year, scope);
    const pounds = (pence: number) => String(Math.round(pence / 100));
    const monthRow = (label: string, period: PeriodFigures) => [
      label,
      figureText(period.started),
      figureText(period.finished),
      figureText(period.foundSomething),
      period.foundSomethingPercent ? figureText(period.foundSomethingPercent) : 'none finished',
    ];
    const rows: string[][] = [
      [`Calculations from ${figures.from} to ${figures.to}`],
      [
        'Counts of 1 to 9 read "fewer than 10"; other counts are rounded to a multiple of 5 and amounts to a multiple of £10,000, up or down; a figure that could point to a few people is withheld.',
      ],
      ['Month', 'Started', 'Finished', 'Found something to claim', 'Share that found something (%)'],
      ...figures.months.map((month) => monthRow(month.month, month)),
      monthRow('Whole year', figures.totals),
      [],
      ['Estimated yearly entitlement found, by benefit'],
      ['Benefit', 'Calculations that found it', 'Estimated yearly entitlement (£)'],
      ...figures.benefits.map((benefit) => [benefit.name, figureText(benefit.calculations), figureText(benefit.yearlyPence, pounds)]),
      [],
      ['API usage, by key and day'],
      ['API key', 'Key starts with', 'Revoked', 'Day', 'Calls', 'Refused'],
      ...figures.apiKeys.flatMap((key) => [
        ...key.days.map((day) => [key.name, key.prefix, key.revoked ? 'Yes' : 'No', day.day, String(day.calls), String(day.refused)]),
        [key.name, key.prefix, key.revoked ? 'Yes' : 'No', 'Whole year', String(key.totalCalls), String(key.totalRefused)],
      ]),
    ];
    return stringify(
      rows.map((cells) => cells.map(asTextIfFormula)),
      { record_delimiter: 'windows' },
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
    const environments = await this.rules.environmentsFor(calculations.map(({ answers }) => answers));
    const found: Found[] = [];
    let lastYield = performance.now();
    for (const [index, calculation] of calculations.entries()) {
      // The engine is synchronous: a big organisation's year must not hold the process's other requests.
      if (performance.now() - lastYield > YIELD_EVERY_MS) {
        await setImmediatePromise();
        lastYield = performance.now();
      }
      found.push(this.foundByOne(calculation, environments[index]!));
    }
    return found;
  }

  private foundByOne(calculation: FinishedCalculation, environment: RuleEnvironment): Found {
    try {
      const household = householdOf(
        this.survey,
        { answers: calculation.answers, completedPages: calculation.completed_pages, isFinished: true },
        environment,
      );
      if (typeof household === 'string') return new Map();
      const figures = figuresOf(this.engine, household, calculation.saved_on, { asShown: true });
      if (figures === 'rates-not-held') return new Map();
      return new Map(
        [...figures.benefits].filter(([, amounts]) => amounts.monthlyPence > 0).map(([code, amounts]) => [code, amounts.monthlyPence]),
      );
    } catch (error) {
      // Its kind only: a message could quote an answer.
      this.logger.event('warn', 'management information: a calculation could not be worked out', {
        errorName: describeErrorForLog(error).errorName,
      });
      return new Map();
    }
  }

  /**
   * Calls per key and day from the API keys' daily counts (api_key_usage: one row per key and day), exact: they count
   * the organisation's own calls, not people, as the key list does.
   */
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
      days: days.map((day) => ({ day: day.day!, calls: day.calls ?? 0, refused: day.refused ?? 0 })),
      totalCalls: days.reduce((total, day) => total + (day.calls ?? 0), 0),
      totalRefused: days.reduce((total, day) => total + (day.refused ?? 0), 0),
    }));
  }
}
