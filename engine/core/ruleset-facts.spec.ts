import { describe, expect, it } from '@jest/globals';
import { defineFacts } from './ruleset-facts.js';
import { checkRuleset } from './ruleset.js';

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
});
