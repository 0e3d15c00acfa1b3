import type { AdviserAnswerCategory, AdviserBenefitLine, ComparisonColumn, ComparisonData } from '../../../common/adviser/model.js';
import { BENEFIT_TYPES, type ResultBenefit, type ResultBenefits, type ResultModel } from '../../../common/result/model.js';
import { benefitsOfSystem } from '../results/systems.js';

/**
 * The figures the adviser screens show from a calculation's result model (one calculation's
 * figures, and the comparison of several): pure, so the arithmetic is tested without a database or HTTP.
 */

export type BenefitSystem = 'lb' | 'uc';

/** Pounds to the penny: sums of pounds are rounded once, so 0.1 + 0.2 shows as 0.30. */
const toPenny = (pounds: number) => Math.round(pounds * 100) / 100;

/**
 * A benefit's amount as the result shows it now. A benefit awarded only after a change, or one whose amount
 * depends on an assessment (PIP, DLA, Attendance Allowance), has no amount: it counts as 0.
 */
export function amountOf(benefit: ResultBenefit, period: 'weekly' | 'monthly'): number {
  if (benefit.benefitType !== BENEFIT_TYPES.amount) return 0;
  return period === 'weekly' ? benefit.weeklyPayment : benefit.monthlyPayment;
}

export function benefitLines(benefits: readonly ResultBenefit[]): AdviserBenefitLine[] {
  return benefits.map((benefit) => ({
    benefitName: benefit.benefitName,
    weeklyPayment: amountOf(benefit, 'weekly'),
    monthlyPayment: amountOf(benefit, 'monthly'),
    ...(benefit.claimStatus ? { claimStatus: benefit.claimStatus } : {}),
    ...(benefit.paidAfterDeductions
      ? {
          paidAfterDeductions: {
            weeklyPayment: benefit.paidAfterDeductions.weeklyPayment,
            monthlyPayment: benefit.paidAfterDeductions.monthlyPayment,
          },
        }
      : {}),
  }));
}

// The benefits of one system, each once: its means-tested list, then the benefits both systems pay.
export { benefitsOfSystem };

export interface SystemTotals {
  benefitWeekly: number;
  benefitMonthly: number;
  /** Take-home pay and the household's other income. */
  otherWeekly: number;
  otherMonthly: number;
  weekly: number;
  monthly: number;
}

/** 'Benefit Total', 'Other Income' and 'Total Income' of one system. */
export function systemTotals(benefits: ResultBenefits | null, system: BenefitSystem): SystemTotals {
  if (!benefits) return { benefitWeekly: 0, benefitMonthly: 0, otherWeekly: 0, otherMonthly: 0, weekly: 0, monthly: 0 };
  const benefitWeekly = benefits[`${system}Weekly` as const];
  const benefitMonthly = benefits[`${system}Monthly` as const];
  const otherWeekly = toPenny(benefits[`${system}IncomeWeekly` as const] + benefits[`${system}OtherIncomeWeekly` as const]);
  const otherMonthly = toPenny(benefits[`${system}IncomeMonthly` as const] + benefits[`${system}OtherIncomeMonthly` as const]);
  return {
    benefitWeekly,
    benefitMonthly,
    otherWeekly,
    otherMonthly,
    weekly: toPenny(benefitWeekly + otherWeekly),
    monthly: toPenny(benefitMonthly + otherMonthly),
  };
}

export function isEligible(result: ResultModel, system: BenefitSystem): boolean {
  return result.benefits !== null && (system === 'lb' ? result.eligibility.isEligibleForLb : result.eligibility.isEligibleForUc);
}

/** 'See what you told us' for the adviser: the answers review, without the page links the adviser screen does not use. */
export function adviserCategories(result: ResultModel): AdviserAnswerCategory[] {
  return result.categories.map((category) => ({
    name: category.name,
    text: category.text,
    isBetterOff: category.isBetterOff,
    questions: category.questions.map((question) => ({
      text: question.text,
      answers: question.answers.map(({ prefix, value }) => (prefix ? { prefix, value } : { value })),
    })),
  }));
}

/** One calculation in a comparison: its column name (the case label, or the reference when it has none) and its result. */
export interface ComparedCalculation {
  name: string;
  result: ResultModel;
}

