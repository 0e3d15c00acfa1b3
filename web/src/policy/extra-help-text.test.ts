import { describe, expect, it } from '@jest/globals';
import { textForFile, textInWords } from './extra-help-text';

const LABELS = new Map([
  ['gov/dhsc/healthy_start/child_age_limit', 'Healthy Start: a child under this age'],
  ['gov/dhsc/healthy_start/weekly_value', 'Healthy Start: value a week'],
  ['gov/example/one', 'A shared label'],
  ['gov/example/two', 'A shared label'],
]);

describe('an extra-help item’s words', () => {
  it('shows each rate by its label, and puts it back by that label', () => {
    const held =
      'A child under {{parameter gov/dhsc/healthy_start/child_age_limit}}: {{parameter gov/dhsc/healthy_start/weekly_value}} a week.';
    const words = textInWords(held, LABELS);
    expect(words).toBe('A child under [Healthy Start: a child under this age]: [Healthy Start: value a week] a week.');
    expect(textForFile(words, LABELS)).toBe(held);
  });

  it('leaves brackets that name no rate, a label two rates share and a rate without a label as they are', () => {
    expect(textForFile('Apply online [free] or [A shared label].', LABELS)).toBe('Apply online [free] or [A shared label].');
    expect(textInWords('{{parameter gov/unknown/rate}}', LABELS)).toBe('{{parameter gov/unknown/rate}}');
  });
});
