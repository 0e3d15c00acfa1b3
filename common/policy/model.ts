/**
 * The policy workbench (issue 19): the wire shapes of `/api/policy/` and what the `/policy/` screens read. Policy
 * staff change rates, rules, questions, extra help and cases as data in a change set, prove it with the
 * hand-worked cases, see its impact, and a second member approves it before it is published on a date.
 *
 * Money is whole pence, as the engine works it out; the screens write pounds.
 */

import type { Figure } from '../disclosure-control.js';

/** An official text a value comes from: GOV.UK, legislation.gov.uk, HMRC, a council's own scheme. */
export interface PolicySource {
  title: string;
  url: string;
}

/**
 * One edit of a change set. Every edit changes one repository file, exactly as a person editing the JSON would,
 * and is checked as the loader checks that file.
 */
export type PolicyEdit = ParameterValueEdit | RatesHeldEdit | RuleEdit | QuestionEdit | ExtraHelpItemEdit | CaseEdit;

/**
 * A dated value of a parameter (`rulesets/parameters/<parameter>.json`): added, or replacing the value with the
 * same `from`. `source` may be null in a draft (the uprating helper proposes values without one); a change set
 * cannot be published until every value has its official source.
 */
export interface ParameterValueEdit {
  kind: 'parameter-value';
  /** The parameter's name: its path under `rulesets/parameters/` without `.json`. */
  parameter: string;
  /** yyyy-mm-dd: the day the value takes effect, as the law dates it. */
  from: string;
  /** As the file holds it: whole pence, basis points, hours, a count (null: no limit) or a switch. */
  value: number | boolean | null;
  source: PolicySource | null;
  note?: string;
}

/** The last date the rates held cover (`rulesets/parameters/rates-held.json`), moved on when a year is added. */
export interface RatesHeldEdit {
  kind: 'rates-held';
  until: string;
}

/** A rule of a ruleset (`rulesets/<ruleset>/ruleset.json`): its conditions (json-rules-engine's format) changed. */
export interface RuleEdit {
  kind: 'rule';
  /** The ruleset's folder, e.g. `universal-credit`. */
  ruleset: string;
  rule: string;
  conditions: unknown;
  /** When given, the rule's description is changed too. */
  description?: string;
}

/** A question of a questionnaire page (`definitions/survey/pages/<page>.json`): its text, help or show/hide rule. */
export interface QuestionEdit {
  kind: 'question';
  /** The page file's name without `.json`, e.g. `savings`. */
  page: string;
  question: string;
  text?: string;
  helpText?: string;
  /** The show/hide rule in the questionnaire's rule language; null removes it (always shown). */
  showHide?: string | null;
}

/** An extra-help item (`definitions/extra-help/categories/<category>.json`): added, or replaced by its name. */
export interface ExtraHelpItemEdit {
  kind: 'extra-help-item';
  category: string;
  /** The whole item as the category file holds it (name, title, text, howToAccess, nations, condition, source). */
  item: Record<string, unknown>;
}

/**
 * A hand-worked case, in the format of `rulesets/<ruleset>/cases/*.json` (engine/core/cases.ts): saved with the
 * change set and written to `rulesets/<ruleset>/cases/workbench.json` when exported.
 */
export interface CaseEdit {
  kind: 'case';
  ruleset: string;
  case: PolicyCase;
}

export interface PolicyCase {
  name: string;
  date: string;
  /** A household as the calculation API takes it (only what matters to the case). */
  household: Record<string, unknown>;
  /** By benefit code: `{ eligible?, weekly?, monthly?, elements?, rules? ... }`, pounds to the penny. */
  expected: Record<string, unknown>;
  /** How the figure is worked out by hand. */
  workings: string;
}

export const CHANGE_SET_STATUSES = ['draft', 'approved', 'published', 'withdrawn', 'reverted'] as const;
export type ChangeSetStatus = (typeof CHANGE_SET_STATUSES)[number];

export const CHANGE_SET_STATUS_TEXT: Record<ChangeSetStatus, string> = {
  draft: 'Draft',
  approved: 'Approved, not yet published',
  published: 'Published',
  withdrawn: 'Withdrawn before its date',
  reverted: 'Reverted',
};

export interface PolicyPerson {
  id: string;
  name: string;
}

export interface ChangeSetSummary {
  id: number;
  title: string;
  status: ChangeSetStatus;
  author: PolicyPerson;
  approver: PolicyPerson | null;
  /** yyyy-mm-dd: published from this date (null until published). */
  effectiveFrom: string | null;
  /** yyyy-mm-dd: a reverted change set stops applying on this date. */
  revertedFrom: string | null;
  editCount: number;
  updatedAt: string;
}

