import { describe, expect, it } from '@jest/globals';
import { ParameterNotInForceError } from '../../common/parameters/dated-parameter.js';
import {
  ParameterFilesError,
  RATES_HELD_FILE,
  UnknownParameterError,
  checkParameterFiles,
  loadParameterSet,
  parameterNameOf,
  type ParameterSourceFile,
} from './parameter-set.js';
import { readFilesUnder, RULESETS_DIR } from '../load.js';

const ratesPaper = {
  title: 'DWP, Proposed benefit and pension rates 2026 to 2027',
  url: 'https://www.gov.uk/government/publications/benefit-and-pension-rates-2026-to-2027',
};
const regulation36 = {
  title: 'Universal Credit Regulations 2013, regulation 36',
  url: 'https://www.legislation.gov.uk/uksi/2013/376/regulation/36',
};

const ratesHeld = (until = '2027-03-31'): ParameterSourceFile => ({
  path: RATES_HELD_FILE,
  text: JSON.stringify({ description: 'The last date the rates cover.', until }),
});

/** A carer element file as policy staff would write it; `changes` replaces or removes (undefined) fields. */
function carerElement(changes: Record<string, unknown> = {}): Record<string, unknown> {
  const file: Record<string, unknown> = {
    description: 'The carer element a month.',
    label: 'Carer element',
    unit: 'pence a month',
    period: 'month',
    legislation: regulation36,
    values: [
      { from: '2025-04-07', value: 20168, source: ratesPaper },
      { from: '2026-04-13', value: 20934, source: ratesPaper, note: 'Reference confidence: single-source.' },
    ],
    ...changes,
  };
  for (const [key, value] of Object.entries(changes)) if (value === undefined) delete file[key];
  return file;
}

const file = (path: string, json: unknown): ParameterSourceFile => ({ path, text: JSON.stringify(json) });
const CARER = 'gov/dwp/universal_credit/elements/carer/amount';

function problemsIn(json: unknown, path = `${CARER}.json`): string[] {
  return checkParameterFiles([ratesHeld(), file(path, json)]).map((problem) => `${problem.path}: ${problem.message}`);
}

