import { describe, expect, it } from '@jest/globals';
import {
  cleanAnswerForDisplay,
  COUNCIL_TAX_BAND_ANSWERS,
  defaultAnswer,
  emptyAnswer,
  normaliseMoney,
  questionTypeName,
  readAnswer,
  type SurveyQuestion,
} from './answers.js';
import { NONE_OF_THE_ABOVE, QUESTION_TYPES, TENURES, type PostcodeAnswer } from './model.js';

const options = (...values: string[]) => values.map((value) => ({ value, text: value }));

const tenure: SurveyQuestion = {
  name: 'ClientTenure',
  questionType: 'Radio',
  text: 'Who is your landlord?',
  options: options(TENURES.socialRent, TENURES.privateRent, TENURES.owner),
};
const workStatus: SurveyQuestion = {
  name: 'ClientWorkStatus',
  questionType: QUESTION_TYPES.Select,
  text: 'Are you working?',
  options: options('Employed', 'Self-employed', 'Not working'),
};
const hoursWorked: SurveyQuestion = { name: 'ClientHoursWorked', questionType: 'Text', text: 'How many hours?', isNumeric: true };
const dateOfBirth: SurveyQuestion = { name: 'ClientDob', questionType: 'Date', text: 'What is your date of birth?' };
const benefits: SurveyQuestion = {
  name: 'ClientBenefits',
  questionType: 'Check',
  text: 'Which benefits do you get?',
  options: options('PIP', 'DLA', 'Carers Allowance', NONE_OF_THE_ABOVE),
};
const postcode: SurveyQuestion = { name: 'ClientPostcode', questionType: 'Postcode', text: 'What is your postcode?' };
const rent: SurveyQuestion = { name: 'ClientRent', questionType: 'Money', text: 'How much is your rent?' };
const rentIntro: SurveyQuestion = { name: 'RentIntro', questionType: 'Label', text: 'Now some questions about your rent.' };
const councilTaxBand: SurveyQuestion = {
  name: 'ClientCouncilTaxBand',
  questionType: 'Council',
  text: 'What is your council tax band?',
  options: options('Band A', 'Band B', 'Band H', 'Band I', 'NotKnown'),
};

const hackneyPostcode: PostcodeAnswer = {
  postcode: 'E8 1DY',
  authority: 'Hackney',
  authorityCode: 'E09000012',
  country: 'England',
  latitude: 51.545,
  longitude: -0.0553,
  option: false,
};

describe('questionTypeName', () => {
  it('names a type given by number or by name', () => {
    expect(questionTypeName(7)).toBe('Money');
    expect(questionTypeName('Council')).toBe('Council');
    expect(() => questionTypeName(10 as never)).toThrow('Unknown question type number 10.');
  });
});

describe('readAnswer: Radio and Select', () => {
  it('accepts one of the options, or empty', () => {
    expect(readAnswer(tenure, TENURES.privateRent)).toEqual({ ok: true, value: TENURES.privateRent });
    expect(readAnswer(workStatus, '')).toEqual({ ok: true, value: '' });
  });

  it('refuses a value that is not an option, naming the question and the value', () => {
    expect(readAnswer(tenure, 'Castle')).toEqual({ ok: false, message: "ClientTenure: 'Castle' is not one of the options." });
    expect(readAnswer(workStatus, 'employed')).toEqual({
      ok: false,
      message: "ClientWorkStatus: 'employed' is not one of the options.",
    });
  });

  it('refuses anything but text', () => {
    for (const raw of [1, true, ['SocialRent'], { value: 'SocialRent' }]) {
      expect(readAnswer(tenure, raw)).toEqual({ ok: false, message: 'ClientTenure: the answer must be text.' });
    }
  });

  it('shortens a long unexpected value in the message', () => {
    const result = readAnswer(tenure, 'x'.repeat(1000));
    expect(result).toEqual({ ok: false, message: `ClientTenure: '${'x'.repeat(60)}...' is not one of the options.` });
  });
});

