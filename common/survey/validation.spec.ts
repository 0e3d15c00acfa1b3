import { describe, expect, it } from '@jest/globals';
import type { SurveyQuestion } from './answers.js';
import { CAPITAL_BAND_5001_TO_16000, TENURES, type AnswerValue, type Answers, type MoneyAnswer, type PostcodeAnswer } from './model.js';
import { moneyAnswerFrom } from './money-answer.js';
import {
  invalidValueMessage,
  LANDING_PAGE_MESSAGES,
  postcodeInvalidMessage,
  validateAnswer,
  validatePage,
  validationLabel,
  type ValidationContext,
} from './validation.js';

const TODAY = '2026-11-22';
const context = (answers: Answers = {}): ValidationContext => ({ today: TODAY, answers });
const check = (question: SurveyQuestion, value: AnswerValue, answers: Answers = {}) => validateAnswer(question, value, context(answers));
const money = (amount: string, period: MoneyAnswer['period']): MoneyAnswer => {
  const answer = moneyAnswerFrom(amount, period);
  if (!answer) throw new Error(`Test amount ${amount} is not money.`);
  return answer;
};

const clientDob: SurveyQuestion = {
  name: 'ClientDob',
  questionType: 'Date',
  text: 'What is your date of birth?',
  validation: 'Your date of birth',
  required: true,
  isDate18: true,
};
const partnerDob: SurveyQuestion = { name: 'PartnerDob', questionType: 'Date', text: "What is your partner's date of birth?" };
const childDob: SurveyQuestion = {
  name: 'ChildDob1',
  questionType: 'Date',
  text: "What is your first child's date of birth?",
  required: true,
};
const clientPostcode: SurveyQuestion = { name: 'ClientPostcode', questionType: 'Postcode', text: 'What is your postcode?', required: true };
const tenure: SurveyQuestion = { name: 'ClientTenure', questionType: 'Radio', text: 'Who is your landlord?', required: true };
const benefits: SurveyQuestion = { name: 'ClientBenefits', questionType: 'Check', text: 'Which benefits do you get?', required: true };
const rent: SurveyQuestion = {
  name: 'ClientRent',
  questionType: 'Money',
  text: 'How much is your rent?',
  validation: 'Rent',
  required: true,
};
const earnings: SurveyQuestion = {
  name: 'ClientEarnings',
  questionType: 'Money',
  text: 'How much do you earn?',
  validation: 'Earnings',
  maxValue: 5000,
  minValue: 10,
};
const hoursWorked: SurveyQuestion = {
  name: 'ClientHoursWorked',
  questionType: 'Text',
  text: 'How many hours do you work each week?',
  isNumeric: true,
  maxValue: 168,
  minValue: 1,
};
const capital: SurveyQuestion = {
  name: 'ClientCurrentCapital',
  questionType: 'Text',
  text: 'How much savings do you have?',
  isNumeric: true,
};
const rentIntro: SurveyQuestion = { name: 'RentIntro', questionType: 'Label', text: 'About your rent', required: true };

const hackneyPostcode: PostcodeAnswer = {
  postcode: 'E8 1DY',
  authority: 'Hackney',
  authorityCode: 'E09000012',
  country: 'England',
  latitude: 51.545,
  longitude: -0.0553,
  option: false,
};
const emptyPostcode: PostcodeAnswer = {
  ...hackneyPostcode,
  postcode: '',
  authority: '',
  authorityCode: '',
  country: '',
  latitude: null,
  longitude: null,
};

describe('the label in messages', () => {
  it("is the question's validation text, else its text, without any '?'", () => {
    expect(validationLabel(clientDob)).toBe('Your date of birth');
    expect(validationLabel(hoursWorked)).toBe('How many hours do you work each week');
    expect(validationLabel({ text: 'Rent?', validation: 'Is it rent?' })).toBe('Is it rent');
  });
});

