import { buildPageSchema } from './page-schema';
import { group, question } from '../../../test/fixtures/web-survey';

const yesNo = [
  { value: 'Yes', text: 'Yes' },
  { value: 'No', text: 'No' },
];

describe('the page schema', () => {
  const fields = [
    group(
      question('ClientHasPartner', 'Radio', { text: 'Do you live with a partner?', required: true, options: yesNo }),
      question('PartnerDob', 'Date', { show: false, required: true }),
    ),
    group(
      question('ClientBenefits', 'Check', {
        options: [
          { value: 'PIP', text: 'PIP' },
          { value: 'None of the above', text: 'None of the above' },
        ],
      }),
    ),
    group(
      question('ClientRent', 'Money', { required: true }),
      question('ClientPostcode', 'Postcode'),
      question('RentNote', 'Label', { required: true }),
    ),
    group(
      question('ClientCouncilTaxBand', 'Council'),
      question('ClientName', 'Text', { pattern: '^[a-z]*$' }),
      question('ClientTenure', 'Select', { options: yesNo }),
    ),
  ];

  it('has one property per shown question, in page order, each drawn by its question type’s field', () => {
    const { schema, uiSchema } = buildPageSchema(fields, {});
    expect(Object.keys(schema.properties ?? {})).toEqual([
      'ClientHasPartner',
      'ClientBenefits',
      'ClientRent',
      'ClientPostcode',
      'RentNote',
      'ClientCouncilTaxBand',
      'ClientName',
      'ClientTenure',
    ]);
    expect(uiSchema['ui:order']).toEqual(Object.keys(schema.properties ?? {}));
    expect(uiSchema.ClientHasPartner).toMatchObject({ 'ui:field': 'Radio', 'ui:enumNames': ['', 'Yes', 'No'] });
    expect(uiSchema.ClientRent['ui:field']).toBe('Money');
    expect(uiSchema.RentNote['ui:field']).toBe('Label');
  });

  it('groups the shown questions by field group, leaving out groups with none shown', () => {
    expect(buildPageSchema(fields, {}).uiSchema['ui:options']).toEqual({
      groups: [
        ['ClientHasPartner'],
        ['ClientBenefits'],
        ['ClientRent', 'ClientPostcode', 'RentNote'],
        ['ClientCouncilTaxBand', 'ClientName', 'ClientTenure'],
      ],
    });
    const onlyFirst = Object.fromEntries(fields.slice(1).flatMap((g) => g.questions.map((q) => [q.name, false])));
    expect(buildPageSchema(fields, onlyFirst).uiSchema['ui:options']).toEqual({ groups: [['ClientHasPartner']] });
  });

  it('follows the show flags given over the server’s', () => {
    const { schema } = buildPageSchema(fields, { PartnerDob: true, ClientHasPartner: false });
    expect(schema.properties).toHaveProperty('PartnerDob');
    expect(schema.properties).not.toHaveProperty('ClientHasPartner');
  });

  it('describes each answer’s shape as the survey post sends it', () => {
    const { schema } = buildPageSchema(fields, { PartnerDob: true });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.ClientHasPartner).toEqual({ type: 'string', title: 'Do you live with a partner?', enum: ['', 'Yes', 'No'] });
    expect(properties.PartnerDob).toMatchObject({ type: 'string', pattern: '^(\\d{2}/\\d{2}/\\d{4})?$' });
    expect(properties.ClientBenefits).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['PIP', 'None of the above'] },
      uniqueItems: true,
    });
    expect(Object.keys(properties.ClientRent.properties as object)).toEqual(['weekly', 'monthly', 'yearly', 'period']);
    expect(Object.keys(properties.ClientPostcode.properties as object)).toEqual([
      'postcode',
      'authority',
      'authorityCode',
      'country',
      'latitude',
      'longitude',
      'option',
    ]);
    expect(properties.RentNote.type).toBe('null');
    expect(properties.ClientName).toMatchObject({ type: 'string', pattern: '^[a-z]*$' });
    expect((properties.ClientCouncilTaxBand.enum as string[]).slice(0, 3)).toEqual(['', 'Band A', 'Band B']);
  });

  it('lists required questions, but never a Label, which has no answer', () => {
    expect(buildPageSchema(fields, { PartnerDob: true }).schema.required).toEqual(['ClientHasPartner', 'PartnerDob', 'ClientRent']);
  });
});