describe('readAnswer: Council', () => {
  it('accepts Band A to Band I, the options that are not bands, or empty, when the nation is not known', () => {
    expect(COUNCIL_TAX_BAND_ANSWERS).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((letter) => `Band ${letter}`));
    expect(readAnswer(councilTaxBand, 'Band A')).toEqual({ ok: true, value: 'Band A' });
    // A looked-up band is stored even when the list shows fewer bands.
    expect(readAnswer(councilTaxBand, 'Band E')).toEqual({ ok: true, value: 'Band E' });
    expect(readAnswer(councilTaxBand, 'Band I')).toEqual({ ok: true, value: 'Band I' });
    expect(readAnswer(councilTaxBand, 'NotKnown')).toEqual({ ok: true, value: 'NotKnown' });
    expect(readAnswer(councilTaxBand, '')).toEqual({ ok: true, value: '' });
  });

  it('takes band I only in Wales, naming the nation’s bands otherwise', () => {
    expect(readAnswer({ ...councilTaxBand, country: 'Wales' }, 'Band I')).toEqual({ ok: true, value: 'Band I' });
    expect(readAnswer({ ...councilTaxBand, country: 'England' }, 'Band H')).toEqual({ ok: true, value: 'Band H' });
    expect(readAnswer({ ...councilTaxBand, country: 'England' }, 'Band I')).toEqual({
      ok: false,
      message: "ClientCouncilTaxBand: 'Band I' is not a council tax band in England, which has bands A to H. Band I is used only in Wales.",
    });
    expect(readAnswer({ ...councilTaxBand, country: 'Scotland' }, 'Band I')).toMatchObject({
      ok: false,
      message: expect.stringContaining('in Scotland, which has bands A to H'),
    });
  });

  it("refuses 'Lookup', which is not a band, saying what to send", () => {
    expect(readAnswer({ ...councilTaxBand, country: 'England' }, 'Lookup')).toEqual({
      ok: false,
      message:
        "ClientCouncilTaxBand: 'Lookup' is not a council tax band: 'Look this up for me' finds the band from the address and stores it, such as 'Band C'. Send the band, or 'NotKnown' when it is not known.",
    });
  });

  it('refuses other bands and other types', () => {
    expect(readAnswer(councilTaxBand, 'Band J')).toEqual({
      ok: false,
      message: "ClientCouncilTaxBand: 'Band J' is not one of the options.",
    });
    expect(readAnswer(councilTaxBand, 4)).toEqual({ ok: false, message: 'ClientCouncilTaxBand: the answer must be text.' });
  });

  it('clears, as a page loads, a band the nation does not have and the old look-up choice', () => {
    expect(cleanAnswerForDisplay({ ...councilTaxBand, country: 'England' }, 'Band I')).toBe('');
    expect(cleanAnswerForDisplay({ ...councilTaxBand, country: 'England' }, 'Lookup')).toBe('');
    expect(cleanAnswerForDisplay({ ...councilTaxBand, country: 'Wales' }, 'Band I')).toBe('Band I');
    expect(cleanAnswerForDisplay({ ...councilTaxBand, country: 'England' }, 'NotKnown')).toBe('NotKnown');
  });
});

describe('readAnswer: Text and Date', () => {
  it('accepts text up to 500 characters, not judging numbers or dates (validation does)', () => {
    expect(readAnswer(hoursWorked, '37.5')).toEqual({ ok: true, value: '37.5' });
    expect(readAnswer(hoursWorked, 'x'.repeat(500))).toEqual({ ok: true, value: 'x'.repeat(500) });
    expect(readAnswer(dateOfBirth, '31/02/2000')).toEqual({ ok: true, value: '31/02/2000' });
  });

  it('refuses longer text without repeating it', () => {
    expect(readAnswer(hoursWorked, 'x'.repeat(501))).toEqual({
      ok: false,
      message: 'ClientHoursWorked: the answer is longer than 500 characters.',
    });
    expect(readAnswer(dateOfBirth, '01/01/19800')).toEqual({
      ok: false,
      message: 'ClientDob: the answer is longer than 10 characters.',
    });
  });

  it('refuses numbers, lists and objects', () => {
    for (const raw of [37.5, false, ['37'], {}]) {
      expect(readAnswer(hoursWorked, raw)).toEqual({ ok: false, message: 'ClientHoursWorked: the answer must be text.' });
      expect(readAnswer(dateOfBirth, raw)).toEqual({ ok: false, message: 'ClientDob: the answer must be text.' });
    }
  });
});

