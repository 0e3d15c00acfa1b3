import type { CalculationInput } from '../../core/benefit.js';
import type { Explanations } from '../../core/explanations.js';
import { basisPointsOf, type Pence } from '../../../common/money.js';

/** The child element (UC Regs 2013 regs 24, 24A-24B, 36): the higher rate for a first child born before 6 April 2017, the standard rate, and the child limit. */
export interface ChildElements {
  total: Pence;
  /** The first child's higher rate, when it was paid. */
  higherRate: Pence | null;
  standardRate: Pence;
  standardCount: number;
  /** The child limit, or null for no limit. */
  limit: number | null;
  excluded: number;
  multipleBirth: number;
  /** Children beyond the limit excepted as adopted, in a non-parental caring arrangement, or conceived without consent. */
  otherException: number;
  childCount: number;
}

export function childElements(input: CalculationInput): ChildElements {
  const { facts, parameters } = input;
  const limit = parameters.limit('gov/dwp/universal_credit/elements/child/child_element_limit');
  const standardRate = parameters.amount('gov/dwp/universal_credit/elements/child/standard_rate');
  let total = 0;
  let higherRate: Pence | null = null;
  let standardCount = 0;
  let excluded = 0;
  let multipleBirth = 0;
  let otherException = 0;
  facts.qualifyingChildren.forEach((child, index) => {
    const earlierTwin = facts.qualifyingChildren.slice(0, index).some((other) => other.dateOfBirth === child.dateOfBirth);
    // UC Regs 2013 reg 24A-24B: beyond the limit only a child born before 6 April 2017, a later child of a multiple
    // birth, or a child adopted from care, cared for under a non-parental arrangement or conceived without consent.
    if (limit !== null && index >= limit && !child.bornBeforeHigherChildElementEnded) {
      if (child.twoChildLimitException !== null) otherException += 1;
      else if (earlierTwin) multipleBirth += 1;
      else {
        excluded += 1;
        return;
      }
    }
    if (index === 0 && child.bornBeforeHigherChildElementEnded) {
      higherRate = parameters.amount('gov/dwp/universal_credit/elements/child/first_child_higher_rate');
      total += higherRate;
    } else {
      total += standardRate;
      standardCount += 1;
    }
  });
  return {
    total,
    higherRate,
    standardRate,
    standardCount,
    limit,
    excluded,
    multipleBirth,
    otherException,
    childCount: facts.qualifyingChildren.length,
  };
}

export function explainChildElements(figures: ChildElements, explanations: Explanations): string[] {
  const { higherRate, standardRate, standardCount, limit, excluded, multipleBirth, otherException, childCount } = figures;
  const sentences: string[] = [];
  if (higherRate !== null) sentences.push(explanations.say('child-higher', { rate: higherRate }));
  if (standardCount > 0) sentences.push(explanations.say('child-standard', { rate: standardRate, count: standardCount }));
  if (excluded > 0) sentences.push(explanations.say('two-child-limit', { limit: limit ?? 0, excluded }));
  if (multipleBirth > 0) sentences.push(explanations.say('multiple-birth', { count: multipleBirth }));
  if (otherException > 0) sentences.push(explanations.say('two-child-limit-exception', { count: otherException }));
  if (limit === null && childCount > 2) sentences.push(explanations.say('no-child-limit'));
  return sentences;
}

/** The disabled child addition (UC Regs 2013 reg 24(2)): a lower and a higher rate. */
export interface DisabledChildAdditions {
  amount: Pence;
  lower: number;
  higher: number;
  lowerRate: Pence;
  higherRate: Pence;
}

export function disabledChildAdditions(input: CalculationInput): DisabledChildAdditions {
  const { facts, parameters } = input;
  const lower = facts.qualifyingChildren.filter((child) => child.disability === 'LOWER').length;
  const higher = facts.qualifyingChildren.filter((child) => child.disability === 'HIGHER').length;
  const lowerRate = lower > 0 ? parameters.amount('gov/dwp/universal_credit/elements/disabled_child/lower') : 0;
  const higherRate = higher > 0 ? parameters.amount('gov/dwp/universal_credit/elements/disabled_child/higher') : 0;
  return { amount: lower * lowerRate + higher * higherRate, lower, higher, lowerRate, higherRate };
}

export function explainDisabledChildAdditions(figures: DisabledChildAdditions, explanations: Explanations): string[] {
  const { lower, higher, lowerRate, higherRate } = figures;
  return [explanations.say('disabled-child', { lower, higher, lowerRate, higherRate })];
}

/** The childcare costs element (UC Regs 2013 regs 31-35): 85% of the costs, up to a cap for one child or for two or more. */
export interface ChildcareElement {
  amount: Pence;
  costs: Pence;
  share: number;
  covered: Pence;
  cap: Pence;
  capped: boolean;
  twoOrMore: boolean;
}

export function childcareElement(input: CalculationInput): ChildcareElement {
  const { facts, parameters } = input;
  const costs = facts.childcareCosts.monthly;
  const share = parameters.amount('gov/dwp/universal_credit/elements/childcare/percentage');
  const twoOrMore = facts.qualifyingChildren.filter((child) => child.age < 16).length >= 2;
  const cap = parameters.amount(
    twoOrMore
      ? 'gov/dwp/universal_credit/elements/childcare/maximum_two_or_more_children'
      : 'gov/dwp/universal_credit/elements/childcare/maximum_one_child',
  );
  const covered = basisPointsOf(costs, share);
  return { amount: Math.min(covered, cap), costs, share, covered, cap, capped: covered > cap, twoOrMore };
}

export function explainChildcareElement(figures: ChildcareElement, explanations: Explanations): string[] {
  const { costs, share, covered, cap, capped, amount, twoOrMore } = figures;
  return [explanations.say('childcare', { costs, share, covered, cap, capped, amount, twoOrMore })];
}
