import ajvValidator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { group, question } from '../../../test/fixtures/web-survey';
import { buildPageSchema } from './page-schema';
import { pageSchemaErrors, pageValidator } from './page-validator';

const yesNo = [
  { value: 'Yes', text: 'Yes' },
  { value: 'No', text: 'No' },
];

// A page with every question type, as page-schema.ts writes it.
const { schema } = buildPageSchema(
  [
    group(
      question('ClientHasPartner', 'Radio', { required: true, options: yesNo }),
      question('ClientDob', 'Date', { required: true }),
      question('ClientBenefits', 'Check', { options: yesNo }),
    ),
    group(
      question('ClientRent', 'Money', { required: true }),
      question('ClientPostcode', 'Postcode'),
      question('RentNote', 'Label'),
      question('ClientCouncilTaxBand', 'Council'),
      question('ClientName', 'Text', { pattern: '^[a-z]*$' }),
      question('ClientTenure', 'Select', { options: yesNo }),
    ),
  ],
  {},
);

const money = (weekly: number | null, period = 'Weekly') => ({ weekly, monthly: null, yearly: null, period });
const valid = {
  ClientHasPartner: 'Yes',
  ClientDob: '01/02/1980',
  ClientBenefits: ['Yes'],
  ClientRent: money(12_345),
  ClientPostcode: {
    postcode: 'SW1A 1AA',
    authority: 'Westminster',
    authorityCode: 'E09000033',
    country: 'England',
    latitude: 51.5,
    longitude: -0.14,
    option: false,
  },
  RentNote: null,
  ClientCouncilTaxBand: '',
  ClientName: 'sam',
  ClientTenure: '',
};

const answerSets: Record<string, Record<string, unknown>> = {
  'every answer well formed': valid,
  'nothing answered': {},
  'a required question missing': { ...valid, ClientHasPartner: undefined },
  'a choice not on the list': { ...valid, ClientHasPartner: 'Maybe' },
  'a date in the wrong shape': { ...valid, ClientDob: '1980-02-01' },
  'a ticked box twice': { ...valid, ClientBenefits: ['Yes', 'Yes'] },
  'a ticked box not on the list': { ...valid, ClientBenefits: ['Perhaps'] },
  'money as text': { ...valid, ClientRent: { ...money(null), weekly: '12' } },
  'an unknown money period': { ...valid, ClientRent: money(1, 'Fortnightly') },
  'a latitude that is not a number': { ...valid, ClientPostcode: { ...valid.ClientPostcode, latitude: 'north' } },
  'text against its pattern': { ...valid, ClientName: 'Sam' },
  'a label with a value': { ...valid, RentNote: 'text' },
  'the answers not an object': [] as unknown as Record<string, unknown>,
};

describe('the questionnaire page validator', () => {
  it.each(Object.entries(answerSets))('agrees with ajv (@rjsf/validator-ajv8) on a page with every question type: %s', (_name, answers) => {
    const byAjv = ajvValidator.isValid(schema, answers, schema);
    expect(pageValidator.isValid(schema, answers, schema)).toBe(byAjv);
    expect(pageValidator.validateFormData(answers, schema).errors.length === 0).toBe(byAjv);
  });

  it('names the property and the rule broken', () => {
    const errors = pageSchemaErrors(schema, answerSets['a date in the wrong shape']);
    expect(errors).toEqual([expect.objectContaining({ name: 'pattern', property: '.ClientDob' })]);
    expect(pageValidator.validateFormData(answerSets['an unknown money period'], schema).errorSchema).toEqual({
      ClientRent: { period: { __errors: ['must be equal to one of the allowed values'] } },
    });
  });

  it('refuses a schema keyword it does not check rather than resolving a condition wrongly', () => {
    const conditional: RJSFSchema = { type: 'object', if: { properties: { a: { const: 'Yes' } } }, then: { required: ['b'] } };
    expect(() => pageValidator.isValid(conditional, {}, conditional)).toThrow(
      /does not support the schema keywords 'if', 'then' \(at '\.'\)/,
    );
    expect(pageValidator.rawValidation({ oneOf: [] }, {}).validationError?.message).toMatch(/'oneOf'/);
  });
});
