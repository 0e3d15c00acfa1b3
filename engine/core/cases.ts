import type { BenefitCode, BenefitOutcome } from './benefit.js';
import type { Entitlements } from './entitlement-engine.js';
import type { CalculationResult } from './calculation-result.js';
import { normaliseHousehold, type HouseholdInput } from './normalise.js';
import { Contract } from '../schemas/json-schema.js';
import { diskFiles, requiredFile, type SourceFiles } from '../source-files.js';

/**
 * Hand-worked test cases beside each ruleset (`rulesets/<benefit>/cases/*.json`), for policy staff to read and
 * extend. A file holds a list of cases; each is a household (only what matters to it: the rest takes the
 * defaults of `normaliseHousehold`), a date, the figures expected, and `workings`: a line saying how the figure
 * is worked out. Only the figures named are checked.
 *
 * ```json
 * { "cases": [ {
 *   "name": "Two children: eldest and other rate",
 *   "date": "2026-11-21",
 *   "household": { "country": "ENGLAND", "adults": [{ "age": 30 }], "children": [{ "dateOfBirth": "2018-01-01" }, { "dateOfBirth": "2020-01-01" }], "housing": { "tenure": "SOCIAL_RENT" } },
 *   "expected": { "CHILD_BENEFIT": { "eligible": true, "weekly": 44.95, "elements": { "ELDEST_CHILD": { "weekly": 27.05 } } } },
 *   "workings": "27.05 for the eldest + 17.90 for the other child = 44.95 a week."
 * } ] }
 * ```
 */

export interface ExpectedFigures {
  weekly?: number;
  monthly?: number;
  /** A one-off payment's lump sum. */
  lumpSum?: number;
}

export interface ExpectedBenefit extends ExpectedFigures {
  /** The benefit's name in the result: a nation's own (Adult Disability Payment in Scotland) where it has one. */
  name?: string;
  eligible?: boolean;
  amountShown?: boolean;
  system?: BenefitOutcome['system'];
  /** Elements by code; an element given as null must not be there. */
  elements?: Record<string, ExpectedFigures | null>;
  deductions?: Record<string, ExpectedFigures | null>;
  /** Universal Credit paid after the debts repaid from it, and what is taken for each (by code). */
  paid?: ExpectedFigures;
  paidDeductions?: Record<string, ExpectedFigures | null>;
  /** Names of rules that must have held, or (prefixed with '!') must not have. */
  rules?: string[];
  /** Text each of which must appear in one of the explanation's sentences. */
  explanationIncludes?: string[];
}

export interface RulesCase {
  name: string;
  date: string;
  household: HouseholdInput;
  expected: Partial<Record<BenefitCode, ExpectedBenefit>> & {
    system?: CalculationResult['system'];
    variables?: Record<string, ExpectedFigures>;
  };
  workings: string;
}

export interface CaseFile {
  file: string;
  cases: RulesCase[];
}

export interface CaseFailure {
  file: string;
  name: string;
  problems: string[];
  /** The rules that held and the parameters read for the benefits with a problem, to find the cause. */
  trail: string[];
}

/** The shape of a case file: `definitions/schemas/cases.schema.json` (every case asserts at least one figure). */
export const CASE_FILE = Contract.named('cases.schema.json', 'is not a field a case file takes.');

/** Every case file under each ruleset's `cases/` folder (or only the folders named), from disk. */
export function readCaseFiles(rulesetsDir: string, folders?: readonly string[]): CaseFile[] {
  return readCaseFilesFrom(diskFiles(process.cwd(), { rulesets: rulesetsDir }), folders);
}

/** The same through `files` (a policy change set's cases are laid over the repository's). */
export function readCaseFilesFrom(files: SourceFiles, folders?: readonly string[]): CaseFile[] {
  const caseFiles: CaseFile[] = [];
  for (const path of files.list('rulesets')) {
    const match = /^([^/]+)\/cases\/[^/]+\.json$/.exec(path);
    if (!match || (folders && !folders.includes(match[1]))) continue;
    const json: unknown = JSON.parse(requiredFile(files, `rulesets/${path}`));
    caseFiles.push({ file: path, cases: checkedCaseFile(path, json) });
  }
  return caseFiles;
}

/** A case file's cases, or an error listing what is wrong with it. */
export function checkedCaseFile(file: string, json: unknown): RulesCase[] {
  const problems = CASE_FILE.problems(json);
  if (problems.length > 0)
    throw new Error(`${file} is not a valid case file:\n${problems.map((problem) => `  ${problem.message}`).join('\n')}`);
  return (json as { cases: RulesCase[] }).cases;
}

function compareFigures(
  where: string,
  expected: ExpectedFigures,
  actual: { weeklyPence: number; monthlyPence: number; lumpSumPence?: number },
  problems: string[],
): void {
  for (const [period, pence] of [
    ['weekly', actual.weeklyPence],
    ['monthly', actual.monthlyPence],
    ['lumpSum', actual.lumpSumPence],
  ] as const) {
    const wanted = expected[period];
    if (wanted === undefined) continue;
    if (pence === undefined) problems.push(`${where} ${period}: expected ${wanted.toFixed(2)}, but it is not paid once`);
    else if (Math.round(wanted * 100) !== pence)
      problems.push(`${where} ${period}: expected ${wanted.toFixed(2)}, got ${(pence / 100).toFixed(2)}`);
  }
}

