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
export type PolicyEdit =
  | ParameterValueEdit
  | RatesHeldEdit
  | LhaRatesHeldEdit
  | BandDEdit
  | LhaRatesEdit
  | CouncilSchemeEdit
  | CouncilRentAreasEdit
  | RuleEdit
  | QuestionEdit
  | ExtraHelpItemEdit
  | CaseEdit;

/**
 * A dated value of a parameter (`rulesets/parameters/<parameter>.json`): added, or replacing the value with the
 * same `from`. `source` may be null in a draft (the uprating helper proposes values without one); a change set
 * cannot be published until every value has its official source.
 */
/** A table of bands, as a scale's file holds one: each band's amount, from its threshold (both whole pence). */
export interface ScaleValue {
  brackets: { threshold: number; amount: number }[];
}

/** A dated value as the workbench holds it: a single rate, a switch, no limit (null), or a scale's table of bands. */
export type PolicyValue = number | boolean | null | ScaleValue;

/** A scale's bands on one date as the workbench holds them: the file's brackets, and nothing else of the date's. */
export function scaleValueOf(dated: { brackets: readonly { threshold: number; amount: number }[] }): ScaleValue {
  return { brackets: dated.brackets.map(({ threshold, amount }) => ({ threshold, amount })) };
}

export function isScaleValue(value: PolicyValue): value is ScaleValue {
  return typeof value === 'object' && value !== null;
}

export interface ParameterValueEdit {
  kind: 'parameter-value';
  /** The parameter's name: its path under `rulesets/parameters/` without `.json`. */
  parameter: string;
  /** yyyy-mm-dd: the day the value takes effect, as the law dates it. */
  from: string;
  /** As the file holds it: whole pence, basis points, hours, a count (null: no limit), a switch, or a scale's bands. */
  value: PolicyValue;
  source: PolicySource | null;
  note?: string;
}

/** The last date the rates held cover (`rulesets/parameters/rates-held.json`), moved on when a year is added. */
export interface RatesHeldEdit {
  kind: 'rates-held';
  until: string;
}

/**
 * The last date the Local Housing Allowance rates held cover (`rulesets/local-housing-allowance/rates.json` for
 * Universal Credit's monthly rates, `housing-benefit-rates.json` for Housing Benefit's weekly ones): the rates are
 * set, or frozen, a year at a time, so a later date is refused until a year is confirmed here, with its source.
 */
export interface LhaRatesHeldEdit {
  kind: 'lha-rates-held';
  scheme: 'universal-credit' | 'housing-benefit';
  until: string;
  /** The official text that confirms the rates for the year (a freeze announced, new rates published); null to confirm. */
  source: PolicySource | null;
}

/**
 * One Broad Rental Market Area's Local Housing Allowance rates from a date (`rulesets/local-housing-allowance/`):
 * Universal Credit's monthly rates, or the weekly rates published for Housing Benefit, each category in whole pence.
 */
export interface LhaRatesEdit {
  kind: 'lha-rates';
  scheme: 'universal-credit' | 'housing-benefit';
  /** The area's name as the rent officers write it: 'Central Greater Manchester'. */
  area: string;
  /** yyyy-mm-dd: the day the rates take effect. */
  from: string;
  rates: { shared: number; oneBedroom: number; twoBedrooms: number; threeBedrooms: number; fourBedrooms: number };
  /** The official table of the rates; null to confirm. */
  source: PolicySource | null;
}

/**
 * An English council's working-age Council Tax Reduction scheme for a council tax year
 * (`rulesets/council-tax-reduction/england-working-age-schemes/<code>-<name>.json`, a new file for a council not held
 * yet): the year's scheme added or replaced, citing the council's scheme document. `scheme` is the file's entry for
 * the year without its `from` and `source` (definitions/schemas/council-tax-scheme.schema.json, SchemeValue), checked
 * as the loader checks the file.
 */
export interface CouncilSchemeEdit {
  kind: 'ctr-scheme';
  /** The council's code (GSS): E06000001. */
  authority: string;
  /** The council's name, as its scheme's file names it: 'Hartlepool'. */
  name: string;
  /** The council tax year the scheme is for: '2027/28' (from 1 April). */
  year: string;
  scheme: Record<string, unknown>;
  /** The council's scheme document for the year; null to confirm. */
  source: PolicySource | null;
}