export interface PolicyAuditEntry {
  at: string;
  actor: PolicyPerson;
  /** created, edited, approved, published, withdrawn, reverted, cases-run, impact-run, discarded */
  action: string;
  detail: string;
}

/** A problem with an edit, at its field (`value`, `source.url`, `conditions.all[0].value`...). */
export interface EditProblem {
  /** The edit's position in the change set, or null for a problem with the whole set. */
  edit: number | null;
  field: string;
  message: string;
}

export interface ChangeSetDetail extends ChangeSetSummary {
  reason: string;
  edits: PolicyEdit[];
  /** What stops it being published now (empty when it can be): a value without a source, a failing load... */
  problems: EditProblem[];
  /** Whether the signed-in member may approve it (not its author, and it is a draft). */
  canApprove: boolean;
  audit: PolicyAuditEntry[];
  /** The last cases run and impact run on this change set, if any. */
  lastCasesRun: CasesRunReport | null;
  lastImpact: ImpactReport | null;
}

/** POST /api/policy/change-sets */
export interface CreateChangeSetRequest {
  title: string;
  reason: string;
}

/** POST /api/policy/change-sets/:id/publish */
export interface PublishRequest {
  effectiveFrom: string;
}

/** POST /api/policy/change-sets/:id/revert */
export interface RevertRequest {
  /** yyyy-mm-dd, today or later and after the change set's effective date. */
  from: string;
}

/** POST /api/policy/uprating: next year's values for a set of parameters. */
export interface UpratingRequest {
  parameters: string[];
  /** The uprating as a percentage with up to 2 decimals, as a string: "3.8", "1.7", "0". */
  percent: string;
  /** yyyy-mm-dd: the date the new values take effect. */
  from: string;
}

export const UPRATING_ROUNDINGS = ['nearest-penny', 'nearest-5p', 'nearest-10p', 'nearest-pound', 'not-uprated'] as const;
export type UpratingRounding = (typeof UPRATING_ROUNDINGS)[number];

export interface UpratingProposal {
  parameter: string;
  label: string;
  unit: string;
  /** The value in force the day before `from`, which the percentage is applied to. */
  current: { from: string; value: number };
  proposed: number;
  rounding: UpratingRounding;
  /** Why this rounding: the parameter's own `uprating.rounding`, or the default for its unit and period. */
  roundingReason: string;
}

export interface UpratingResponse {
  proposals: UpratingProposal[];
  /** Parameters that cannot be uprated by a percentage (switches, counts, limits not uprated), and why. */
  skipped: { parameter: string; reason: string }[];
}

/** One hand-worked case run against the draft. */
export interface CaseRunResult {
  file: string;
  name: string;
  date: string;
  /** Where it comes from: a file in the repository, or this change set. */
  origin: 'files' | 'change-set';
  passed: boolean;
  problems: string[];
  /** Each benefit the case names: the figures worked out with the draft, the rules that held and the rates read. */
  benefits: {
    code: string;
    name: string;
    eligible: boolean;
    weeklyPence: number;
    monthlyPence: number;
    rules: string[];
    parameters: { name: string; value: number | boolean | null; from: string }[];
  }[];
}

export interface CasesRunReport {
  ranAt: string;
  total: number;
  passed: number;
  failed: number;
  cases: CaseRunResult[];
}

/** POST /api/policy/change-sets/:id/impact */
export interface ImpactRequest {
  /** yyyy-mm-dd: the date both the published rules and the draft are worked out at. */
  date: string;
}

export interface ImpactBand {
  /** e.g. "£10 to £50 a month less" */
  label: string;
  /** Monthly change in pence, from (inclusive) and to (exclusive); null for open ends. */
  fromPence: number | null;
  toPence: number | null;
  households: number;
}

export interface ImpactBenefitChange {
  code: string;
  name: string;
  /** Households whose amount of this benefit changes. */
  householdsChanged: number;
  /** The total change a year over the households (pence; negative: less paid). */
  yearlyChangePence: number;
}

/** The impact over generated households: exact figures (they are no one's). */
export interface ImpactPart {
  households: number;
  /** Households that could not be worked out at the date with one of the two (rates not held...). */
  notWorkedOut: number;
  changed: number;
  gainers: number;
  losers: number;
  totalYearlyChangePence: number;
  benefits: ImpactBenefitChange[];
  distribution: ImpactBand[];
}