describe('required', () => {
  it("gives '{label} is required.' for each type left blank", () => {
    expect(check(clientDob, '')).toBe('Your date of birth is required.');
    expect(check(clientDob, '   ')).toBe('Your date of birth is required.');
    expect(check(tenure, '')).toBe('Who is your landlord is required.');
    expect(check(tenure, null)).toBe('Who is your landlord is required.');
    expect(check(benefits, [])).toBe('Which benefits do you get is required.');
    expect(check(clientPostcode, emptyPostcode)).toBe('What is your postcode is required.');
    expect(check(rent, { weekly: null, monthly: null, yearly: null, period: 'Monthly' })).toBe('Rent is required.');
  });

  it('is met by a choice, text, a postcode, or a weekly amount', () => {
    expect(check(tenure, TENURES.socialRent)).toBe('');
    expect(check(benefits, ['PIP'])).toBe('');
    expect(check(clientPostcode, hackneyPostcode)).toBe('');
    expect(check(rent, money('95', 'Weekly'))).toBe('');
  });

  it('is met by a rough sleeper who gives a country instead of a postcode', () => {
    expect(check(clientPostcode, { ...emptyPostcode, option: true, country: 'Scotland' })).toBe('');
  });

  it("gives 'Country is required.' when the rough-sleeping option is ticked without a country", () => {
    expect(check(clientPostcode, { ...emptyPostcode, option: true })).toBe('Country is required.');
  });

  it('lets optional questions stay blank, and never asks for a Label', () => {
    expect(check(partnerDob, '')).toBe('');
    expect(check(capital, '')).toBe('');
    expect(check(rentIntro, null)).toBe('');
  });
});

describe('postcode and landing page messages', () => {
  it("builds '{label} is invalid.' for a postcode the server says is not valid", () => {
    expect(postcodeInvalidMessage({ text: 'What is your postcode?', validation: 'Postcode' })).toBe('Postcode is invalid.');
  });

  it('has the landing page messages word for word', () => {
    expect(LANDING_PAGE_MESSAGES.missingReference).toBe('Please enter a valid reference.');
    expect(LANDING_PAGE_MESSAGES.missingPostcode).toBe('Please enter the postcode used for this calculation.');
  });
});

describe('Date', () => {
  it("gives '{label} is an invalid date.' for anything but a real dd/mm/yyyy date", () => {
    for (const text of ['31/02/2000', '1/2/2000', '29/02/2026', '2000-02-01', 'yesterday']) {
      expect(check(partnerDob, text)).toBe("What is your partner's date of birth is an invalid date.");
    }
  });

  it('accepts 29 February in a leap year', () => {
    expect(check(partnerDob, '29/02/2000')).toBe('');
    expect(check(childDob, '29/02/2024')).toBe('');
  });

  it("gives '{label} is an invalid birth date.' for a date after today", () => {
    expect(check(partnerDob, '23/11/2026')).toBe("What is your partner's date of birth is an invalid birth date.");
    expect(check(childDob, '01/01/2027')).toBe("What is your first child's date of birth is an invalid birth date.");
  });

  it('accepts today, since a date typed starts at midnight and so is before now (a child born today)', () => {
    expect(check(childDob, '22/11/2026')).toBe('');
  });

  it('needs a date after 1 January 1900: 01/01/1900 is refused, 02/01/1900 accepted', () => {
    expect(check(partnerDob, '01/01/1900')).toBe("What is your partner's date of birth is an invalid birth date.");
    expect(check(partnerDob, '31/12/1899')).toBe("What is your partner's date of birth is an invalid birth date.");
    expect(check(partnerDob, '02/01/1900')).toBe('');
  });

  it("gives '{label} must be over 18' under 18 when isDate18, and accepts an 18th birthday today", () => {
    expect(check(clientDob, '22/11/2008')).toBe('');
    expect(check(clientDob, '23/11/2008')).toBe('Your date of birth must be over 18');
    expect(check(partnerDob, '23/11/2008')).toBe('');
  });

  it("gives '{label} must be over 16' under a minimumAge of 16, and accepts a 16th birthday today", () => {
    const sixteen = { ...clientDob, isDate18: false, minimumAge: 16 };
    expect(check(sixteen, '22/11/2010')).toBe('');
    expect(check(sixteen, '23/11/2010')).toBe('Your date of birth must be over 16');
    expect(check(sixteen, '23/11/2008')).toBe('');
  });

  it('takes a due date up to 42 weeks ahead and back to 6 months ago, and says why any other is refused', () => {
    const due = { ...clientDob, name: 'BabyDueDate', validation: 'The due date', isDate18: false, dueDate: true };
    expect(check(due, '12/09/2027')).toBe('');
    expect(check(due, '13/09/2027')).toBe('The due date must be no more than 42 weeks from today.');
    expect(check(due, '22/05/2026')).toBe('');
    expect(check(due, '21/05/2026')).toBe(
      'The due date is more than 6 months ago: if the baby has been born, add them as a child instead.',
    );
  });

  it('refuses a child who is 20 today, and accepts one whose 20th birthday is tomorrow', () => {
    const message =
      'The age of the child needs to be under 20. Please check your answer. If your child is 20 or over we will ask you about them later in the calculator.';
    expect(check(childDob, '22/11/2006')).toBe(message);
    expect(check({ ...childDob, name: 'ChildDob10' }, '01/01/1990')).toBe(message);
    expect(check(childDob, '23/11/2006')).toBe('');
  });

  it('works age from the today it is given, not the clock', () => {
    expect(validateAnswer(clientDob, '23/11/2008', { today: '2026-11-23', answers: {} })).toBe('');
    expect(() => validateAnswer(clientDob, '23/11/2008', { today: '23/11/2026', answers: {} })).toThrow(
      'The validation context needs today as a real date, yyyy-mm-dd.',
    );
  });
});

