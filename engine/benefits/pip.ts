import { benefitFacts, amountNotShown, notEligible, paidWeekly, type AmountLine, type BenefitCalculator } from '../core/benefit.js';
import type { ParameterReader } from '../core/parameters.js';
import { personalBenefitClaimants, receives, type AdultFacts, type HouseholdFacts } from '../facts.js';
import type { Explanations } from '../core/explanations.js';
import type { FiredRules } from '../core/ruleset.js';
import { getsDla, getsPip } from '../facts/qualifying-benefits.js';
import type { BenefitReceived } from '../household.js';
import { bothPeriods } from '../../common/money.js';

/** How an adult is named in a sentence, with the verbs that agree with it (shared by the per-adult benefits). */
export function adultWording(adult: AdultFacts) {
  return adult.role === 'CLAIMANT'
    ? { who: 'You', whoLower: 'you', whose: 'your', care: 'care', earn: 'earn', get: 'get', live: 'live' }
    : { who: 'Your partner', whoLower: 'your partner', whose: 'their', care: 'cares', earn: 'earns', get: 'gets', live: 'lives' };
}

/**
 * Why a disability benefit is not paid: the rules' reasons, unless one it is stopped for while away says it better
 * (someone whose benefit has stopped in hospital or a care home still has it: "nothing suggests this applies" would
 * be wrong).
 */
export function notPaidReasons(fired: FiredRules, explanations: Explanations, stopped: readonly string[]): string[] {
  if (stopped.length > 0) return [...stopped];
  return fired.ofType('not-eligible').map((rule) => explanations.say(String(rule.event.params.explanation)));
}

/**
 * A health condition recorded for an adult (limited capability for work-related activity, or terminally ill) who gets
 * no disability benefit that has stopped while away: one stopped after 28 days in hospital is theirs still, not one to
 * claim.
 */
export const hasHealthCondition = (adult: AdultFacts): boolean =>
  (adult.lcwra || adult.terminallyIll) && adult.benefitsStopped.length === 0;

const STOPPED_NAMES: Partial<Record<BenefitReceived['type'], string>> = {
  PIP_DAILY_LIVING: 'PIP daily living component',
  PIP_MOBILITY: 'PIP mobility component',
  ADP_DAILY_LIVING: 'Adult Disability Payment daily living component',
  ADP_MOBILITY: 'Adult Disability Payment mobility component',
  DLA_CARE: 'DLA care component',
  DLA_MOBILITY: 'DLA mobility component',
  ATTENDANCE_ALLOWANCE: 'Attendance Allowance',
};

/**
 * The sentences for the parts of a benefit an adult gets that are not paid after 28 days in hospital or a care home
 * (engine/facts/away-from-home.ts): each benefit's sentences hold `stopped-away`.
 */
export function stoppedWhileAwaySentences(
  facts: HouseholdFacts,
  explanations: Explanations,
  types: readonly BenefitReceived['type'][],
): string[] {
  return facts.adults.flatMap((adult) => {
    const stopped = adult.benefitsStopped.filter((benefit) => types.includes(benefit.type));
    if (stopped.length === 0) return [];
    const away = adult.adult.awayFromHome;
    const place = away?.reason === 'HOSPITAL' ? 'in hospital' : 'in a care home the council or the NHS pays for';
    return [
      explanations.say('stopped-away', {
        ...adultWording(adult),
        parts: stopped.map((benefit) => STOPPED_NAMES[benefit.type]).join(' and '),
        place,
        // Not going back home (or there more than a year): no "coming home" to be paid again from.
        forGood: away?.moreThanFiftyTwoWeeks === true,
      }),
    ];
  });
}

/** Adults with a health condition who get neither PIP (or ADP) nor DLA: they may claim one. */
const withConditionNotGettingPipOrDla = (facts: HouseholdFacts): AdultFacts[] =>
  personalBenefitClaimants(facts).filter((adult) => hasHealthCondition(adult) && !getsPip(adult) && !getsDla(adult));

const PIP_TYPES = ['PIP_DAILY_LIVING', 'PIP_MOBILITY', 'ADP_DAILY_LIVING', 'ADP_MOBILITY'] as const;
export { getsDla, getsPip };

/**
 * Each component an adult gets of PIP (or Adult Disability Payment, paid at PIP's rates under the Disability
 * Assistance for Working Age People (Scotland) Regulations 2022 reg 24), as a line at the rate for its level.
 */