describe('loading parameter files', () => {
  it('accepts a well-formed file and names the parameter by its path', () => {
    const parameters = loadParameterSet([ratesHeld(), file(`${CARER}.json`, carerElement())]);
    expect(parameters.names).toEqual([CARER]);
    expect(parameters.ratesHeldUntil).toBe('2027-03-31');
  });

  it('rejects text that is not JSON, naming the file', () => {
    const problems = checkParameterFiles([ratesHeld(), { path: `${CARER}.json`, text: '{ "description": ' }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `${CARER}.json`, path: '' });
    expect(problems[0].message).toMatch(/^is not valid JSON/);
  });

  it('rejects unknown fields at every level', () => {
    const values = [{ from: '2026-04-13', value: 20934, source: { ...ratesPaper, page: 3 }, confidence: 'confirmed' }];
    expect(problemsIn(carerElement({ amount: 20934, values }))).toEqual([
      'amount: is not a known field (allowed: type, description, label, unit, period, thresholdUnit, legislation, uprating, values)',
      'values[0].source.page: is not a known field (allowed: title, url)',
      'values[0].confidence: is not a known field (allowed: from, value, source, note)',
    ]);
  });

  it('rejects missing fields, including a value without its source', () => {
    expect(problemsIn(carerElement({ label: undefined, legislation: undefined, values: [{ from: '2026-04-13', value: 20934 }] }))).toEqual([
      'label: is required',
      'legislation: is required',
      'values[0].source: is required',
    ]);
    expect(problemsIn(carerElement({ values: [{ value: 20934, source: { title: 'DWP rates' } }] }))).toEqual([
      'values[0].from: is required',
      'values[0].source.url: is required',
    ]);
  });

  it('rejects a source that is not a title and a web address', () => {
    expect(problemsIn(carerElement({ values: [{ from: '2026-04-13', value: 20934, source: 'DWP rates paper' }] }))).toEqual([
      'values[0].source: must be an object',
    ]);
    expect(
      problemsIn(carerElement({ values: [{ from: '2026-04-13', value: 20934, source: { title: ' ', url: 'gov.uk/rates' } }] })),
    ).toEqual([
      'values[0].source.title: must be a non-empty text',
      'values[0].source.url: must be a web address starting https:// or http://',
    ]);
  });

  it('rejects a source or a regulation cited to a site that is not an official source', () => {
    const news = {
      title: 'upday: DWP confirms new benefit rates',
      url: 'https://www.upday.com/uk/cost-of-living/dwp-confirms-new-benefit-rates',
    };
    const model = {
      title: 'PolicyEngine UK parameter file',
      url: 'https://github.com/PolicyEngine/policyengine-uk/blob/main/carer/amount.yaml',
    };
    expect(problemsIn(carerElement({ legislation: model, values: [{ from: '2026-04-13', value: 20934, source: news }] }))).toEqual([
      expect.stringMatching(/^legislation\.url: cites github\.com, which is not an official source/),
      expect.stringMatching(/^values\[0\]\.source\.url: cites www\.upday\.com, which is not an official source/),
    ]);
    expect(() =>
      loadParameterSet([
        ratesHeld(),
        file(`${CARER}.json`, carerElement({ values: [{ from: '2026-04-13', value: 20934, source: news }] })),
      ]),
    ).toThrow(ParameterFilesError);
  });

  it('rejects a duplicated date and dates out of order', () => {
    const duplicated = [
      { from: '2026-04-13', value: 20934, source: ratesPaper },
      { from: '2026-04-13', value: 20935, source: ratesPaper },
    ];
    expect(problemsIn(carerElement({ values: duplicated }))).toEqual([
      'values[1].from: duplicates the date 2026-04-13 of the value before it',
    ]);
    const newestFirst = [
      { from: '2026-04-13', value: 20934, source: ratesPaper },
      { from: '2025-04-07', value: 20168, source: ratesPaper },
    ];
    expect(problemsIn(carerElement({ values: newestFirst }))).toEqual([
      'values[1].from: 2025-04-07 comes before 2026-04-13: list values oldest first',
    ]);
  });

  it('rejects dates that are not real yyyy-mm-dd dates, and an empty list of values', () => {
    const values = [
      { from: '2025-02-29', value: 20168, source: ratesPaper },
      { from: '13/04/2026', value: 20934, source: ratesPaper },
    ];
    expect(problemsIn(carerElement({ values }))).toEqual([
      'values[0].from: must be a real date written yyyy-mm-dd',
      'values[1].from: must be a real date written yyyy-mm-dd',
    ]);
    expect(problemsIn(carerElement({ values: [] }))).toEqual(['values: must be a list of at least one dated value']);
  });

  it('rejects money that is not whole pence, and values of the wrong type for the unit', () => {
    const values = [
      { from: '2025-04-07', value: 201.68, source: ratesPaper },
      { from: '2025-10-01', value: '20168', source: ratesPaper },
      { from: '2026-01-01', value: null, source: ratesPaper },
      { from: '2026-04-13', value: -1, source: ratesPaper },
    ];
    const wholePence = 'must be a whole number, 0 or more, in pence a month (money is in pence: £4.35 is written 435)';
    expect(problemsIn(carerElement({ values }))).toEqual([0, 1, 2, 3].map((index) => `values[${index}].value: ${wholePence}`));
  });

  it('takes fractions in basis points up to 100%, never as decimals', () => {
    const taper = (value: unknown) =>
      carerElement({ unit: 'basis points', period: 'none', values: [{ from: '2026-04-13', value, source: ratesPaper }] });
    expect(problemsIn(taper(5500))).toEqual([]);
    expect(problemsIn(taper(0.55))).toEqual(['values[0].value: must be a whole number, 0 or more, in basis points (55% is written 5500)']);
    expect(problemsIn(taper(10_001))).toEqual(['values[0].value: must be at most 10000 basis points (100%)']);
  });

  it('takes null as "no limit" for a count only, and true or false for a switch only', () => {
    const limit = (value: unknown) =>
      carerElement({ unit: 'count', period: 'none', values: [{ from: '2026-04-06', value, source: ratesPaper }] });
    expect(problemsIn(limit(null))).toEqual([]);
    expect(problemsIn(limit(2))).toEqual([]);
    expect(problemsIn(limit(true))).toEqual(['values[0].value: must be a whole number, 0 or more, in count, or null for no limit']);
    const flag = (value: unknown) =>
      carerElement({ unit: 'boolean', period: 'none', values: [{ from: '2026-04-06', value, source: ratesPaper }] });
    expect(problemsIn(flag(false))).toEqual([]);
    expect(problemsIn(flag(0))).toEqual(['values[0].value: must be true or false for a switch']);
  });

  it('rejects an unknown unit or period, and a period that contradicts the unit', () => {
    expect(problemsIn(carerElement({ unit: 'pounds a month', period: 'fortnight' }))).toEqual([
      "unit: must be one of 'pence a week', 'pence a month', 'pence a year', 'pence an hour', 'pence', 'pounds', 'basis points', 'count', 'hours', 'years', 'boolean'",
      "period: must be one of 'week', 'month', 'year', 'hour', 'none'",
    ]);
    expect(problemsIn(carerElement({ period: 'week' }))).toEqual(["period: must be 'month' for the unit 'pence a month'"]);
  });

  it('rejects files that are not named in lower case with underscores, or are not JSON', () => {
    expect(problemsIn(carerElement(), 'gov/dwp/Universal-Credit/carer.json')).toEqual([
      ': is not a parameter file: name each file and folder in lower case with underscores (a-z, 0-9, _), ending .json',
    ]);
    expect(parameterNameOf('gov/dwp/carers_allowance/rate.yaml')).toBeUndefined();
    expect(parameterNameOf('gov/dwp/carers_allowance/rate.json')).toBe('gov/dwp/carers_allowance/rate');
  });

  it('needs rates-held.json, with a real date', () => {
    expect(checkParameterFiles([file(`${CARER}.json`, carerElement())])).toEqual([
      { file: RATES_HELD_FILE, path: '', message: 'is missing: it gives the last date the rates held cover ("until")' },
    ]);
    expect(checkParameterFiles([file(RATES_HELD_FILE, { description: 'x', until: '31/03/2027', from: '2025-04-01' })])).toEqual([
      { file: RATES_HELD_FILE, path: 'from', message: 'is not a known field (allowed: description, until)' },
      { file: RATES_HELD_FILE, path: 'until', message: 'must be a real date written yyyy-mm-dd' },
    ]);
  });

  it('rejects a parameter with no value in the last year held, so moving to a new year cannot reuse old figures', () => {
    expect(checkParameterFiles([ratesHeld('2028-03-31'), file(`${CARER}.json`, carerElement())])).toEqual([
      {
        file: `${CARER}.json`,
        path: 'values',
        message:
          "has no value dated in the last year of the rates held (2027-04-01 to 2028-03-31): add that year's value, even if unchanged, with its source",
        missingYear: { from: '2027-04-01', until: '2028-03-31' },
      },
    ]);
  });

  it('throws one error listing every problem with its file and path', () => {
    const files = [
      ratesHeld(),
      file(`${CARER}.json`, carerElement({ label: undefined })),
      file('gov/dwp/carers_allowance/rate.json', carerElement({ period: 'year' })),
    ];
    expect(() => loadParameterSet(files)).toThrow(ParameterFilesError);
    expect(() => loadParameterSet(files)).toThrow(
      [
        'The parameter files have 2 problem(s):',
        "gov/dwp/carers_allowance/rate.json period: must be 'month' for the unit 'pence a month'",
        `${CARER}.json label: is required`,
      ].join('\n'),
    );
  });
});

