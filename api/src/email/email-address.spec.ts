import { plainRecipientAddress, recipientAddressProblem } from './email-address.js';

const INVALID = 'Please enter a valid email address.';

describe('plainRecipientAddress: exactly one plain address, in canonical form', () => {
  it('takes a plain address, trimmed, with the domain in lower case and the local part as typed', () => {
    expect(plainRecipientAddress('jo.bloggs@example.org')).toEqual({ address: 'jo.bloggs@example.org', limitKey: 'jo.bloggs@example.org' });
    expect(plainRecipientAddress('  Jo.Bloggs@EXAMPLE.Org ')).toEqual({
      address: 'Jo.Bloggs@example.org',
      limitKey: 'jo.bloggs@example.org',
    });
    expect(plainRecipientAddress("o'brien+benefits@mail.example.co.uk")?.address).toBe("o'brien+benefits@mail.example.co.uk");
  });

  it('counts an internationalised domain in its ASCII form', () => {
    expect(plainRecipientAddress('jo@bücher.example')?.limitKey).toBe('jo@xn--bcher-kva.example');
    expect(plainRecipientAddress('jo@xn--bcher-kva.example')?.limitKey).toBe('jo@xn--bcher-kva.example');
  });

  it.each([
    ['a list', 'jo@example.org, sam@example.org'],
    ['a list without spaces', 'jo@example.org,sam@example.org'],
    ['a list with semicolons', 'jo@example.org;sam@example.org'],
    ['a group', 'friends: jo@example.org, sam@example.org;'],
    ['a group without spaces', 'a:b@example.org;'],
    ['a group with no end', 'a:b@example.org'],
    ['a display name', '"Jo" <jo@example.org>'],
    ['a bare display name', 'Jo <jo@example.org>'],
    ['an address in angle brackets', '<jo@example.org>'],
    ['a comment', 'jo@example.org (Jo)'],
    ['a comment without a space', 'jo@example.org(Jo)'],
    ['a quoted local part', '"jo"@example.org'],
    ['a quoted local part holding an @', '"jo@evil.example"@example.org'],
    ['a backslash', 'jo\\@example.org'],
    ['two @', 'jo@evil.example@example.org'],
    ['a carriage return and line feed', 'jo@example.org\r\nBcc: sam@example.org'],
    ['a line feed alone', 'jo@example.org\nsam@example.org'],
    ['a line feed at the end', 'jo@example.org\n'],
    ['a carriage return in the local part', 'jo\r@example.org'],
    ['NEXT LINE (U+0085)', 'jo\u0085@example.org'],
    ['NEXT LINE (U+0085) before a header', 'jo@example.org\u0085Bcc:sam@example.org'],
    ['LINE SEPARATOR (U+2028)', 'jo\u2028@example.org'],
    ['PARAGRAPH SEPARATOR (U+2029)', 'jo@example.org\u2029'],
    ['a NUL', 'jo\u0000@example.org'],
    ['a tab', 'jo\t@example.org'],
    ['a zero-width space', 'jo\u200b@example.org'],
    ['a right-to-left override', 'jo\u202e@example.org'],
    ['a no-break space inside', 'jo\u00a0bloggs@example.org'],
    ['a space inside', 'jo bloggs@example.org'],
    ['a dot at the start of the local part', '.jo@example.org'],
    ['two dots in a row', 'jo..bloggs@example.org'],
    ['a domain without a dot', 'jo@localhost'],
    ['a domain literal', 'jo@[127.0.0.1]'],
    ['a local part over 64 characters', `${'j'.repeat(65)}@example.org`],
    ['nothing', '   '],
  ])('refuses %s', (_, text) => {
    expect(plainRecipientAddress(text)).toBeNull();
  });

  it('refuses anything but text', () => {
    expect(plainRecipientAddress(['jo@example.org'])).toBeNull();
    expect(plainRecipientAddress({ address: 'jo@example.org' })).toBeNull();
  });
});

describe('recipientAddressProblem: the e-mail form’s messages', () => {
  it('is the form’s own check first, then the plain-address rule with the same words', () => {
    expect(recipientAddressProblem('')).toBe('The email address is required');
    expect(recipientAddressProblem('jo@example')).toBe(INVALID);
    expect(recipientAddressProblem('"Jo" <jo@example.org>')).toBe(INVALID);
    expect(recipientAddressProblem('jo@example.org, sam@example.org')).toBe(INVALID);
    expect(recipientAddressProblem('jo\u0085@example.org')).toBe(INVALID);
    expect(recipientAddressProblem(' jo@example.org ')).toBeNull();
  });
});
