import { describe, expect, it } from '@jest/globals';
import { loadParameterSet, RATES_HELD_FILE, type ParameterSourceFile } from '../parameters/parameter-set.js';
import { parameterCoverage } from './cases.js';

const source = {
  title: 'DWP, Proposed benefit and pension rates 2026 to 2027',
  url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027',
};
const amount = (path: string, value: number): ParameterSourceFile => ({
  path: `${path}.json`,
  text: JSON.stringify({
    description: 'A rate.',
    label: 'A rate',
    unit: 'pence a week',
    period: 'week',
    legislation: source,
    values: [{ from: '2026-04-06', value, source }],
  }),
});

describe('rules:test --coverage', () => {
  const parameters = loadParameterSet([
    { path: RATES_HELD_FILE, text: JSON.stringify({ description: 'The last date the rates cover.', until: '2027-03-31' }) },
    amount('gov/dwp/example/read', 100),
    amount('gov/dwp/example/unread', 200),
  ]);

  it('records the parameters read while observing, and reports the one no case reads', () => {
    const reads = new Map<string, Set<string>>([['example/cases/one.json: reads one rate', new Set()]]);
    const stop = parameters.observeReads((name) => reads.get('example/cases/one.json: reads one rate')!.add(name));
    parameters.amountOn('gov/dwp/example/read', '2026-11-21');
    stop();
    parameters.amountOn('gov/dwp/example/unread', '2026-11-21');

    const { byParameter, unread } = parameterCoverage(parameters.names, reads);
    expect(byParameter.get('gov/dwp/example/read')).toEqual(['example/cases/one.json: reads one rate']);
    expect(byParameter.get('gov/dwp/example/unread')).toEqual([]);
    expect(unread).toEqual(['gov/dwp/example/unread']);
  });
});