const SYSTEM_NAMES: Record<BenefitSystem, string> = { lb: 'legacy benefits and pension age benefits', uc: 'the Universal Credit system' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const money = (pounds: number) => `£${pounds.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The names of the eligible columns with the most of a figure, and that figure. */
function bestBy(columns: readonly ComparisonColumn[], figure: (column: ComparisonColumn) => number) {
  const most = Math.max(...columns.map(figure));
  return { names: columns.filter((column) => figure(column) === most).map((column) => column.name), most };
}

const namesAnd = (names: string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/**
 * The sentence above a system's chart, in plain text: which eligible calculation leaves the client with the highest
 * total income, and which with the most after rent and council tax (what matters when the scenarios' homes differ),
 * or that none is eligible. The PDF prints it as it is; the page gets it as HTML.
 */
export function comparisonSentence(system: BenefitSystem, columns: readonly ComparisonColumn[]): string {
  const eligible = columns.filter((column) => column.isEligible);
  if (eligible.length === 0) return `None of these calculations is eligible under ${SYSTEM_NAMES[system]}.`;
  const income = bestBy(eligible, (column) => column.total);
  const left = bestBy(eligible, (column) => column.afterHousingCosts);
  const same = income.names.join('|') === left.names.join('|');
  const incomeWords =
    income.names.length > 1
      ? `${namesAnd(income.names)} leave the client with the same total income, ${money(income.most)} a week`
      : `${income.names[0]} leaves the client with the highest total income, ${money(income.most)} a week`;
  const leftWords = same
    ? `and ${income.names.length > 1 ? 'the same' : 'the most'} after rent and council tax, ${money(left.most)} a week`
    : `but ${namesAnd(left.names)} ${left.names.length > 1 ? 'leave' : 'leaves'} the client best off after rent and council tax, ${money(left.most)} a week`;
  return `Under ${SYSTEM_NAMES[system]}, ${incomeWords}, ${leftWords}.`;
}

/** The sentence as the page's messageHtml. Case labels are the adviser's own text, so everything is escaped. */
export function comparisonMessage(system: BenefitSystem, columns: readonly ComparisonColumn[]): string {
  return `<p>${escapeHtml(comparisonSentence(system, columns))}</p>`;
}

/**
 * A system's comparison on the adviser's compare screen: the rows are every benefit any of the calculations shows
 * in that system, in the order they first appear; each calculation is a column with its amount for each row
 * (0 when it does not get that benefit) and its totals. A calculation not eligible in the system keeps its
 * column (the page shows '-'); the section shows when at least one is eligible.
 */
export function buildComparison(calculations: readonly ComparedCalculation[], system: BenefitSystem): ComparisonData {
  const categories: string[] = [];
  for (const { result } of calculations) {
    for (const benefit of result.benefits ? benefitsOfSystem(result.benefits, system) : []) {
      if (!categories.includes(benefit.benefitName)) categories.push(benefit.benefitName);
    }
  }
  const column = ({ name, result }: ComparedCalculation, period: 'weekly' | 'monthly'): ComparisonColumn => {
    const shown = result.benefits ? benefitsOfSystem(result.benefits, system) : [];
    const totals = systemTotals(result.benefits, system);
    return {
      name,
      isEligible: isEligible(result, system),
      data: categories.map((category) => {
        const benefit = shown.find((candidate) => candidate.benefitName === category);
        return benefit ? amountOf(benefit, period) : 0;
      }),
      benefitTotal: period === 'weekly' ? totals.benefitWeekly : totals.benefitMonthly,
      otherTotal: period === 'weekly' ? totals.otherWeekly : totals.otherMonthly,
      total: period === 'weekly' ? totals.weekly : totals.monthly,
      afterHousingCosts: toPenny((period === 'weekly' ? totals.weekly : totals.monthly) - result.housingCosts[period]),
    };
  };
  const weeklyData = calculations.map((calculation) => column(calculation, 'weekly'));
  return {
    show: weeklyData.some((candidate) => candidate.isEligible),
    messageHtml: comparisonMessage(system, weeklyData),
    categories,
    weeklyData,
    monthlyData: calculations.map((calculation) => column(calculation, 'monthly')),
  };
}
