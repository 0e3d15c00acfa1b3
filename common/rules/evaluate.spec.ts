import { describe, expect, it } from '@jest/globals';
import type { Answers, MoneyAnswer, PostcodeAnswer } from '../survey/model.js';
import type { Condition } from './condition.js';
import { evaluateRule, explainRule, referencedQuestions, type RuleContext } from './evaluate.js';
import { parseRule } from './parse.js';

const weekly = (amount: number | null): MoneyAnswer => ({
  weekly: amount,
  monthly: null,
  yearly: null,
  period: amount === null ? '' : 'Weekly',
});

const scottishPostcode: PostcodeAnswer = {
  postcode: 'EH1 1YZ',
  authority: 'City of Edinburgh',
  authorityCode: 'S12000036',
  country: 'Scotland',
  latitude: 55.95,
  longitude: -3.19,
  option: false,
};

function context(answers: Answers = {}, overrides: Partial<RuleContext> = {}): RuleContext {
  return { answers, today: '2026-11-22', nationalLivingWageHourlyPence: 1271, ...overrides };
}

/** The rule's value; fails the test when it does not evaluate. */
function holds(rule: string, answers: Answers = {}, overrides: Partial<RuleContext> = {}): boolean {
  const outcome = evaluateRule(parseRule(rule), context(answers, overrides));
  if (!outcome.ok) throw new Error(`'${rule}' did not evaluate: ${outcome.error}`);
  return outcome.value;
}

function errorOf(rule: string | Condition, answers: Answers = {}, overrides: Partial<RuleContext> = {}): string {
  const condition = typeof rule === 'string' ? parseRule(rule) : rule;
  const outcome = evaluateRule(condition, context(answers, overrides));
  if (outcome.ok) throw new Error(`expected an error, got ${outcome.value}`);
  return outcome.error;
}