/**
 * The Broad Rental Market Areas that cover a council's homes (`rulesets/local-housing-allowance/local-authority-areas.json`),
 * the one covering most homes first, confirmed by the official page that names them (the council's own Local Housing
 * Allowance page, or the rent officers' area maps): what a household gives when it gives its council but no area.
 */
export interface CouncilRentAreasEdit {
  kind: 'lha-council-areas';
  /** The council's code (GSS): E08000003. */
  authority: string;
  /** The council's name as the table holds it, checked against the code: Manchester. */
  name: string;
  /** The areas' names as the rent officers write them, the one covering most homes first. */
  areas: string[];
  /** The page that names the council's areas; null to confirm. */
  source: PolicySource | null;
}

/**
 * Councils' Band D council tax for a council tax year (`rulesets/council-tax-reduction/band-d.json`), as the official
 * table gives it each spring: each council's figure for the year added or replaced, all citing the table.
 */
export interface BandDEdit {
  kind: 'band-d';
  /** The council tax year, 1 April to 31 March: '2027/28'. */
  year: string;
  /** Each council by its code (E08000003) with its average Band D a year in whole pence. */
  figures: { authority: string; bandD: number }[];
  /** The official table (MHCLG's, the Welsh or Scottish Government's); null to confirm. */
  source: PolicySource | null;
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
  /** Stopped in an emergency (see ChangeSetDetail.stopped). */
  isStopped: boolean;
  /** Found to fail when results were worked out with it: results fall back to the rules without it. */
  isFailing: boolean;
  /** A withdrawal or revert is waiting for a second member to confirm it. */
  hasPendingRequest: boolean;
}

/**
 * A withdrawal (before its date) or a revert (from a date) of a published change set, asked for by one member with
 * a reason: it is done only when a second member, not the one who asked, confirms it (issue 28).
 */
export interface PendingRequest {
  kind: 'withdraw' | 'revert';
  /** yyyy-mm-dd: for a revert, the date it stops applying from; null for a withdrawal. */
  from: string | null;
  reason: string;
  by: PolicyPerson;
  at: string;
}

/** A published change set taken out of force in an emergency by one member, with the reason (issue 28). */
export interface StopRecord {
  by: PolicyPerson;
  at: string;
  reason: string;
}

/** A published change set that threw when results were worked out with it: they are worked out without it. */
export interface ChangeSetFailure {
  at: string;
  /** The error, as the engine gave it (it names rules and facts, never a household's answers). */
  message: string;
}

