import { awardedAboveNil, benefitFacts, notEligible, type BenefitCalculator, type BenefitOutcome } from '../core/benefit.js';
import { bothPeriods, sumPence, type Pence } from '../../common/money.js';
import { BENEFIT_CAP_APPLIES, SIZE_CRITERIA_REDUCTION } from './universal-credit/index.js';

/** A cut Universal Credit makes, from the variables it reports (0 when it makes none, or was not worked out). */
const universalCreditCut = (universalCredit: BenefitOutcome | undefined, name: string): Pence =>
  universalCredit?.variables.find((variable) => variable.name === name)?.monthlyPence ?? 0;

/**
 * Northern Ireland's Welfare Supplementary Payments (the Welfare Supplementary Payment Regulations (Northern Ireland)
 * 2016): the Department for Communities makes good two cuts Universal Credit keeps, as the award letter shows them.
 * For spare bedrooms in a social home (the size criteria) it pays the whole cut; for the benefit cap, the amount
 * capped. Each part is paid while its scheme is in force on the date (a dated switch per part), and nowhere else
 * in the UK.
 */
export const welfareSupplementaryPayment: BenefitCalculator = {
  code: 'WELFARE_SUPPLEMENTARY_PAYMENT',
  name: 'Welfare Supplementary Payment',
  folder: 'welfare-supplementary-payment',
  system: 'UNIVERSAL_CREDIT',
  meansTested: false,
  reads: ['UNIVERSAL_CREDIT'],
  facts: benefitFacts({
    inNorthernIreland: ({ facts }) => facts.country === 'NORTHERN_IRELAND',
    getsUniversalCredit: ({ earlier }) => awardedAboveNil(earlier.get('UNIVERSAL_CREDIT')),
    universalCreditCutForSpareBedrooms: ({ earlier }) => universalCreditCut(earlier.get('UNIVERSAL_CREDIT'), SIZE_CRITERIA_REDUCTION),
    universalCreditCutByBenefitCap: ({ earlier }) => universalCreditCut(earlier.get('UNIVERSAL_CREDIT'), BENEFIT_CAP_APPLIES),
    responsibleForChildOrYoungPerson: ({ facts }) => facts.qualifyingChildren.length > 0,
  }),
  calculate({ explanations, earlier }, fired) {
    if (!fired.has('element'))
      return notEligible(fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation))));
    const universalCredit = earlier.get('UNIVERSAL_CREDIT');
    const parts = [
      {
        code: 'SOCIAL_SECTOR_SIZE_CRITERIA',
        name: 'For the spare bedroom cut',
        cut: universalCreditCut(universalCredit, SIZE_CRITERIA_REDUCTION),
      },
      { code: 'BENEFIT_CAP', name: 'For the benefit cap', cut: universalCreditCut(universalCredit, BENEFIT_CAP_APPLIES) },
    ].filter((part) => fired.has('element', part.code));
    const explanation = parts.map((part) =>
      explanations.say(part.code === 'BENEFIT_CAP' ? 'benefit-cap' : 'size-criteria', { cut: part.cut }),
    );
    const total = sumPence(parts.map((part) => part.cut));
    if (parts.length > 1) explanation.push(explanations.say('total', { total }));
    return {
      eligible: true,
      amountShown: true,
      ...bothPeriods(total, 'MONTH'),
      elements: parts.map((part) => ({ code: part.code, name: part.name, ...bothPeriods(part.cut, 'MONTH') })),
      deductions: [],
      explanation: [...explanation, explanations.say('how-paid')],
    };
  },
};