describe('evaluateRule', () => {
  it('evaluates the first README example for a couple where the client is a 17-year-old student', () => {
    const rule = "ClientHasPartner == 'Yes' and (age(ClientDob) >= 18 or not ClientIsStudent == 'Yes')";
    const couple = { ClientHasPartner: 'Yes', ClientDob: '23/11/2008', ClientIsStudent: 'Yes' };
    expect(holds(rule, couple)).toBe(false);
    expect(holds(rule, { ...couple, ClientDob: '22/11/2008' })).toBe(true);
    expect(holds(rule, { ...couple, ClientIsStudent: 'No' })).toBe(true);
    expect(holds(rule, { ...couple, ClientHasPartner: 'No', ClientDob: '22/11/2008' })).toBe(false);
  });

  it('evaluates an empty rule as shown', () => {
    expect(evaluateRule(parseRule(''), context())).toEqual({ ok: true, value: true });
    expect(holds('true')).toBe(true);
    expect(holds('false')).toBe(false);
  });

  it('compares numbers with every operator', () => {
    const answers = { Hours: '16' };
    expect(holds('Hours == 16', answers)).toBe(true);
    expect(holds('Hours != 16', answers)).toBe(false);
    expect(holds('Hours > 16', answers)).toBe(false);
    expect(holds('Hours >= 16', answers)).toBe(true);
    expect(holds('Hours < 16.01', answers)).toBe(true);
    expect(holds('Hours <= 15.99', answers)).toBe(false);
  });

  it('compares text exactly and case-sensitively', () => {
    expect(holds("ClientTenure == 'PrivateRent'", { ClientTenure: 'PrivateRent' })).toBe(true);
    expect(holds("ClientTenure == 'privaterent'", { ClientTenure: 'PrivateRent' })).toBe(false);
    expect(holds("ClientTenure != 'Owner'", { ClientTenure: 'PrivateRent' })).toBe(true);
    expect(holds("Name < 'b'", { Name: 'a' })).toBe(true);
  });

  it('reads text as a number when it is compared with a number', () => {
    expect(holds('Children >= 2', { Children: '3' })).toBe(true);
    expect(holds('2 < Children', { Children: '3' })).toBe(true);
    expect(holds('Children == 3', { Children: '3.00' })).toBe(true);
    expect(errorOf('Children >= 2', { Children: 'Three' })).toBe('Text that is not a number cannot be compared with a number.');
  });

  it('reads a Date answer as a date when it is compared with a date', () => {
    const answers = { ClientDob: '05/04/1960', PartnerDob: '06/04/1960' };
    expect(holds('ClientDob < 1960-04-06', answers)).toBe(true);
    expect(holds('ClientDob == 1960-04-05', answers)).toBe(true);
    expect(holds('1960-04-06 > ClientDob', answers)).toBe(true);
    expect(holds('PartnerDob <= 1960-04-05', answers)).toBe(false);
    // Two Date answers are put in order as dates: as text, '31/12/1959' would come after '01/01/1960'.
    expect(holds('ClientDob < PartnerDob', { ClientDob: '31/12/1959', PartnerDob: '01/01/1960' })).toBe(true);
    // Likewise two numeric Text answers: as text, '10' would come before '9'.
    expect(holds('Hours > OtherHours', { Hours: '10', OtherHours: '9' })).toBe(true);
    expect(errorOf('ClientDob < 1960-04-06', { ClientDob: '31/02/1960' })).toBe(
      'Text that is not a dd/mm/yyyy date cannot be compared with a date.',
    );
    expect(errorOf('ClientDob < 1960-04-06', { ClientDob: '5/4/1960' })).toBe(
      'Text that is not a dd/mm/yyyy date cannot be compared with a date.',
    );
  });

  it('reads a money answer as its weekly amount in pence, and each part on request', () => {
    const rent: MoneyAnswer = { weekly: 123.45, monthly: 534.95, yearly: 6419.4, period: 'Monthly' };
    expect(holds('ClientRent == 123.45', { ClientRent: rent })).toBe(true);
    expect(holds('ClientRent.weekly == 123.45', { ClientRent: rent })).toBe(true);
    expect(holds('ClientRent.monthly > 534.94', { ClientRent: rent })).toBe(true);
    expect(holds('ClientRent.yearly == 6419.40', { ClientRent: rent })).toBe(true);
    expect(holds("ClientRent.period == 'Monthly'", { ClientRent: rent })).toBe(true);
    expect(holds('ClientRent.monthly == 0', { ClientRent: { ...rent, monthly: null } })).toBe(false);
  });

  it('adds money without binary-float drift', () => {
    expect(holds('A + B == 0.3', { A: weekly(0.1), B: weekly(0.2) })).toBe(true);
    expect(holds('A * 3 == 0.3', { A: weekly(0.1) })).toBe(true);
  });

  it('reads a postcode answer and its parts', () => {
    const answers = { ClientPostcode: scottishPostcode };
    expect(holds("ClientPostcode == 'EH1 1YZ'", answers)).toBe(true);
    expect(holds("ClientPostcode.country == 'Scotland'", answers)).toBe(true);
    expect(holds("ClientPostcode.authorityCode == 'S12000036'", answers)).toBe(true);
    expect(holds("ClientPostcode.authority != 'Fife'", answers)).toBe(true);
    expect(holds('ClientPostcode.option == false', answers)).toBe(true);
    const roughSleeper = { ClientPostcode: { ...scottishPostcode, postcode: '', option: true } };
    expect(holds("ClientPostcode == ''", roughSleeper)).toBe(true);
    expect(holds('ClientPostcode.option == true', roughSleeper)).toBe(true);
    expect(holds('answered(ClientPostcode.country)', roughSleeper)).toBe(true);
  });

  it("checks a Check answer's choices with has", () => {
    const answers = { ClientBenefits: ['PIP', 'Carer’s Allowance'] };
    expect(holds("ClientBenefits has 'PIP'", answers)).toBe(true);
    expect(holds("ClientBenefits has 'pip'", answers)).toBe(false);
    expect(holds("ClientBenefits has 'DLA'", answers)).toBe(false);
    expect(holds('ClientBenefits has Wanted', { ...answers, Wanted: 'PIP' })).toBe(true);
    expect(errorOf("ClientTenure has 'Owner'", { ClientTenure: 'Owner' })).toBe("'has' needs a Check answer on its left, not text.");
    expect(errorOf('ClientBenefits has 5', answers)).toBe("'has' needs text on its right, not a number.");
    expect(errorOf("ClientBenefits == 'PIP'", answers)).toBe("A Check answer is a list of choices: use 'has'.");
  });

  describe('an unanswered question', () => {
    const unanswered: Answers = { Blank: '   ', Missing: null, NoChoices: [], NoMoney: weekly(null) };

    it.each(['Blank', 'Missing', 'Never', 'NoChoices', 'NoMoney'])('%s is empty', (name) => {
      expect(holds(`${name} == 'x'`, unanswered)).toBe(false);
      expect(holds(`${name} == 0`, unanswered)).toBe(false);
      expect(holds(`${name} == ''`, unanswered)).toBe(true);
      expect(holds(`${name} != 'x'`, unanswered)).toBe(true);
      expect(holds(`${name} != ''`, unanswered)).toBe(false);
      expect(holds(`${name} > 0`, unanswered)).toBe(false);
      expect(holds(`${name} >= 0`, unanswered)).toBe(false);
      expect(holds(`${name} < 0`, unanswered)).toBe(false);
      expect(holds(`${name} <= 0`, unanswered)).toBe(false);
      expect(holds(`${name} < 1960-01-01`, unanswered)).toBe(false);
      expect(holds(`${name} has 'x'`, unanswered)).toBe(false);
      expect(holds(`${name} + 5 == 5`, unanswered)).toBe(true);
      expect(holds(`answered(${name})`, unanswered)).toBe(false);
    });

    it('equals another unanswered question', () => {
      expect(holds('Missing == Never', unanswered)).toBe(true);
      expect(holds('Missing != Never', unanswered)).toBe(false);
    });

    it("is not mistaken for an inherited property such as 'constructor'", () => {
      expect(holds("constructor == ''")).toBe(true);
    });
  });

  it('does arithmetic to the penny, rounding half away from zero', () => {
    expect(holds('10 / 3 == 3.33')).toBe(true);
    expect(holds('2 / 3 == 0.67')).toBe(true);
    expect(holds('-2 / 3 == -0.67')).toBe(true);
    expect(holds('0.05 / 2 == 0.03')).toBe(true);
    expect(holds('-0.05 / 2 == -0.03')).toBe(true);
    expect(holds('0.05 * 0.5 == 0.03')).toBe(true);
    expect(holds('12.21 * 18 == 219.78')).toBe(true);
    expect(holds('10 - 4 - 3 == 3')).toBe(true);
    expect(holds('-X * 2 == -8', { X: '4' })).toBe(true);
    expect(holds('Income / 2 > 100', { Income: weekly(200.02) })).toBe(true);
  });

  it('evaluates the README equity and income examples', () => {
    const home = { PropertyValue: '216000.01', PropertyMortgage: weekly(200000) };
    expect(holds('PropertyValue - PropertyMortgage > 16000', home)).toBe(true);
    expect(holds('PropertyValue - PropertyMortgage > 16000', { ...home, PropertyValue: '216000' })).toBe(false);
    const earnings = { ClientEarnings: weekly(200), PartnerEarnings: weekly(168.58) };
    expect(holds('ClientEarnings + PartnerEarnings < hoursAtLivingWage(29)', earnings)).toBe(true);
    expect(holds('ClientEarnings + PartnerEarnings < hoursAtLivingWage(29)', { ...earnings, PartnerEarnings: weekly(168.59) })).toBe(false);
  });

  it('reports a rule that cannot be evaluated, in words that never quote an answer', () => {
    expect(errorOf('Income / Hours > 10', { Income: weekly(100), Hours: '0' })).toBe('Division by zero.');
    expect(errorOf('Income / Hours > 10', { Income: weekly(100) })).toBe('Division by zero.');
    expect(errorOf('ClientDob + 1 > 2', { ClientDob: '01/01/1960' })).toBe(
      "'+' needs numbers or money, but was given text that is not a number.",
    );
    expect(errorOf('2017-04-06 - 1 > 2')).toBe("'-' needs numbers or money, not a date.");
    expect(errorOf('true * 2 > 1')).toBe("'*' needs numbers or money, not true or false.");
    expect(errorOf('2017-04-06 > 5')).toBe('Cannot compare a date with a number.');
    expect(errorOf('true > false')).toBe('True or false can only be compared with == or !=.');
    expect(errorOf("Name.country == 'x'", { Name: 'Sam' })).toBe("'Name' has no part 'country'.");
    expect(errorOf('ClientBenefits.weekly > 1', { ClientBenefits: ['PIP'] })).toBe("'ClientBenefits' has no part 'weekly'.");
    expect(errorOf('99999999999 * 99999999999 > 1')).toBe('A number in the rule is too large.');
  });

  it('reports malformed trees (a stored or hand-written condition) as errors, not exceptions', () => {
    expect(errorOf({ call: 'ageOf', args: [] })).toBe("Unknown function 'ageOf'.");
    expect(errorOf({ call: 'age', args: [{ fact: 'ClientDob' }] }, { ClientDob: '01/01/1960' })).toBe('age() does not give true or false.');
    expect(errorOf({ call: 'bornBefore', args: [{ fact: 'ClientDob' }] })).toBe('bornBefore() takes 2 arguments.');
    expect(errorOf({ call: 'answered', args: ['ClientDob'] })).toBe('answered() needs a question name.');
    expect(errorOf({ flag: true } as unknown as Condition)).toBe('This is not a rule condition.');
    expect(errorOf(42 as unknown as Condition)).toBe('This is not a rule condition.');
    expect(errorOf({ not: undefined } as unknown as Condition)).toBe('This is not a rule condition.');
    expect(errorOf({ fact: 'A', operator: 'like', value: 1 } as unknown as Condition, { A: '1' })).toBe("'like' is not a comparison.");
    expect(errorOf({ operator: 'equal', left: { date: '2017-02-30' }, right: 1 })).toBe("'2017-02-30' is not a real date.");
    expect(errorOf({ operator: 'equal', left: { op: '%', left: 1, right: 2 }, right: 1 } as unknown as Condition)).toBe(
      "'%' is not an arithmetic operator.",
    );
    expect(errorOf({ operator: 'equal', left: [1] as unknown as number, right: 1 })).toBe('This is not a rule value.');
    expect(errorOf({ fact: 'A', operator: 'equal', value: 1e21 })).toBe('A number in the rule is too large.');
  });

  it('needs a valid today and National Living Wage only when a function uses them', () => {
    expect(holds("A == 'x'", { A: 'x' }, { today: 'not a date' })).toBe(true);
    expect(errorOf('age(ClientDob) > 18', { ClientDob: '01/01/1960' }, { today: '22/11/2026' })).toBe(
      "Today's date is not a yyyy-mm-dd date.",
    );
    expect(errorOf('hoursAtLivingWage(18) > 1', {}, { nationalLivingWageHourlyPence: 12.71 })).toBe(
      'The National Living Wage rate is not a whole number of pence.',
    );
  });

  it('combines parts whatever their order: a deciding part wins over an error, otherwise the error stands', () => {
    const rule = 'A == 1 or 1 / 0 > 1';
    expect(holds(rule, { A: '1' })).toBe(true);
    expect(errorOf(rule, { A: '2' })).toBe('Division by zero.');
    expect(holds('1 / 0 > 1 and A == 1', { A: '2' })).toBe(false);
    expect(errorOf('1 / 0 > 1 and A == 1', { A: '1' })).toBe('Division by zero.');
    expect(errorOf('not 1 / 0 > 1')).toBe('Division by zero.');
  });
});