describe('reading a parameter on a date', () => {
  const limit = {
    ...carerElement(),
    label: 'Two-child limit',
    unit: 'count',
    period: 'none',
    values: [
      { from: '2017-04-06', value: 2, source: regulation36 },
      { from: '2026-04-06', value: null, source: ratesPaper },
    ],
  };
  const parameters = loadParameterSet([
    ratesHeld(),
    file(`${CARER}.json`, carerElement()),
    file('gov/dwp/universal_credit/child_limit.json', limit),
  ]);

  it('gives the value in force with its date, source, note and legislation, for the explanation', () => {
    expect(parameters.parameterOn(CARER, '2026-04-13')).toEqual({
      name: CARER,
      label: 'Carer element',
      unit: 'pence a month',
      period: 'month',
      value: 20934,
      from: '2026-04-13',
      source: ratesPaper,
      note: 'Reference confidence: single-source.',
      legislation: regulation36,
    });
    expect(parameters.amountOn(CARER, '2026-04-12')).toBe(20168);
    expect(parameters.amountOn(CARER, '2027-03-31')).toBe(20934);
  });

  it('refuses a date before the first value, naming the parameter, the date and the first date', () => {
    expect(() => parameters.amountOn(CARER, '2025-04-06')).toThrow(ParameterNotInForceError);
    expect(() => parameters.amountOn(CARER, '2025-04-06')).toThrow(
      `No value of ${CARER} is in force on 2025-04-06: its first value takes effect on 2025-04-07.`,
    );
  });

  it('refuses a date after the rates held rather than carrying the last figure forward', () => {
    expect(() => parameters.amountOn(CARER, '2027-04-01')).toThrow(
      `No value of ${CARER} is in force on 2027-04-01: the rates held run to 2027-03-31.`,
    );
  });

  it('refuses a parameter that does not exist and a date that is not yyyy-mm-dd', () => {
    expect(() => parameters.parameterOn('gov/dwp/universal_credit/carer', '2026-04-13')).toThrow(UnknownParameterError);
    expect(() => parameters.parameterOn('gov/dwp/universal_credit/carer', '2026-04-13')).toThrow(
      'There is no parameter named gov/dwp/universal_credit/carer (no file rulesets/parameters/gov/dwp/universal_credit/carer.json).',
    );
    expect(() => parameters.parameterOn(CARER, '13/04/2026')).toThrow("'13/04/2026' is not a date in the form yyyy-mm-dd.");
  });

  it('reads a limit that can be none, and will not read it as an amount', () => {
    expect(parameters.limitOn('gov/dwp/universal_credit/child_limit', '2026-04-05')).toBe(2);
    expect(parameters.limitOn('gov/dwp/universal_credit/child_limit', '2026-04-06')).toBeNull();
    expect(() => parameters.amountOn('gov/dwp/universal_credit/child_limit', '2026-04-06')).toThrow(
      'gov/dwp/universal_credit/child_limit is a count, not an amount: read it with limitOn.',
    );
    expect(() => parameters.limitOn(CARER, '2026-04-13')).toThrow(`${CARER} is in pence a month, not a count: read it with amountOn.`);
    expect(() => parameters.switchOn(CARER, '2026-04-13')).toThrow(`${CARER} is in pence a month, not a switch.`);
  });
});