describe('Money', () => {
  it('accepts a weekly figure of zero with no period', () => {
    expect(check(rent, { weekly: 0, monthly: null, yearly: null, period: '' })).toBe('');
  });

  it("gives 'Please select weekly, monthly or yearly for {label}.' for a figure without a period", () => {
    expect(check(rent, money('95', ''))).toBe('Please select weekly, monthly or yearly for Rent.');
  });

  it("gives 'Please enter a valid value for {label}.' for a negative or unreadable figure", () => {
    expect(check(rent, money('-5', 'Weekly'))).toBe('Please enter a valid value for Rent.');
    expect(check(rent, { weekly: 1.234, monthly: null, yearly: null, period: 'Weekly' })).toBe('Please enter a valid value for Rent.');
    expect(check(rent, { weekly: null, monthly: 1.234, yearly: null, period: 'Monthly' })).toBe('Please enter a valid value for Rent.');
    expect(invalidValueMessage(rent)).toBe('Please enter a valid value for Rent.');
  });
});

describe('isNumeric', () => {
  it("gives 'Please enter a valid value for {label}.' unless the text is a non-negative number", () => {
    const message = 'Please enter a valid value for How many hours do you work each week.';
    expect(check(hoursWorked, 'ten')).toBe(message);
    expect(check(hoursWorked, '-1')).toBe(message);
    expect(check(hoursWorked, '1.2.3')).toBe(message);
    expect(check(hoursWorked, '37.5')).toBe('');
    expect(check(hoursWorked, ' 16 ')).toBe('');
  });
});

describe('maxValue and minValue', () => {
  it('compares money by its weekly figure, with the money message', () => {
    expect(check(earnings, money('5000', 'Weekly'))).toBe('');
    expect(check(earnings, money('5000.01', 'Weekly'))).toBe("The value entered for 'Earnings' is too high (maximum: £5000 per week).");
    // £21,666.67 a month is £5,000.00 a week; £21,666.70 a month is £5,000.01.
    expect(check(earnings, money('21666.67', 'Monthly'))).toBe('');
    expect(check(earnings, money('21666.70', 'Monthly'))).toBe("The value entered for 'Earnings' is too high (maximum: £5000 per week).");
  });

  it('compares other answers as numbers, with the plain message', () => {
    expect(check(hoursWorked, '168')).toBe('');
    expect(check(hoursWorked, '168.01')).toBe("The value entered for 'How many hours do you work each week' is too high (maximum: 168).");
  });

  it('checks the minimum against minValue (the original compared it with the maximum)', () => {
    expect(check(earnings, money('10', 'Weekly'))).toBe('');
    expect(check(earnings, money('9.99', 'Weekly'))).toBe("The value entered for 'Earnings' is too low (minimum: £10 per week).");
    expect(check(hoursWorked, '1')).toBe('');
    expect(check(hoursWorked, '0.5')).toBe("The value entered for 'How many hours do you work each week' is too low (minimum: 1).");
  });

  it('writes a limit with pence as pounds and pence', () => {
    expect(check({ ...earnings, maxValue: 99.5 }, money('99.51', 'Weekly'))).toBe(
      "The value entered for 'Earnings' is too high (maximum: £99.50 per week).",
    );
  });
});