describe('explainRule', () => {
  it('annotates every condition with its result, for the testing mode', () => {
    const rule = parseRule("ClientHasPartner == 'Yes' and (age(ClientDob) >= 18 or not ClientIsStudent == 'Yes')");
    const answers = { ClientHasPartner: 'Yes', ClientDob: '23/11/2008', ClientIsStudent: 'No' };
    expect(explainRule(rule, context(answers))).toEqual({
      all: [
        { fact: 'ClientHasPartner', operator: 'equal', value: 'Yes', result: true },
        {
          any: [
            { operator: 'greaterThanInclusive', left: { call: 'age', args: [{ fact: 'ClientDob' }] }, right: 18, result: false },
            { not: { fact: 'ClientIsStudent', operator: 'equal', value: 'Yes', result: false }, result: true },
          ],
          result: true,
        },
      ],
      result: true,
    });
  });

  it('marks the parts that cannot be evaluated, with the reason', () => {
    const explained = explainRule(
      parseRule('reachedStatePensionAge(ClientDob) or Income / Hours > 1'),
      context({ ClientDob: '01/01/1990' }),
    );
    expect(explained).toEqual({
      any: [
        { call: 'reachedStatePensionAge', args: [{ fact: 'ClientDob' }], result: false },
        {
          operator: 'greaterThan',
          left: { op: '/', left: { fact: 'Income' }, right: { fact: 'Hours' } },
          right: 1,
          result: 'error',
          error: 'Division by zero.',
        },
      ],
      result: 'error',
      error: 'Division by zero.',
    });
  });
});

describe('referencedQuestions', () => {
  it('lists every question a rule reads, once, in order', () => {
    const rule = parseRule(
      "ClientHasPartner == 'Yes' and (age(ClientDob) >= 18 or ClientPostcode.country == Country) and " +
        'equity(PropertyValue, PropertyMortgage) - ClientDob > 1 and answered(PartnerDob) and not ClientBenefits has Wanted',
    );
    expect(referencedQuestions(rule)).toEqual([
      'ClientHasPartner',
      'ClientDob',
      'ClientPostcode',
      'Country',
      'PropertyValue',
      'PropertyMortgage',
      'PartnerDob',
      'ClientBenefits',
      'Wanted',
    ]);
    expect(referencedQuestions(parseRule(''))).toEqual([]);
  });
});