/** One thing an approval (and publishing) needs, met or not, in plain English. */
export interface ApprovalCheck {
  name: 'no-problems' | 'checks-run' | 'cases' | 'sample';
  met: boolean;
  text: string;
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

/** Another change set, named for a link to it. */
export interface ChangeSetLink {
  id: number;
  title: string;
}

export interface ChangeSetDetail extends ChangeSetSummary {
  reason: string;
  edits: PolicyEdit[];
  /** The version of its edits: 1 after the first edit, one more after each change. */
  version: number;
  /**
   * The digest of its edits as they are now (engine/policy/change-set-digest.ts): an approval sends it back, so it
   * approves exactly what was shown; publishing sends it too.
   */
  digest: string;
  /** Everyone who added, changed or removed an edit: none of them may approve it. */
  contributors: PolicyPerson[];
  /** What stops it being published now (empty when it can be): a value without a source, a failing load... */
  problems: EditProblem[];
  /** Whether the signed-in member may approve it now: a draft, not theirs, everything in `approvalChecks` met. */
  canApprove: boolean;
  /** Why the signed-in member cannot approve it, in plain English; null when they can (or it is not a draft). */
  cannotApproveBecause: string | null;
  /** What an approval and publishing need, each met or not (for a draft or an approved change set). */
  approvalChecks: ApprovalCheck[];
  /** The approval that lapsed when the change set was changed after it, if it was. */
  lapsedApproval: { by: PolicyPerson; at: string } | null;
  /** A withdrawal or revert waiting for a second member. */
  pendingRequest: PendingRequest | null;
  /** Whether the signed-in member may confirm the pending request (not the member who asked). */
  canConfirmRequest: boolean;
  stopped: StopRecord | null;
  failure: ChangeSetFailure | null;
  audit: PolicyAuditEntry[];
  /**
   * Published change sets that set again something this one set (published after it), and those whose settings this
   * one sets again (published before it): the link shown both ways. Empty for a change set not published.
   */
  changedAgainBy: ChangeSetLink[];
  changesAgain: ChangeSetLink[];
  /** The last cases run and impact run on this change set, if any. */
  lastCasesRun: CasesRunReport | null;
  lastImpact: ImpactReport | null;
}

/** POST /api/policy/change-sets */
export interface CreateChangeSetRequest {
  title: string;
  reason: string;
}

/** POST /api/policy/change-sets/:id/approve: the digest of the edits shown (ChangeSetDetail.digest). */
export interface ApproveRequest {
  digest: string;
}

/** POST /api/policy/change-sets/:id/publish */
export interface PublishRequest {
  effectiveFrom: string;
  /** The digest of the edits approved, as shown. */
  digest: string;
}

/** POST /api/policy/change-sets/:id/withdraw: asks for a withdrawal, which a second member confirms. */
export interface WithdrawRequest {
  reason: string;
}

/** POST /api/policy/change-sets/:id/revert: asks for a revert, which a second member confirms. */
export interface RevertRequest {
  /** yyyy-mm-dd, today or later, and not before the change set's effective date. */
  from: string;
  reason: string;
}

/** POST /api/policy/change-sets/:id/confirm: confirms the pending request, named as it was shown. */
export interface ConfirmRequest {
  kind: PendingRequest['kind'];
  /** The revert's date, as shown; null (or left out) for a withdrawal. */
  from?: string | null;
}

/** POST /api/policy/change-sets/:id/stop: the emergency stop, by one member, from today. */
export interface StopRequest {
  reason: string;
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
  /** Failed with the change set but passes with the published rules (or is the change set's own): it stops approval. */
  newFailure?: boolean;
  problems: string[];
  /** Each benefit the case names: the figures worked out with the draft, the rules that held and the rates read. */
  benefits: {
    code: string;
    name: string;
    eligible: boolean;
    weeklyPence: number;
    monthlyPence: number;
    rules: string[];
    parameters: { name: string; label: string; unit: string; value: number | boolean | null; from: string }[];
  }[];
}

export interface CasesRunReport {
  ranAt: string;
  total: number;
  passed: number;
  failed: number;
  cases: CaseRunResult[];
  /** The digest and version of the edits run (ChangeSetDetail.digest): an approval needs a run of what it approves. */
  digest?: string;
  version?: number;
  /** The published rules the cases were compared with ('2026-27+cs3'): publishing needs the same. */
  comparedWith?: string;
  /** Cases that fail with the change set but not with the published rules, and the change set's own that fail. */
  newFailures?: number;
  /** The generated households worked out with the change set: none may fail (throw). */
  sample?: SampleRunReport;
}

/** The generated households (engine/policy/sample-households.ts) worked out with a change set. */
export interface SampleRunReport {
  households: number;
  seed: number;
  /** How many could not be worked out because the rules failed (not a date outside the rates held). */
  failed: number;
  /** The first few that failed: the household's seed makes it again. */
  failures: { source: string; date: string; message: string }[];
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
  /** The typical (median) change a month of the households whose amount changes (pence). */
  typicalMonthlyChangePence: number;
}

/** Why some generated households could not be worked out, in words, with what to do about it. */
export interface NotWorkedOutReason {
  reason: string;
  nextStep: string;
  households: number;
}

/** The impact over generated households: exact figures (they are no one's). */
export interface ImpactPart {
  households: number;
  /** Households that could not be worked out at the date with one of the two (rates not held...). */
  notWorkedOut: number;
  /** Why, by reason, most households first (empty when every household was worked out). */
  notWorkedOutReasons: NotWorkedOutReason[];
  /**
   * Benefits whose amount a household's result shows on one side only, by benefit: left out of that household's change
   * (not counted as a gain or a loss), with why and what to do.
   */
  amountsNotKnown: NotWorkedOutReason[];
  changed: number;
  gainers: number;
  losers: number;
  /** The typical (median) change a month of the households that gain, and of those that lose (pence); null for none. */
  typicalGainMonthlyPence: number | null;
  typicalLossMonthlyPence: number | null;
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
  /**
   * What the date means for the rates held, in plain words: the published rules compared with their last rates held,
   * or a draft whose rates do not reach the date, with what to do. Empty when both cover it.
   */
  dateNotes: string[];
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
  /**
   * How long the rates held last (published change sets counted): the home warns from 60 days before the last date
   * held, and says so plainly once results use the last rates held.
   */
  ratesHeld: {
    state: 'held' | 'running-out' | 'last-rates-held' | 'ran-out';
    lastDateHeld: string;
    daysLeft: number;
  };
  /** Published change sets that failed when results were worked out with them: results leave them out. */
  failing: { id: number; title: string; at: string; message: string; isStopped: boolean }[];
  /** Change sets stopped in an emergency, latest first (the last 20). */
  stopped: { id: number; title: string; at: string; reason: string; by: PolicyPerson }[];
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
  /** The benefit's name as people write it: "Child Benefit". */
  title: string;
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
  /** The benefit's name as people write it: "Child Benefit". */
  title: string;
  benefit: string;
  description: string;
  legislation: PolicySource[];
  facts: { name: string; meaning: string }[];
  rules: RuleView[];
  cases: { file: string; name: string; date: string; workings: string }[];
}

/** GET /api/policy/parameters: every parameter shortly (the screen builds the tree from the names). */
/**
 * What a policy officer decides about a rate for a new year (engine/policy/new-year.ts): money the law uprates by a
 * percentage, money frozen or fixed in its own law, a council's own figure, or not money (hours, tapers, ages...).
 */
export const YEAR_DECISIONS = ['uprated', 'fixed', 'council', 'not-money'] as const;
export type YearDecision = (typeof YEAR_DECISIONS)[number];

export interface ParameterSummary {
  name: string;
  label: string;
  unit: string;
  /** What is decided about it for a new year. */
  yearDecision: YearDecision;
  period: string;
  latest: { from: string; value: PolicyValue };
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
  values: { from: string; value: PolicyValue; source: PolicySource; note?: string }[];
  /** The hand-worked cases that read it: the ruleset's folder and name, and the case's name ("Single, working"). */
  cases: { ruleset: string; rulesetTitle: string; name: string }[];
  /** The rules whose conditions read it. */
  rules: { ruleset: string; rulesetTitle: string; rule: string }[];
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
  /** A year's change set carries every rate held (about 190) and leaves room for the year's other edits. */
  editsMax: 400,
  noteMaxLength: 1000,
  searchMaxLength: 100,
  upratingParametersMax: 200,
  /** The reason for a withdrawal, a revert or an emergency stop. */
  requestReasonMaxLength: 2000,
} as const;

/** An extra-help item as its category's file holds it (engine/extra-help/types.ts ExtraHelpItem). */
export interface ExtraHelpItemView {
  name: string;
  title: string;
  text: string;
  howToAccessTitle?: string;
  howToAccess: string;
  nations: string[];
  /** json-rules-engine's condition over the facts below. */
  condition: Record<string, unknown>;
  source: PolicySource;
  /** What it comes to for the household (definitions/extra-help/README.md): kept as it is when the item is edited. */
  forHousehold?: ExtraHelpHouseholdAmountView;
}

/** An extra-help item's amount for the household: rates (parameters) each times a number fact, said at {{amount}}. */
export interface ExtraHelpHouseholdAmountView {
  text: string;
  amount: { parameter: string; times: string }[];
}

/** A fact an extra-help condition may name, in words: money facts hold pence and are asked in pounds. */
export interface ExtraHelpFactChoice {
  name: string;
  type: 'boolean' | 'number' | 'string';
  /** The only values a text fact takes, each in words; null for the others. */
  values: { value: string; text: string }[] | null;
  label: string;
  /** A number in pence, entered and shown in pounds. */
  pounds: boolean;
}

/**
 * GET /api/policy/council-tax-schemes: a council's own Council Tax Reduction scheme for each year held, latest first,
 * each as its file's entry without its date and sources (what the workbench's form fills in from).
 */
export interface CouncilSchemeHeld {
  authority: string;
  name: string;
  /** '2026/27', newest first. */
  years: { year: string; scheme: Record<string, unknown> }[];
}

/** GET /api/policy/extra-help: the categories with their items, and the facts a condition may name. */
export interface ExtraHelpCatalogue {
  categories: { name: string; title: string; items: ExtraHelpItemView[] }[];
  facts: ExtraHelpFactChoice[];
}
