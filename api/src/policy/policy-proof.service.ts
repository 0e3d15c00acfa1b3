import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { dateInWords } from '../../../common/dates/calendar.js';
import { isIsoDate } from '../../../common/survey/dates.js';
import type {
  CaseRunResult,
  CasesRunReport,
  ImpactReport,
  PolicyEdit,
  SampleRunReport,
  StoredImpactPart,
} from '../../../common/policy/model.js';
import { figureText } from '../../../common/disclosure-control.js';
import type { BenefitCode } from '../../../engine/core/benefit.js';
import { checkCase, readCaseFilesFrom, type RulesCase } from '../../../engine/core/cases.js';
import { ControlledImpactTally, impactDateNotes, sampleImpactInChunks } from '../../../engine/policy/impact.js';
import { CalculationsRepository } from '../calculations/calculations.repository.js';
import { CalculationsService } from '../calculations/calculations.service.js';
import type { Entitlements } from '../../../engine/core/entitlement-engine.js';
import { normaliseHousehold } from '../../../engine/core/normalise.js';
import { changeSetDigest } from '../../../engine/policy/change-set-digest.js';
import { trialRun } from '../../../engine/policy/trial-run.js';
import type { EntitlementEngine } from '../../../engine/core/entitlement-engine.js';
import type { SourceFiles } from '../../../engine/source-files.js';
import type { SignedInUser } from '../access/signed-in-user.js';
import { ApiError } from '../errors/api-error.js';
import { ChangeSetStore, checkHouseholds, fieldErrorOfProblem, LATEST, referenceOptions } from './change-set-store.js';

/** The impact's sample of generated households: how many, and the seed that makes the same ones again. */
const IMPACT_SAMPLE = 10_000;
const IMPACT_SEED = 1;
/** Stored calculations are read this many at a time, letting the server's other requests run between. */
const STORED_CHUNK = 500;
/** The generated households the checks work the change set out over before it can be approved (none may fail). */
const CHECK_SAMPLE = { count: 2000, seed: 2028, perDate: 250, datesMax: 4 };

/**
 * Proving a change set of the policy workbench (issue 19): its cases run and a sample of generated households worked
 * out with it, the checks an approval needs; and its impact against the published rules. Every run is audited.
 */