describe('ClientRent caps', () => {
  const social = { ClientTenure: TENURES.socialRent };
  const tooHigh = (amount: string) => `The value entered for 'Rent' is too high (the maximum amount you can enter is ${amount}).`;

  it('allows social rent up to £500 a week, £2165 a month or £26000 a year', () => {
    expect(check(rent, money('500', 'Weekly'), social)).toBe('');
    expect(check(rent, money('500.01', 'Weekly'), social)).toBe(tooHigh('£500 per week for social housing'));
    expect(check(rent, money('2165', 'Monthly'), social)).toBe('');
    expect(check(rent, money('2165.01', 'Monthly'), social)).toBe(tooHigh('£2165 per month for social housing'));
    expect(check(rent, money('26000', 'Yearly'), social)).toBe('');
    expect(check(rent, money('26000.01', 'Yearly'), social)).toBe(tooHigh('£26000 per year for social housing'));
  });

  it('allows £2000 a week, £8660 a month or £104000 a year for private rental', () => {
    const privateRent = { ClientTenure: TENURES.privateRent };
    expect(check(rent, money('2000', 'Weekly'), privateRent)).toBe('');
    expect(check(rent, money('2000.01', 'Weekly'), privateRent)).toBe(tooHigh('£2000 per week for private rental'));
    expect(check(rent, money('8660', 'Monthly'), privateRent)).toBe('');
    expect(check(rent, money('8660.01', 'Monthly'), privateRent)).toBe(tooHigh('£8660 per month for private rental'));
    expect(check(rent, money('104000', 'Yearly'), privateRent)).toBe('');
    expect(check(rent, money('104000.01', 'Yearly'), privateRent)).toBe(tooHigh('£104000 per year for private rental'));
  });

  it('names temporary and sheltered/supported accommodation in the message', () => {
    expect(check(rent, money('2000.01', 'Weekly'), { ClientTenure: TENURES.temporaryAccommodation })).toBe(
      tooHigh('£2000 per week for temporary accommodation'),
    );
    expect(check(rent, money('8660.01', 'Monthly'), { ClientTenure: TENURES.supportedAccommodation })).toBe(
      tooHigh('£8660 per month for sheltered/supported accommodation'),
    );
  });

  it('uses the £2000 default, named for no one, for other tenures or none', () => {
    expect(check(rent, money('2000.01', 'Weekly'), { ClientTenure: TENURES.sharedOwnership })).toBe(tooHigh('£2000 per week'));
    expect(check(rent, money('104000.01', 'Yearly'))).toBe(tooHigh('£104000 per year'));
    expect(check(rent, money('600', 'Weekly'))).toBe('');
  });
});

describe('ClientCurrentCapital in the £5,001 - £16,000 band', () => {
  const band = { ClientCapitalBand: CAPITAL_BAND_5001_TO_16000 };
  const message = "Please enter a value between £5001 and £16000 for 'How much savings do you have', based on your selected option.";

  it('accepts £5001 to £16000 inclusive', () => {
    expect(check(capital, '5001', band)).toBe('');
    expect(check(capital, '16000', band)).toBe('');
    expect(check(capital, '16,000.00', band)).toBe('');
  });

  it('refuses £5000.99 and £16000.01', () => {
    expect(check(capital, '5000.99', band)).toBe(message);
    expect(check(capital, '16000.01', band)).toBe(message);
  });

  it('does not apply with another band or no band', () => {
    expect(check(capital, '20000', { ClientCapitalBand: '£16,001 or more' })).toBe('');
    expect(check(capital, '20000')).toBe('');
  });

  it('applies to a money question of that name too, by its figure', () => {
    const capitalAsMoney: SurveyQuestion = { ...capital, questionType: 'Money', isNumeric: undefined };
    expect(check(capitalAsMoney, money('16000', 'Weekly'), band)).toBe('');
    expect(check(capitalAsMoney, money('16000.01', 'Weekly'), band)).toBe(message);
  });
});

describe('validatePage', () => {
  const hiddenEarnings = { ...earnings, required: true, show: false };

  it('returns the messages of the shown questions that fail, keyed by name', () => {
    const errors = validatePage(
      [tenure, rent, { ...clientDob, show: true }, hiddenEarnings, rentIntro],
      { ClientTenure: TENURES.socialRent, ClientRent: money('500.01', 'Weekly'), ClientDob: '' },
      { today: TODAY },
    );
    expect(errors).toEqual({
      ClientRent: "The value entered for 'Rent' is too high (the maximum amount you can enter is £500 per week for social housing).",
      ClientDob: 'Your date of birth is required.',
    });
  });

  it('treats hidden questions as valid whatever their answer', () => {
    expect(validatePage([hiddenEarnings], { ClientEarnings: money('-1', '') }, { today: TODAY })).toEqual({});
  });

  it("reads other questions from earlier pages' answers, with this page's answers over them", () => {
    const earlier = { ClientTenure: TENURES.socialRent };
    expect(validatePage([rent], { ClientRent: money('600', 'Weekly') }, { today: TODAY, answers: earlier })).toEqual({
      ClientRent: "The value entered for 'Rent' is too high (the maximum amount you can enter is £500 per week for social housing).",
    });
    expect(
      validatePage([rent], { ClientRent: money('600', 'Weekly'), ClientTenure: TENURES.privateRent }, { today: TODAY, answers: earlier }),
    ).toEqual({});
  });
});