describe('the values in force, resolved once per period', () => {
  const parameters = loadParameterSet(readFilesUnder(`${RULESETS_DIR}/parameters`));
  const SINGLE_25 = 'gov/dwp/universal_credit/standard_allowance/single_25_or_over';

  it('reuses one answer for every date between two changes, and a new one after an uprating', () => {
    const first = parameters.parameterOn(SINGLE_25, '2026-05-01');
    expect(parameters.parameterOn(SINGLE_25, '2026-09-30')).toBe(first);
    expect(parameters.parameterOn(SINGLE_25, '2026-04-12')).not.toBe(first);
    expect(parameters.parameterOn(SINGLE_25, '2026-04-12').value).toBe(40014);
    expect(first.value).toBe(42490);
  });

  it('still refuses a malformed date and a date after the rates held, each time it is asked', () => {
    for (let time = 0; time < 2; time += 1) {
      expect(() => parameters.parameterOn(SINGLE_25, '2026-02-30')).toThrow("'2026-02-30' is not a date in the form yyyy-mm-dd.");
      expect(() => parameters.parameterOn(SINGLE_25, '2099-01-01')).toThrow(ParameterNotInForceError);
    }
  });
});

describe('a scale: a ladder of amounts by a threshold, dated, in one file', () => {
  const DEDUCTIONS = 'gov/dwp/housing_benefit/non_dependant_deductions';
  const regulation55 = { title: 'SI 2006/214 regulation 55', url: 'https://www.legislation.gov.uk/uksi/2006/214/regulation/55' };
  /** Two years of a three-bracket ladder, as in the Housing Benefit file (the lowest from 0). */
  function ladder(changes: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      type: 'scale',
      description: 'The deduction a week for a non-dependant, by gross weekly income.',
      label: 'Non-dependant deduction',
      unit: 'pence a week',
      period: 'week',
      thresholdUnit: 'pence a week',
      legislation: regulation55,
      values: [
        {
          from: '2025-04-01',
          brackets: [
            { threshold: 0, amount: 1965 },
            { threshold: 18300, amount: 4515 },
            { threshold: 57700, amount: 12665 },
          ],
          source: ratesPaper,
        },
        {
          from: '2026-04-01',
          brackets: [
            { threshold: 0, amount: 2040 },
            { threshold: 19200, amount: 4685 },
            { threshold: 60500, amount: 13145 },
          ],
          source: ratesPaper,
        },
      ],
      ...changes,
    };
  }
  const loaded = () => loadParameterSet([ratesHeld(), file(`${DEDUCTIONS}.json`, ladder())]);

  it('gives the amount of the bracket a figure falls in, each threshold counting from itself, on each date', () => {
    const scales = loaded();
    expect(scales.scaleNames).toEqual([DEDUCTIONS]);
    expect(scales.names).toEqual([]);
    expect(scales.scaleAmountOn(DEDUCTIONS, '2025-04-01', 0)).toBe(1965);
    expect(scales.scaleAmountOn(DEDUCTIONS, '2025-04-01', 18299)).toBe(1965);
    expect(scales.scaleAmountOn(DEDUCTIONS, '2025-04-01', 18300)).toBe(4515);
    expect(scales.scaleAmountOn(DEDUCTIONS, '2026-03-31', 60000)).toBe(12665);
    // From 1 April 2026 the thresholds moved too: £600 a week is now below the top bracket.
    expect(scales.scaleAmountOn(DEDUCTIONS, '2026-04-01', 60000)).toBe(4685);
    expect(scales.scaleAmountOn(DEDUCTIONS, '2026-04-01', 60500)).toBe(13145);
    expect(scales.scaleOn(DEDUCTIONS, '2026-04-01')).toMatchObject({ from: '2026-04-01', source: ratesPaper, legislation: regulation55 });
  });

  it('refuses a date before its first brackets or after the rates held, and a figure below its lowest threshold', () => {
    const scales = loaded();
    expect(() => scales.scaleOn(DEDUCTIONS, '2025-03-31')).toThrow(
      `No value of ${DEDUCTIONS} is in force on 2025-03-31: its first brackets take effect on 2025-04-01.`,
    );
    expect(() => scales.scaleOn(DEDUCTIONS, '2027-04-01')).toThrow(ParameterNotInForceError);
    expect(() => scales.scaleAmountOn(DEDUCTIONS, '2026-04-01', -1)).toThrow(`-1 is below the lowest threshold of ${DEDUCTIONS} (0).`);
  });

  it('is read only as a scale, and a single value only as one', () => {
    const scales = loadParameterSet([ratesHeld(), file(`${DEDUCTIONS}.json`, ladder()), file(`${CARER}.json`, carerElement())]);
    expect(() => scales.parameterOn(DEDUCTIONS, '2026-04-01')).toThrow(
      `${DEDUCTIONS} is a scale, not a single value: read it with scaleOn.`,
    );
    expect(() => scales.scaleOn(CARER, '2026-04-13')).toThrow(`${CARER} is a single value, not a scale: read it with parameterOn.`);
    expect(() => scales.scaleOn('gov/none', '2026-04-13')).toThrow(UnknownParameterError);
  });

  it('rejects brackets out of order, a bracket without its amount, money not in whole pence, and a single value in a scale', () => {
    const [first, second] = ladder().values as Record<string, unknown>[];
    const brackets = [
      { threshold: 0, amount: 2040 },
      { threshold: 60500, amount: 13145 },
      { threshold: 19200 },
      { threshold: 70000, amount: 10.5 },
    ];
    expect(problemsIn(ladder({ values: [first, { ...second, brackets }] }), `${DEDUCTIONS}.json`)).toEqual([
      'values[1].brackets[2].amount: is required',
      'values[1].brackets[2].threshold: 19200 is not above the threshold before it (60500): list brackets lowest first, each threshold once',
      'values[1].brackets[3].amount: must be a whole number, 0 or more, in pence (money is in pence: £4.35 is written 435)',
    ]);
    expect(problemsIn(ladder({ values: [{ from: '2026-04-01', value: 2040, source: ratesPaper }] }), `${DEDUCTIONS}.json`)).toEqual([
      'values[0].brackets: is required',
      'values[0].value: is not a known field (allowed: from, brackets, source, note)',
    ]);
  });

  it('needs its thresholds’ unit, in money; and a single value may not have one', () => {
    expect(problemsIn(ladder({ thresholdUnit: undefined }), `${DEDUCTIONS}.json`)).toEqual([
      'thresholdUnit: is required: one of pence a week, pence a month, pence a year, pence',
    ]);
    expect(problemsIn(ladder({ unit: 'count', period: 'none' }), `${DEDUCTIONS}.json`)).toEqual([
      "unit: must be one of 'pence a week', 'pence a month', 'pence a year', 'pence' for a scale (its amounts are money)",
    ]);
    expect(problemsIn(carerElement({ thresholdUnit: 'pence a week' }))).toEqual(['thresholdUnit: is only for a scale ("type": "scale")']);
  });
});