function compareLines(
  where: string,
  expected: Record<string, ExpectedFigures | null> | undefined,
  lines: BenefitOutcome['elements'],
  problems: string[],
): void {
  for (const [code, figures] of Object.entries(expected ?? {})) {
    const line = lines.find((candidate) => candidate.code === code);
    if (figures === null) {
      if (line) problems.push(`${where} ${code}: expected none, got ${(line.monthlyPence / 100).toFixed(2)} a month`);
    } else if (!line)
      problems.push(`${where} ${code}: expected, but not there (got ${lines.map((other) => other.code).join(', ') || 'none'})`);
    else compareFigures(`${where} ${code}`, figures, line, problems);
  }
}

export function checkCase(item: RulesCase, result: CalculationResult): { problems: string[]; trail: string[] } {
  const problems: string[] = [];
  const trail: string[] = [];
  const { system, variables, ...benefits } = item.expected;
  if (system && result.system !== system) problems.push(`system: expected ${system}, got ${result.system}`);
  for (const [name, figures] of Object.entries(variables ?? {})) {
    const variable = result.variables.find((candidate) => candidate.name === name);
    if (!variable) problems.push(`variable ${name}: expected, but not there`);
    else compareFigures(`variable ${name}`, figures, variable, problems);
  }
  for (const [code, expected] of Object.entries(benefits) as [BenefitCode, ExpectedBenefit][]) {
    const outcome = result.benefits.find((benefit) => benefit.code === code);
    if (!outcome) {
      problems.push(`${code}: not worked out`);
      continue;
    }
    const before = problems.length;
    for (const key of ['name', 'eligible', 'amountShown', 'system'] as const) {
      if (expected[key] !== undefined && expected[key] !== outcome[key])
        problems.push(`${code} ${key}: expected ${expected[key]}, got ${outcome[key]}`);
    }
    compareFigures(code, expected, outcome, problems);
    compareLines(`${code} element`, expected.elements, outcome.elements, problems);
    compareLines(`${code} deduction`, expected.deductions, outcome.deductions, problems);
    if (expected.paid || expected.paidDeductions) {
      if (!outcome.paidAfterDeductions) problems.push(`${code} paid: expected what is paid after debts, but none was worked out`);
      else {
        if (expected.paid) compareFigures(`${code} paid`, expected.paid, outcome.paidAfterDeductions, problems);
        compareLines(`${code} paid deduction`, expected.paidDeductions, outcome.paidAfterDeductions.lines, problems);
      }
    }
    for (const rule of expected.rules ?? []) {
      const negated = rule.startsWith('!');
      const held = outcome.rules.some((candidate) => candidate.name === rule.replace(/^!/, ''));
      if (held === negated) problems.push(`${code} rule ${rule.replace(/^!/, '')}: expected ${negated ? 'not to hold' : 'to hold'}`);
    }
    for (const text of expected.explanationIncludes ?? []) {
      if (!outcome.explanation.some((sentence) => sentence.includes(text)))
        problems.push(`${code} explanation: expected a sentence with '${text}'; got: ${outcome.explanation.join(' | ')}`);
    }
    if (problems.length > before) {
      trail.push(`${code} rules that held: ${outcome.rules.map((rule) => rule.name).join(', ') || 'none'}`);
      trail.push(
        `${code} parameters: ${outcome.parameters.map((parameter) => `${parameter.name} = ${parameter.value} (from ${parameter.from})`).join('; ') || 'none'}`,
      );
      trail.push(`${code} explanation: ${outcome.explanation.join(' ')}`);
    }
  }
  return { problems, trail };
}

/** A case as `rules:test -- --coverage` names it: its file and its name. */
export const caseLabel = (file: string, item: Pick<RulesCase, 'name'>): string => `${file}: ${item.name}`;

/** Runs every case; the failures, each with what differs and the rules and parameters behind the figure; and, by case, the parameters it read. */
export async function runCases(
  engine: Entitlements,
  files: readonly CaseFile[],
): Promise<{ total: number; failures: CaseFailure[]; reads: Map<string, Set<string>> }> {
  const failures: CaseFailure[] = [];
  const reads = new Map<string, Set<string>>();
  let current = new Set<string>();
  const stopObserving = engine.parameters.observeReads((name) => current.add(name));
  let total = 0;
  for (const { file, cases } of files) {
    for (const item of cases) {
      total += 1;
      current = new Set();
      reads.set(caseLabel(file, item), current);
      try {
        const result = await engine.calculate(normaliseHousehold(item.household), item.date);
        const { problems, trail } = checkCase(item, result);
        if (problems.length > 0) failures.push({ file, name: item.name, problems, trail });
      } catch (error) {
        failures.push({ file, name: item.name, problems: [`the calculation failed: ${(error as Error).message}`], trail: [] });
      }
    }
  }
  stopObserving();
  return { total, failures, reads };
}

/** For each parameter, the cases that read it (in case order); and the parameters no case reads. */
export function parameterCoverage(
  parameterNames: readonly string[],
  reads: ReadonlyMap<string, ReadonlySet<string>>,
): { byParameter: Map<string, string[]>; unread: string[] } {
  const byParameter = new Map<string, string[]>([...parameterNames].sort().map((name) => [name, []]));
  for (const [label, names] of reads) for (const name of names) byParameter.get(name)?.push(label);
  return { byParameter, unread: [...byParameter].filter(([, cases]) => cases.length === 0).map(([name]) => name) };
}