describe('readAnswer: Check', () => {
  it('accepts distinct option values, or none', () => {
    expect(readAnswer(benefits, ['PIP', 'Carers Allowance'])).toEqual({ ok: true, value: ['PIP', 'Carers Allowance'] });
    expect(readAnswer(benefits, [NONE_OF_THE_ABOVE])).toEqual({ ok: true, value: [NONE_OF_THE_ABOVE] });
    expect(readAnswer(benefits, [])).toEqual({ ok: true, value: [] });
  });

  it('refuses values that are not options, repeated values, and None of the above with others', () => {
    expect(readAnswer(benefits, ['PIP', 'Child Benefit'])).toEqual({
      ok: false,
      message: "ClientBenefits: 'Child Benefit' is not one of the options.",
    });
    expect(readAnswer(benefits, ['PIP', 'PIP'])).toEqual({ ok: false, message: "ClientBenefits: 'PIP' is chosen more than once." });
    expect(readAnswer(benefits, ['PIP', NONE_OF_THE_ABOVE])).toEqual({
      ok: false,
      message: "ClientBenefits: 'None of the above' cannot be chosen with other options.",
    });
  });

  it('refuses anything but a list of text', () => {
    expect(readAnswer(benefits, 'PIP')).toEqual({ ok: false, message: 'ClientBenefits: the answer must be a list of chosen options.' });
    expect(readAnswer(benefits, { 0: 'PIP' })).toEqual({
      ok: false,
      message: 'ClientBenefits: the answer must be a list of chosen options.',
    });
    expect(readAnswer(benefits, ['PIP', 3])).toEqual({ ok: false, message: 'ClientBenefits: each chosen option must be text.' });
  });
});

describe('readAnswer: Postcode', () => {
  it('accepts a postcode answer, a rough sleeper with a country, and an empty one', () => {
    expect(readAnswer(postcode, hackneyPostcode)).toEqual({ ok: true, value: hackneyPostcode });
    const roughSleeper = {
      ...hackneyPostcode,
      postcode: '',
      authority: '',
      authorityCode: '',
      latitude: null,
      longitude: null,
      option: true,
      country: 'Wales',
    };
    expect(readAnswer(postcode, roughSleeper)).toEqual({ ok: true, value: roughSleeper });
    expect(readAnswer(postcode, null)).toEqual({ ok: true, value: emptyAnswer(postcode) });
  });

  it('refuses anything but an object', () => {
    for (const raw of ['E8 1DY', 1, [hackneyPostcode]]) {
      expect(readAnswer(postcode, raw)).toEqual({ ok: false, message: 'ClientPostcode: the answer must be a postcode answer object.' });
    }
  });

  it('refuses missing and unexpected fields', () => {
    const { authority: _authority, ...withoutAuthority } = hackneyPostcode;
    expect(readAnswer(postcode, withoutAuthority)).toEqual({ ok: false, message: "ClientPostcode: the answer is missing 'authority'." });
    expect(readAnswer(postcode, { ...hackneyPostcode, uprn: '100' })).toEqual({
      ok: false,
      message: "ClientPostcode: the answer has an unexpected field 'uprn'.",
    });
  });

  it('refuses each field of the wrong type, without repeating the postcode', () => {
    const cases: [Partial<Record<keyof PostcodeAnswer, unknown>>, string][] = [
      [{ postcode: 81 }, "'postcode' must be text of at most 16 characters."],
      [{ postcode: 'E8 1DY'.repeat(3) }, "'postcode' must be text of at most 16 characters."],
      [{ authority: null }, "'authority' must be text of at most 200 characters."],
      [{ authorityCode: 'Hackney' }, "'authorityCode' must be empty or a local authority code such as E09000033."],
      [{ country: 'France' }, "'country' must be empty or one of England, Northern Ireland, Scotland, Wales."],
      [{ latitude: '51.5' }, "'latitude' must be a number from -90 to 90, or null."],
      [{ latitude: 91 }, "'latitude' must be a number from -90 to 90, or null."],
      [{ longitude: Number.NaN }, "'longitude' must be a number from -180 to 180, or null."],
      [{ option: 'false' }, "'option' must be true or false."],
    ];
    for (const [change, problem] of cases) {
      expect(readAnswer(postcode, { ...hackneyPostcode, ...change })).toEqual({ ok: false, message: `ClientPostcode: ${problem}` });
    }
  });
});

