import { benefitFacts, amountNotShown, notEligible, paidWeekly, type AmountLine, type BenefitCalculator } from '../core/benefit.js';
import { bothPeriods } from '../../common/money.js';
import { adultWording, getsDla, notPaidReasons, stoppedWhileAwaySentences } from './pip.js';

/** The weekly rate by the rate in payment (the care component's three rates and the mobility component's two). */
const RATES: Record<'LOWEST' | 'MIDDLE' | 'HIGHEST' | 'LOWER' | 'HIGHER', string> = {
  LOWEST: 'gov/dwp/dla/care/lowest',
  MIDDLE: 'gov/dwp/dla/care/middle',
  HIGHEST: 'gov/dwp/dla/care/highest',
  LOWER: 'gov/dwp/dla/mobility/lower',
  HIGHER: 'gov/dwp/dla/mobility/higher',
};

/** Disability Living Allowance (SSCBA 1992 ss71-76): adults' components at the rates paid; children's noted. */
export const dla: BenefitCalculator = {
  code: 'DLA',
  name: 'Disability Living Allowance',
  folder: 'dla',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    adultsGettingDlaCount: ({ facts }) => facts.adults.filter(getsDla).length,
    pensionAgeAdultsGettingDlaCount: ({ facts }) => facts.adults.filter((adult) => adult.reachedStatePensionAge && getsDla(adult)).length,
    // DLA is a children's benefit up to 16 (PIP after); disability LOWER or HIGHER means a disability benefit is paid.
    disabledChildrenCount: ({ facts }) => facts.children.filter((child) => child.age < 16 && child.disability !== 'NONE').length,
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate({ facts, parameters, explanations }, fired) {
    // A nation may pay children their own benefit in its place (Child Disability Payment in Scotland): a rule names it.
    const childBenefit = String(fired.first('child-benefit-name')?.event.params.name ?? 'Disability Living Allowance');
    const children = facts.children.filter((child) => child.age < 16 && child.disability !== 'NONE').length;
    const childSentences = fired.has('may-be-entitled')
      ? [
          explanations.say('child', {
            count: children,
            benefit: childBenefit,
            lowest: parameters.amount('gov/dwp/dla/care/lowest'),
            highest: parameters.amount('gov/dwp/dla/care/highest') + parameters.amount('gov/dwp/dla/mobility/higher'),
          }),
        ]
      : [];
    const stopped = stoppedWhileAwaySentences(facts, explanations, ['DLA_CARE', 'DLA_MOBILITY']);
    // The components are named by the benefit's short name where a rule renames it (Scottish Adult DLA).
    const short = String(fired.first('name')?.event.params.short ?? 'DLA');
    if (fired.has('receives')) {
      const elements: AmountLine[] = [];
      const explanation: string[] = [];
      for (const adult of facts.adults.filter(getsDla)) {
        for (const benefit of adult.benefitsReceived) {
          if (benefit.type !== 'DLA_CARE' && benefit.type !== 'DLA_MOBILITY') continue;
          const component = benefit.type === 'DLA_CARE' ? 'care' : 'mobility';
          const rate = benefit.rate.toLowerCase();
          const amount = parameters.amount(RATES[benefit.rate]);
          explanation.push(explanations.say('component', { ...adultWording(adult), short, component, rate, amount }));
          elements.push({
            code: `${adult.role}_${component.toUpperCase()}`,
            name: `${short} ${component}, ${rate} rate (${adultWording(adult).whoLower})`,
            ...bothPeriods(amount, 'WEEK'),
          });
        }
      }
      return paidWeekly(elements, [
        ...explanation,
        ...stopped,
        ...childSentences,
        ...(childSentences.length ? [explanations.say('child-not-included', { benefit: childBenefit })] : []),
      ]);
    }
    if (fired.has('may-be-entitled')) {
      return amountNotShown([...childSentences, ...stopped]);
    }
    return notEligible(notPaidReasons(fired, explanations, stopped));
  },
};
