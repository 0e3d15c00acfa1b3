import { describe, expect, it } from '@jest/globals';
import { defineFacts, readsRates } from './ruleset-facts.js';
import { checkRuleset, Ruleset, type RulesetFile } from './ruleset.js';
import { ParameterReader } from './parameters.js';
import type { ParameterSet } from '../parameters/parameter-set.js';

interface Household {
  adults: number[];
  inScotland: boolean;
}

const order: string[] = [];
const facts = defineFacts({
  adultCount: (household: Household) => {
    order.push('adultCount');
    return household.adults.length;
  },
  oldestAge: (household: Household) => {
    order.push('oldestAge');
    return Math.max(...household.adults);
  },
  inScotland: (household: Household) => {
    order.push('inScotland');
    return household.inScotland;
  },
});

describe('facts defined once, as fact functions', () => {
  it('names the facts by the keys of the functions, in the order written', () => {
    expect(facts.names).toEqual(['adultCount', 'oldestAge', 'inScotland']);
  });

  it('works out every fact once, in the order written', () => {
    order.length = 0;
    expect(facts.evaluate({ adults: [34, 61], inScotland: true })).toEqual({ adultCount: 2, oldestAge: 61, inScotland: true });
    expect(order).toEqual(['adultCount', 'oldestAge', 'inScotland']);
  });

  it('gives the ruleset checker the names, so a ruleset declaring a fact no function works out is refused', () => {
    const ruleset = {
      benefit: 'CHILD_BENEFIT',
      description: 'A test ruleset.',
      legislation: [{ title: 'An Act', url: 'https://www.legislation.gov.uk/' }],
      facts: { adultCount: 'Adults in the household.', youngestAge: 'The youngest adult’s age.' },
      rules: [
        {
          name: 'two-adults',
          description: 'A rule.',
          conditions: { all: [{ fact: 'adultCount', operator: 'equal', value: 2 }] },
          event: { type: 'note' },
        },
      ],
    };
    expect(checkRuleset(ruleset, 'CHILD_BENEFIT', facts.names)).toEqual([
      'facts.youngestAge is declared but the calculator does not provide it.',
    ]);
  });

  it('works out lazily only the facts the rules read, once each, and the facts that read rates first, in order', () => {
    const worked: string[] = [];
    const lazyFacts = defineFacts({
      adultCount: (household: Household) => {
        worked.push('adultCount');
        return household.adults.length;
      },
      earnings: readsRates((household: Household) => {
        worked.push('earnings');
        return household.adults.length * 100;
      }),
      oldestAge: (household: Household) => {
        worked.push('oldestAge');
        return Math.max(...household.adults);
      },
      inScotland: (household: Household) => {
        worked.push('inScotland');
        return household.inScotland;
      },
      tax: readsRates((household: Household) => {
        worked.push('tax');
        return household.adults.length * 10;
      }),
    });
    const file: RulesetFile = {
      benefit: 'CHILD_BENEFIT',
      description: 'A test ruleset.',
      legislation: [{ title: 'An Act', url: 'https://www.legislation.gov.uk/' }],
      facts: { adultCount: 'Adults.', oldestAge: 'Oldest.', inScotland: 'Scotland.', earnings: 'Earnings.', tax: 'Tax.' },
      rules: [
        {
          name: 'older-pair',
          description: 'A rule.',
          conditions: {
            all: [
              { fact: 'adultCount', operator: 'equal', value: 2, priority: 2 },
              { fact: 'oldestAge', operator: 'greaterThan', value: 60 },
            ],
          },
          event: { type: 'note' },
        },
        {
          name: 'single',
          description: 'A rule.',
          conditions: { any: [{ fact: 'adultCount', operator: 'equal', value: 1 }] },
          event: { type: 'single' },
        },
      ],
    };
    const ruleset = new Ruleset(file);
    const household = { adults: [40], inScotland: false };
    const parameters = new ParameterReader({} as ParameterSet, '2026-11-27');
    worked.length = 0;
    const lazily = ruleset.evaluateLazily(lazyFacts.lazy(household), parameters);
    // The rate-reading facts at once, in the record's order; adultCount once though two rules read it; oldestAge
    // never (its priority set is skipped once adultCount's answers the all), nor inScotland (no condition names it).
    expect(worked).toEqual(['earnings', 'tax', 'adultCount']);
    expect(lazily.rules.map((rule) => rule.name)).toEqual(['single']);
    // The same rules as over every fact worked out (what json-rules-engine is given).
    expect(lazily).toEqual(ruleset.evaluate(lazyFacts.evaluate(household), parameters));
  });
});