describe('readAnswer: Money', () => {
  it('works the three figures again from the chosen period, whatever was sent for the others', () => {
    expect(readAnswer(rent, { weekly: 1, monthly: 1000, yearly: 2, period: 'Monthly' })).toEqual({
      ok: true,
      value: { weekly: 230.77, monthly: 1000, yearly: 12000, period: 'Monthly' },
    });
  });

  it('makes a zero figure with no period weekly, and keeps a figure with no period for validation to question', () => {
    expect(readAnswer(rent, { weekly: 0, monthly: null, yearly: null, period: '' })).toEqual({
      ok: true,
      value: { weekly: 0, monthly: 0, yearly: 0, period: 'Weekly' },
    });
    expect(readAnswer(rent, { weekly: 95, monthly: null, yearly: null, period: '' })).toEqual({
      ok: true,
      value: { weekly: 95, monthly: null, yearly: null, period: '' },
    });
  });

  it('reads an absent answer or an empty one as unanswered', () => {
    expect(readAnswer(rent, undefined)).toEqual({ ok: true, value: { weekly: null, monthly: null, yearly: null, period: '' } });
    expect(readAnswer(rent, { weekly: null, monthly: null, yearly: null, period: 'Yearly' })).toEqual({
      ok: true,
      value: { weekly: null, monthly: null, yearly: null, period: 'Yearly' },
    });
  });

  it('refuses anything but a money answer object with exactly its four fields', () => {
    for (const raw of [95, '95', [95]]) {
      expect(readAnswer(rent, raw)).toEqual({ ok: false, message: 'ClientRent: the answer must be a money answer object.' });
    }
    expect(readAnswer(rent, { weekly: 95, monthly: null, period: 'Weekly' })).toEqual({
      ok: false,
      message: "ClientRent: the answer is missing 'yearly'.",
    });
    expect(readAnswer(rent, { weekly: 95, monthly: null, yearly: null, period: 'Weekly', fortnightly: 190 })).toEqual({
      ok: false,
      message: "ClientRent: the answer has an unexpected field 'fortnightly'.",
    });
  });

  it('refuses figures that are text, float noise or more than 2 decimals', () => {
    const problem = (field: string) => `ClientRent: '${field}' must be an amount in pounds with at most 2 decimal places, or null.`;
    expect(readAnswer(rent, { weekly: '95', monthly: null, yearly: null, period: 'Weekly' })).toEqual({
      ok: false,
      message: problem('weekly'),
    });
    expect(readAnswer(rent, { weekly: null, monthly: 0.1 + 0.2, yearly: null, period: 'Monthly' })).toEqual({
      ok: false,
      message: problem('monthly'),
    });
    expect(readAnswer(rent, { weekly: null, monthly: null, yearly: 1.005, period: 'Yearly' })).toEqual({
      ok: false,
      message: problem('yearly'),
    });
    expect(readAnswer(rent, { weekly: 1e21, monthly: null, yearly: null, period: 'Weekly' })).toEqual({
      ok: false,
      message: problem('weekly'),
    });
  });

  it('refuses an unknown period, and a period whose figure is missing while others are given', () => {
    expect(readAnswer(rent, { weekly: 95, monthly: null, yearly: null, period: 'Fortnightly' })).toEqual({
      ok: false,
      message: "ClientRent: 'period' must be Weekly, Monthly, Yearly or empty.",
    });
    expect(readAnswer(rent, { weekly: 95, monthly: null, yearly: null, period: 'Monthly' })).toEqual({
      ok: false,
      message: "ClientRent: 'monthly' is missing for the Monthly period.",
    });
    expect(readAnswer(rent, { weekly: null, monthly: 400, yearly: null, period: '' })).toEqual({
      ok: false,
      message: "ClientRent: 'weekly' is missing when no period is chosen.",
    });
  });
});

describe('readAnswer: Label', () => {
  it('takes no answer', () => {
    expect(readAnswer(rentIntro, undefined)).toEqual({ ok: true, value: null });
    expect(readAnswer(rentIntro, null)).toEqual({ ok: true, value: null });
    expect(readAnswer(rentIntro, '')).toEqual({ ok: false, message: 'RentIntro: a Label question takes no answer.' });
  });
});

describe('readAnswer: absent answers', () => {
  it('reads an absent answer as the empty answer of its type', () => {
    expect(readAnswer(tenure, undefined)).toEqual({ ok: true, value: '' });
    expect(readAnswer(benefits, null)).toEqual({ ok: true, value: [] });
    expect(readAnswer(dateOfBirth, undefined)).toEqual({ ok: true, value: '' });
  });
});

