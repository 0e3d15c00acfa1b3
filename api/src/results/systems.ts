import { BENEFIT_TYPES, type ResultBenefit, type ResultBenefits } from '../../../common/result/model.js';

/**
 * The two systems the results compare: 'lb', the legacy and pension-age benefits, and 'uc', the
 * Universal Credit system. Each shows its own means-tested benefits, then the benefits paid whichever system
 * applies; every screen and document that lists a system's benefits reads them here, so each benefit is listed
 * once and the rows add up to the system's total.
 */
export type ResultSystem = 'lb' | 'uc';

/** A system's benefits, each once: its means-tested list, then the non-means-tested benefits both systems pay. */
export function benefitsOfSystem(benefits: ResultBenefits, system: ResultSystem): ResultBenefit[] {
  return [...(system === 'lb' ? benefits.meansTested : benefits.universalCredit), ...benefits.nonMeansTested];
}

const pence = (pounds: number) => Math.round(pounds * 100);

/** What a row adds to its system's total: its amount when it has one (type 1), else nothing. */
function rowPence(benefit: ResultBenefit, figure: 'weekly' | 'monthly', betterOff: boolean): number {
  const type = betterOff ? benefit.betterOffBenefitType : benefit.benefitType;
  if (type !== BENEFIT_TYPES.amount) return 0;
  if (betterOff) return pence(figure === 'weekly' ? benefit.betterOffWeeklyPayment : benefit.betterOffMonthlyPayment);
  return pence(figure === 'weekly' ? benefit.weeklyPayment : benefit.monthlyPayment);
}

/**
 * Every way the lists break the rule that each system lists each of its benefits once and that its rows add up to
 * its 'Benefit Total', now and after the change, a week and a month; empty when they keep it.
 */
export function systemBenefitProblems(benefits: ResultBenefits): string[] {
  const problems: string[] = [];
  for (const system of ['lb', 'uc'] as const) {
    const rows = benefitsOfSystem(benefits, system);
    const codes = rows.map((benefit) => benefit.benefitCode);
    for (const code of new Set(codes.filter((code, index) => codes.indexOf(code) !== index)))
      problems.push(`${system}: ${code} is listed more than once.`);
    for (const betterOff of [false, true]) {
      for (const figure of ['weekly', 'monthly'] as const) {
        const key = `${system}${betterOff ? 'BetterOff' : ''}${figure === 'weekly' ? 'Weekly' : 'Monthly'}` as const;
        const sum = rows.reduce((total, benefit) => total + rowPence(benefit, figure, betterOff), 0);
        if (sum !== pence(benefits[key]))
          problems.push(`${key}: the rows add up to ${(sum / 100).toFixed(2)}, the total is ${benefits[key].toFixed(2)}.`);
      }
    }
  }
  return problems;
}
