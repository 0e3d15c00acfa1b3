import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readFilesUnder, RULESETS_DIR } from '../load.js';
import { Explanations, ExplanationsError } from './explanations.js';

describe('loading explanations.json (definitions/schemas/explanations.schema.json)', () => {
  it('loads every explanations file in rulesets/', () => {
    const files = readFilesUnder(RULESETS_DIR).filter(({ path }) => path.endsWith('/explanations.json'));
    expect(files.length).toBeGreaterThan(10);
    for (const { path, text } of files) expect(Explanations.fromJson(path, text).keys.length).toBeGreaterThan(0);
  });

  it('refuses a broken copy of a real file, naming the file and each key', () => {
    const path = 'rulesets/child-benefit/explanations.json';
    const real = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    const [first] = Object.keys(real);
    const broken = { ...real, [first!]: 3, 'Higher Rate': 'The higher rate.', eldest: ' ' };
    const load = () => Explanations.fromJson(path, JSON.stringify(broken));
    expect(load).toThrow(ExplanationsError);
    expect(load).toThrow(
      [
        `${path} has 3 problems:`,
        `  - ${first} must be a template's text, such as "Your earnings above {{money workAllowance}} reduce it by {{percent taper}} of each £1."`,
        '  - Higher Rate is not a key in kebab-case, such as earnings-taper.',
        `  - eldest must be a template's text, such as "Your earnings above {{money workAllowance}} reduce it by {{percent taper}} of each £1."`,
      ].join('\n'),
    );
  });

  it('prints money to the penny, and a limit or savings in whole pounds without the pence', () => {
    const sentences = Explanations.fromJson(
      'rulesets/x/explanations.json',
      JSON.stringify({ savings: 'Savings of {{pounds capital}} count as {{money tariff}} a week; {{pounds odd}} is not whole.' }),
    );
    expect(sentences.say('savings', { capital: 3_000_000, tariff: 4000, odd: 1_234_567 })).toBe(
      'Savings of £30,000 count as £40.00 a week; £12,345.67 is not whole.',
    );
  });

  it('refuses a file that is not an object of templates', () => {
    expect(() => Explanations.fromJson('rulesets/x/explanations.json', '["a"]')).toThrow(
      'rulesets/x/explanations.json has 1 problem:\n  - must be an object of template texts by key.',
    );
  });
});