describe('cleanAnswerForDisplay (on load)', () => {
  it('drops chosen values that are no longer options', () => {
    expect(cleanAnswerForDisplay(benefits, ['PIP', 'Incapacity Benefit', 'DLA'])).toEqual(['PIP', 'DLA']);
    expect(cleanAnswerForDisplay(benefits, 'PIP')).toEqual([]);
  });

  it('clears a Radio or Select value no longer among the options', () => {
    expect(cleanAnswerForDisplay(tenure, 'Council')).toBe('');
    expect(cleanAnswerForDisplay(tenure, TENURES.owner)).toBe(TENURES.owner);
    expect(cleanAnswerForDisplay(workStatus, 'Retired')).toBe('');
  });

  it('leaves other types as they are', () => {
    expect(cleanAnswerForDisplay(hoursWorked, '12')).toBe('12');
    expect(cleanAnswerForDisplay(postcode, hackneyPostcode)).toBe(hackneyPostcode);
  });
});

describe('defaultAnswer (a hidden question becoming shown)', () => {
  it('gives empty text, an empty list, an empty postcode answer and an empty money answer', () => {
    expect(defaultAnswer(hoursWorked)).toBe('');
    expect(defaultAnswer(tenure)).toBe('');
    expect(defaultAnswer(benefits)).toEqual([]);
    expect(defaultAnswer(postcode)).toEqual({
      postcode: '',
      authority: '',
      authorityCode: '',
      country: '',
      latitude: null,
      longitude: null,
      option: false,
    });
    expect(defaultAnswer(rent)).toEqual({ weekly: null, monthly: null, yearly: null, period: '' });
    expect(defaultAnswer(rentIntro)).toBeNull();
  });

  it('gives money its default as a weekly figure, with the other two worked from it', () => {
    expect(defaultAnswer({ ...rent, default: 100 })).toEqual({ weekly: 100, monthly: 433.33, yearly: 5200, period: 'Weekly' });
    expect(defaultAnswer({ ...rent, default: '0' })).toEqual({ weekly: 0, monthly: 0, yearly: 0, period: 'Weekly' });
    expect(defaultAnswer({ ...rent, default: 'unknown' })).toEqual({ weekly: null, monthly: null, yearly: null, period: '' });
  });

  it('gives a text-like question its default, and a Radio only a default among its options', () => {
    expect(defaultAnswer({ ...hoursWorked, default: 16 })).toBe('16');
    expect(defaultAnswer({ ...tenure, default: TENURES.privateRent })).toBe(TENURES.privateRent);
    expect(defaultAnswer({ ...tenure, default: 'Castle' })).toBe('');
  });
});

describe('normaliseMoney', () => {
  it('makes zero with no period weekly', () => {
    expect(normaliseMoney({ weekly: 0, monthly: null, yearly: null, period: '' })).toEqual({
      weekly: 0,
      monthly: 0,
      yearly: 0,
      period: 'Weekly',
    });
  });

  it('works the figures again from the chosen period so web and server agree', () => {
    expect(normaliseMoney({ weekly: 230.76, monthly: 1000, yearly: 11999.99, period: 'Monthly' })).toEqual({
      weekly: 230.77,
      monthly: 1000,
      yearly: 12000,
      period: 'Monthly',
    });
    expect(normaliseMoney({ weekly: 0.01, monthly: null, yearly: null, period: 'Weekly' })).toEqual({
      weekly: 0.01,
      monthly: 0.04,
      yearly: 0.52,
      period: 'Weekly',
    });
  });

  it('empties the answer when the chosen period has no figure, and keeps an unreadable figure for validation', () => {
    expect(normaliseMoney({ weekly: 5, monthly: null, yearly: null, period: 'Yearly' })).toEqual({
      weekly: null,
      monthly: null,
      yearly: null,
      period: 'Yearly',
    });
    const unreadable = { weekly: 1.234, monthly: null, yearly: null, period: 'Weekly' as const };
    expect(normaliseMoney(unreadable)).toBe(unreadable);
  });

  it('keeps a non-zero figure with no period as the weekly figure only', () => {
    expect(normaliseMoney({ weekly: 95, monthly: 411.67, yearly: 4940, period: '' })).toEqual({
      weekly: 95,
      monthly: null,
      yearly: null,
      period: '',
    });
  });
});
