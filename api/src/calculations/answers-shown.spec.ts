import { describe, expect, it } from '@jest/globals';
import type { QuestionDefinition } from '../../../common/survey/model.js';
import { moneyAnswerFrom } from '../../../common/survey/money-answer.js';
import { answersShown } from './answers-shown.js';

const TODAY = '2026-11-23';
const masked = { mask: true, today: TODAY };
const unmasked = { mask: false, today: TODAY };
const question = (fields: Partial<QuestionDefinition> & Pick<QuestionDefinition, 'name' | 'questionType'>): QuestionDefinition => ({
  text: 'A question?',
  ...fields,
});
const postcode = {
  postcode: 'M1 1AD',
  authority: 'Manchester',
  authorityCode: 'E08000003',
  country: 'England' as const,
  latitude: null,
  longitude: null,
  option: false,
};

describe('answers as "See what you told us" shows them', () => {
  it('shows the local authority instead of the postcode, and the postcode only when masking is off (test mode)', () => {
    const ClientPostcode = question({ name: 'ClientPostcode', questionType: 'Postcode' });
    expect(answersShown(ClientPostcode, postcode, masked)).toEqual([{ prefix: '', value: 'Manchester' }]);
    expect(answersShown(ClientPostcode, postcode, unmasked)).toEqual([{ prefix: '', value: 'M1 1AD (Manchester)' }]);
    expect(answersShown(ClientPostcode, { ...postcode, postcode: '', authority: '', option: true, country: 'Wales' }, masked)).toEqual([
      { prefix: '', value: 'Sleeping rough in Wales' },
    ]);
  });

  it('shows an age instead of a date of birth, counting the birthday itself', () => {
    const ClientDob = question({ name: 'ClientDob', questionType: 'Date' });
    expect(answersShown(ClientDob, '23/11/1990', masked)).toEqual([{ prefix: '', value: 'Age 36' }]);
    expect(answersShown(ClientDob, '24/11/1990', masked)).toEqual([{ prefix: '', value: 'Age 35' }]);
    expect(answersShown(ClientDob, '24/11/1990', unmasked)).toEqual([{ prefix: '', value: '24/11/1990' }]);
    expect(answersShown(question({ name: 'ClientStartDate', questionType: 'Date' }), '01/02/2026', masked)).toEqual([
      { prefix: '', value: '01/02/2026' },
    ]);
  });

  it('shows option text, one answer per ticked box, money with its period and the question prefix', () => {
    const options = [
      { value: 'Employed', text: 'Yes, employed' },
      { value: 'SelfEmployed', text: 'Yes, self-employed' },
    ];
    expect(answersShown(question({ name: 'ClientWork', questionType: 'Check', options }), ['Employed', 'SelfEmployed'], masked)).toEqual([
      { prefix: '', value: 'Yes, employed' },
      { prefix: '', value: 'Yes, self-employed' },
    ]);
    expect(answersShown(question({ name: 'ClientWorkType', questionType: 'Radio', options, prefix: 'Work' }), 'Employed', masked)).toEqual([
      { prefix: 'Work', value: 'Yes, employed' },
    ]);
    expect(answersShown(question({ name: 'ClientRent', questionType: 'Money' }), moneyAnswerFrom('1250.5', 'Monthly'), masked)).toEqual([
      { prefix: '', value: '£1,250.50 per month' },
    ]);
    expect(answersShown(question({ name: 'ClientRent', questionType: 'Money' }), null, masked)).toEqual([]);
    expect(answersShown(question({ name: 'Intro', questionType: 'Label' }), 'x', masked)).toEqual([]);
  });
});