@Injectable()
export class PolicyProofService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly calculations: CalculationsService,
    private readonly stored: CalculationsRepository,
    private readonly store: ChangeSetStore,
  ) {}

  /**
   * The checks an approval needs (issue 28): every hand-worked case (the files' and the change set's) run with the
   * draft, with what each one used, and compared with the published rules (a case that passes with them and fails
   * with the draft is a new failure, as is a failing case of the change set's own); then a seeded sample of
   * generated households worked out with the draft, none of which may fail. Kept with the digest of the edits run.
   */
  async runCases(user: SignedInUser, id: number): Promise<CasesRunReport> {
    const row = await this.store.row(id);
    const digest = changeSetDigest(row.id, row.edits);
    const comparedWith = this.store.publishedRulesName();
    const published = this.store.versions.engineOn(LATEST);
    const applied = this.store.apply(row.edits);
    if (!applied.engine)
      throw new ApiError(
        409,
        'CHANGE_SET_HAS_PROBLEMS',
        'Put right the problems listed before running the cases.',
        applied.problems.map(fieldErrorOfProblem),
      );
    const engine = applied.engine;
    const added = new Set(
      row.edits.flatMap((edit) => (edit.kind === 'case' ? [`${edit.ruleset}/cases/workbench.json|${edit.case.name}`] : [])),
    );
    const before = await this.publishedCasePasses(published);
    const cases: CaseRunResult[] = [];
    let yielded = Date.now();
    for (const { file, cases: items } of readCaseFilesFrom(applied.files)) {
      for (const item of items) {
        const fromChangeSet = added.has(`${file}|${item.name}`);
        const result = await runOneCase(engine, file, item, fromChangeSet);
        if (!result.passed && (fromChangeSet || before.get(`${file}|${item.name}`) === true)) result.newFailure = true;
        cases.push(result);
        if (Date.now() - yielded > 20) {
          await nextTurn();
          yielded = Date.now();
        }
      }
    }
    const sample = await this.sampleRun(engine, applied.files, row.edits);
    const passed = cases.filter((result) => result.passed).length;
    const newFailures = cases.filter((result) => result.newFailure).length;
    const report: CasesRunReport = {
      ranAt: new Date().toISOString(),
      total: cases.length,
      passed,
      failed: cases.length - passed,
      cases,
      digest,
      version: row.content_version,
      comparedWith,
      newFailures,
      sample,
    };
    await this.dataSource.query(`UPDATE policy_change_sets SET last_cases_run = $2::jsonb WHERE id = $1`, [id, JSON.stringify(report)]);
    await this.store.audit(
      this.dataSource,
      id,
      user,
      'cases-run',
      `Ran ${report.total} cases on version ${row.content_version}: ${passed} passed, ${report.failed} failed, of which ${newFailures} pass with the published rules; ${sample.failed} of ${sample.households} generated households failed.`,
    );
    return report;
  }

  /** Which of the repository's cases pass with the published rules: worked out once per published version. */
  private readonly casePasses = new WeakMap<EntitlementEngine, Promise<Map<string, boolean>>>();
  private publishedCasePasses(engine: EntitlementEngine): Promise<Map<string, boolean>> {
    let passes = this.casePasses.get(engine);
    if (!passes) {
      passes = (async () => {
        const found = new Map<string, boolean>();
        let yielded = Date.now();
        for (const { file, cases: items } of readCaseFilesFrom(this.store.versions.versionOn(LATEST).files))
          for (const item of items) {
            found.set(`${file}|${item.name}`, (await runOneCase(engine, file, item, false)).passed);
            if (Date.now() - yielded > 20) {
              await nextTurn();
              yielded = Date.now();
            }
          }
        return found;
      })();
      this.casePasses.set(engine, passes);
    }
    return passes;
  }

  /** The seeded sample of generated households worked out with the draft: how many failed, and the first few. */
  private async sampleRun(engine: EntitlementEngine, files: SourceFiles, edits: readonly PolicyEdit[]): Promise<SampleRunReport> {
    const households = checkHouseholds(files, engine, edits, CHECK_SAMPLE, false);
    const { failures, failed } = await trialRun(engine, households, {
      ...referenceOptions(engine, edits),
      maxFailures: 5,
      countAll: true,
    });
    return {
      households: households.length,
      seed: CHECK_SAMPLE.seed,
      failed,
      failures: failures.map(({ source, date, message }) => ({ source, date, message })),
    };
  }

  /**
   * The draft against the published rules on a date, over the reproducible sample of generated households and over
   * the households of real calculations still kept, in aggregate only: examples come from the sample, never from a
   * stored calculation, and nothing of a calculation is kept or logged.
   */
  async impact(user: SignedInUser, id: number, date: string): Promise<ImpactReport> {
    if (!isIsoDate(date)) throw ApiError.validation([{ path: 'date', message: 'Enter a real date, written yyyy-mm-dd.' }]);
    const row = await this.store.row(id);
    const published = this.store.versions.versionOn(date);
    const applied = this.store.apply(row.edits, published.files);
    if (!applied.engine)
      throw new ApiError(
        409,
        'CHANGE_SET_HAS_PROBLEMS',
        'Put right the problems listed before running the impact.',
        applied.problems.map(fieldErrorOfProblem),
      );
    const started = performance.now();
    const sample = await sampleImpactInChunks(published.engine, applied.engine, date, {
      count: IMPACT_SAMPLE,
      seed: IMPACT_SEED,
      examples: 10,
    });
    const sampleMs = Math.round(performance.now() - started);
    const storedStarted = performance.now();
    const stored = await this.storedImpact(published.engine, applied.engine, date);
    const report: ImpactReport = {
      ranAt: new Date().toISOString(),
      date,
      dateNotes: impactDateNotes(published.engine, applied.engine, date),
      sample,
      stored,
      sampleMs,
      storedMs: Math.round(performance.now() - storedStarted),
    };
    await this.dataSource.query(`UPDATE policy_change_sets SET last_impact = $2::jsonb WHERE id = $1`, [id, JSON.stringify(report)]);
    await this.store.audit(
      this.dataSource,
      id,
      user,
      'impact-run',
      // The kept calculations' figures as published: never a withheld one.
      `Impact at ${dateInWords(date)}: ${sample.changed.toLocaleString('en-GB')} of ${sample.households.toLocaleString('en-GB')} sample households change; kept calculations that change: ${figureText(stored.changed)} (of ${figureText(stored.households)}).`,
    );
    return report;
  }

  /**
   * Every finished calculation still kept, read as the results page reads it, added with its record key to a tally
   * under the disclosure control (never an example): see ControlledImpactTally.
   */
  private async storedImpact(before: Entitlements, after: Entitlements, date: string): Promise<StoredImpactPart> {
    const tally = new ControlledImpactTally(before, after, date);
    for await (const rows of this.stored.keptFinishedInChunks(STORED_CHUNK)) {
      const households = await this.calculations.householdsOf(
        rows.map((row) => ({ answers: row.answers, completedPages: row.completed_pages, isFinished: true })),
        before.lha,
      );
      rows.forEach((row, index) => {
        const household = households[index]!;
        if (typeof household === 'string') tally.addNotWorkedOut(row.record_key);
        else tally.add(household, row.record_key);
      });
      await nextTurn();
    }
    return tally.report();
  }
}