/**
 * The impact over real calculations, under the disclosure control (common/disclosure-control.ts, docs/privacy.md):
 * each figure rounded (counts to a multiple of 5, money to a multiple of £10,000 a year) or withheld. Every count but
 * `households` is withheld below 10, 0 included, and money from fewer than 10 households.
 */
export interface StoredImpactPart {
  /** Calculations held and read (0 shown as 0, 1 to 9 as fewer than 10). */
  households: Figure;
  notWorkedOut: Figure;
  changed: Figure;
  gainers: Figure;
  losers: Figure;
  totalYearlyChangePence: Figure;
  /** Benefits whose amount changes for at least 10 households, in the calculator's order; any other, for fewer or none. */
  benefits: { code: string; name: string; householdsChanged: Figure; yearlyChangePence: Figure }[];
  distribution: (Omit<ImpactBand, 'households'> & { households: Figure })[];
}

export interface ImpactExample {
  /** The generated household's seed: the same seed makes the same household again. */
  seed: number;
  /** Plain English: "Single, 30, renting privately in England, 1 child, working 16 hours". */
  description: string;
  monthlyChangePence: number;
  benefits: { code: string; name: string; beforeMonthlyPence: number; afterMonthlyPence: number }[];
}

export interface ImpactReport {
  ranAt: string;
  date: string;
  /** The reproducible sample: `households` generated households from `seed`. */
  sample: ImpactPart & { seed: number; examples: ImpactExample[] };
  /** Real calculations still within the retention period, in aggregate only and under the disclosure control: never an example. */
  stored: StoredImpactPart;
  /** How long the sample took, in milliseconds. */
  sampleMs: number;
  storedMs: number;
}

/** What the workbench shows at the top: the rules version today and any disagreement between files and overlays. */
export interface PolicyStatus {
  /** The rules version today's results are worked out with, e.g. "2026-27" or "2026-27+cs3+cs5". */
  rulesVersionToday: string;
  /** Published change sets in force or scheduled, and whether the repository's files already hold them. */
  published: {
    id: number;
    title: string;
    effectiveFrom: string;
    revertedFrom: string | null;
    /** in-files: exported; not-exported: applied over the files; differs: the files hold something else. */
    files: 'in-files' | 'not-exported' | 'differs';
    differences: string[];
  }[];
}

/** GET /api/policy/rulesets: every ruleset, shortly. */
export interface RulesetSummary {
  folder: string;
  benefit: string;
  description: string;
  rules: number;
  cases: number;
}

/** A rule of a ruleset, with its conditions as plain-English sentences. */
export interface RuleView {
  name: string;
  description: string;
  priority: number | null;
  /** "Applies when all of these hold:" then one line per condition, nested with `depth`. */
  sentences: { depth: number; text: string }[];
  conditions: unknown;
  event: { type: string; params?: Record<string, unknown> };
  /** Parameters the rule's conditions read. */
  parameters: string[];
}

/** GET /api/policy/rulesets/:folder */
export interface RulesetView {
  folder: string;
  benefit: string;
  description: string;
  legislation: PolicySource[];
  facts: { name: string; meaning: string }[];
  rules: RuleView[];
  cases: { file: string; name: string; date: string; workings: string }[];
}

/** GET /api/policy/parameters: every parameter shortly (the screen builds the tree from the names). */
export interface ParameterSummary {
  name: string;
  label: string;
  unit: string;
  period: string;
  latest: { from: string; value: number | boolean | null };
}

/** GET /api/policy/parameter?name= */
export interface ParameterView {
  name: string;
  label: string;
  description: string;
  unit: string;
  period: string;
  legislation: PolicySource;
  uprating: { rounding: UpratingRounding; reason: string };
  values: { from: string; value: number | boolean | null; source: PolicySource; note?: string }[];
  /** The hand-worked cases that read it ("universal-credit/cases/earnings.json: Single, working"). */
  cases: string[];
  /** The rules whose conditions read it. */
  rules: { ruleset: string; rule: string }[];
}

/** GET /api/policy/search?q= */
export interface PolicySearchHit {
  kind: 'parameter' | 'rule' | 'question' | 'extra-help';
  title: string;
  /** Parameter name, `ruleset/rule`, `page/question` or `category/item`. */
  path: string;
  /** Where the match is: the label, the regulation, the text... */
  detail: string;
}

export const POLICY_LIMITS = {
  titleMaxLength: 200,
  reasonMaxLength: 4000,
  editsMax: 200,
  noteMaxLength: 1000,
  searchMaxLength: 100,
  upratingParametersMax: 200,
} as const;