/** Each component's weekly rate by the rate in payment. */
const RATES: Record<'daily_living' | 'mobility', Record<'STANDARD' | 'ENHANCED', string>> = {
  daily_living: { STANDARD: 'gov/dwp/pip/daily_living/standard', ENHANCED: 'gov/dwp/pip/daily_living/enhanced' },
  mobility: { STANDARD: 'gov/dwp/pip/mobility/standard', ENHANCED: 'gov/dwp/pip/mobility/enhanced' },
};

function pipComponents(adult: AdultFacts, parameters: ParameterReader) {
  return adult.benefitsReceived
    .filter((benefit): benefit is Extract<BenefitReceived, { type: (typeof PIP_TYPES)[number] }> =>
      (PIP_TYPES as readonly string[]).includes(benefit.type),
    )
    .map((benefit) => {
      const component = benefit.type.endsWith('DAILY_LIVING') ? 'daily_living' : 'mobility';
      return {
        benefit,
        component: component === 'daily_living' ? 'daily living' : 'mobility',
        code: component.toUpperCase(),
        rate: benefit.rate.toLowerCase(),
        amount: parameters.amount(RATES[component][benefit.rate]),
      };
    });
}

/**
 * Personal Independence Payment (WRA 2012 Part 4): the rates an adult already gets; a working-age adult with a
 * health condition who does not get it may be entitled, with no amount (it depends on an assessment).
 */
export const pip: BenefitCalculator = {
  code: 'PIP',
  name: 'Personal Independence Payment',
  folder: 'pip',
  system: 'BOTH',
  meansTested: false,
  reads: [],
  facts: benefitFacts({
    adultsGettingPipCount: ({ facts }) => facts.adults.filter(getsPip).length,
    workingAgeAdultsWithConditionCount: ({ facts }) =>
      withConditionNotGettingPipOrDla(facts).filter((adult) => !adult.reachedStatePensionAge).length,
    pensionAgeAdultsWithConditionCount: ({ facts }) =>
      withConditionNotGettingPipOrDla(facts).filter((adult) => adult.reachedStatePensionAge && !receives(adult, 'ATTENDANCE_ALLOWANCE'))
        .length,
    inScotland: ({ facts }) => facts.country === 'SCOTLAND',
  }),
  calculate({ facts, parameters, explanations, nationalName }, fired) {
    const stopped = stoppedWhileAwaySentences(facts, explanations, PIP_TYPES);
    const notes = [...fired.ofType('note').map((rule) => explanations.say(String(rule.event.params.explanation))), ...stopped];
    // Scotland's Adult Disability Payment in its place there (the ruleset's names).
    const benefit = nationalName ?? 'PIP';
    const range = () => ({
      lowest: parameters.amount('gov/dwp/pip/mobility/standard'),
      highest: parameters.amount('gov/dwp/pip/daily_living/enhanced') + parameters.amount('gov/dwp/pip/mobility/enhanced'),
    });
    const mayBeEntitled = fired.has('may-be-entitled')
      ? facts.adults
          .filter((adult) => hasHealthCondition(adult) && !getsPip(adult) && !getsDla(adult) && !adult.reachedStatePensionAge)
          .map((adult) => explanations.say('may-be-entitled', { ...adultWording(adult), benefit, ...range() }))
      : [];
    if (fired.has('receives')) {
      const elements: AmountLine[] = [];
      const explanation: string[] = [];
      for (const adult of facts.adults.filter(getsPip)) {
        for (const line of pipComponents(adult, parameters)) {
          explanation.push(
            explanations.say('component', { ...adultWording(adult), component: line.component, rate: line.rate, amount: line.amount }),
          );
          elements.push({
            code: `${adult.role}_${line.code}`,
            name: `${benefit} ${line.component}, ${line.rate} rate (${adultWording(adult).whoLower})`,
            ...bothPeriods(line.amount, 'WEEK'),
          });
        }
      }
      return paidWeekly(elements, [...explanation, ...mayBeEntitled, ...notes]);
    }
    if (fired.has('may-be-entitled')) {
      return amountNotShown([...mayBeEntitled, ...notes]);
    }
    return notEligible([
      ...notPaidReasons(fired, explanations, stopped),
      ...fired.ofType('note').map((rule) => explanations.say(String(rule.event.params.explanation))),
    ]);
  },
};