/**
 * A rate read, by its label and unit: 'Non-dependant deductions: band 2' for the second band of a scale (read as
 * `name[1]`), in the scale's unit.
 */
function wordsOfRead(engine: Entitlements, name: string): { label: string; unit: string } {
  const band = /^(.*)\[(\d+)\]$/.exec(name);
  const { parameters } = engine;
  if (band && parameters.hasScale(band[1]!)) {
    const scale = parameters.findScaleOrThrow(band[1]!);
    return { label: `${scale.label}: band ${Number(band[2]) + 1}`, unit: scale.unit };
  }
  const parameter = parameters.has(name) ? parameters.findParameterOrThrow(name) : null;
  return parameter ? { label: parameter.label, unit: parameter.unit } : { label: name, unit: '' };
}

async function runOneCase(engine: Entitlements, file: string, item: RulesCase, fromChangeSet: boolean): Promise<CaseRunResult> {
  const base = { file, name: item.name, date: item.date, origin: fromChangeSet ? ('change-set' as const) : ('files' as const) };
  try {
    const result = await engine.calculate(normaliseHousehold(item.household), item.date);
    const { problems } = checkCase(item, result);
    const named = Object.keys(item.expected).filter((key) => key !== 'system' && key !== 'variables') as BenefitCode[];
    return {
      ...base,
      passed: problems.length === 0,
      problems,
      benefits: result.benefits
        .filter((benefit) => named.includes(benefit.code))
        .map((benefit) => ({
          code: benefit.code,
          name: benefit.name,
          eligible: benefit.eligible,
          weeklyPence: benefit.weeklyPence,
          monthlyPence: benefit.monthlyPence,
          rules: benefit.rules.map((rule) => rule.name),
          parameters: benefit.parameters.map((parameter) => ({
            name: parameter.name,
            ...wordsOfRead(engine, parameter.name),
            value: parameter.value,
            from: parameter.from,
          })),
        })),
    };
  } catch (error) {
    return { ...base, passed: false, problems: [`The calculation failed: ${(error as Error).message}`], benefits: [] };
  }
}
