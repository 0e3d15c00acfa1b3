import {
  CALCULATION_EMAIL_MESSAGES,
  calculationEmailProblems,
  challengeProblem,
  emailAddressProblem,
  emailSentMessage,
  normaliseChallenge,
} from './calculation-email.js';

describe('the e-mail form rules', () => {
  it('asks for both fields when nothing is typed, in the order the form shows them', () => {
    expect(calculationEmailProblems({ challenge: '', email: '' })).toEqual([
      { path: 'challenge', message: 'The challenge text is required' },
      { path: 'email', message: 'The email address is required' },
    ]);
  });

  it('treats spaces only, or a missing or non-text value, as nothing typed', () => {
    expect(challengeProblem('   ')).toBe(CALCULATION_EMAIL_MESSAGES.challengeRequired);
    expect(challengeProblem(undefined)).toBe(CALCULATION_EMAIL_MESSAGES.challengeRequired);
    expect(emailAddressProblem(' \t')).toBe(CALCULATION_EMAIL_MESSAGES.emailRequired);
    expect(emailAddressProblem(42)).toBe(CALCULATION_EMAIL_MESSAGES.emailRequired);
  });

  it.each(['jo@example.org', 'jo.bloggs+benefits@mail.example.co.uk', '  jo@example.org  ', "o'brien@example.ie"])(
    'accepts %p',
    (address) => {
      expect(emailAddressProblem(address)).toBeNull();
    },
  );

  it.each(['jo', 'jo@', '@example.org', 'jo@example', 'jo@example.o', 'jo@example.org1', 'jo bloggs@example.org', 'jo@@example.org'])(
    'refuses %p with the form’s message',
    (address) => {
      expect(emailAddressProblem(address)).toBe('Please enter a valid email address.');
    },
  );

  it('refuses an address longer than any mail server takes', () => {
    expect(emailAddressProblem(`${'a'.repeat(250)}@example.org`)).toBe(CALCULATION_EMAIL_MESSAGES.emailInvalid);
  });

  it('has nothing to say about a complete form', () => {
    expect(calculationEmailProblems({ challenge: 'k7m3x', email: 'jo@example.org' })).toEqual([]);
  });

  it('upper-cases and trims the security code as typed', () => {
    expect(normaliseChallenge(' k7m3x ')).toBe('K7M3X');
  });

  it('tells the person where the link went', () => {
    expect(emailSentMessage(' jo@example.org ')).toBe('We have sent the link to your calculation to jo@example.org.');
  });
});
