import { calculationEmailMessage, calculationLink } from './calculation-email-message.js';

const SESSION = '3f0c8a52-4d7e-4b8e-9a51-0c2f4f6f9d11';

describe('calculationLink', () => {
  it('is the results page of the calculation at the public address, with or without a trailing slash', () => {
    expect(calculationLink('https://calculator.example.org', SESSION)).toBe(`https://calculator.example.org/result/${SESSION}`);
    expect(calculationLink('https://calculator.example.org/', SESSION)).toBe(`https://calculator.example.org/result/${SESSION}`);
  });
});

describe('calculationEmailMessage', () => {
  const message = calculationEmailMessage({
    link: `https://calculator.example.org/result/${SESSION}`,
    reference: 'K7M2QX9D',
    senderName: 'Benefits Calculator',
  });

  it('is titled "Your benefits calculation"', () => {
    expect(message.subject).toBe('Your benefits calculation');
    expect(message.text.startsWith('Your benefits calculation\n')).toBe(true);
  });

  it('gives the link and the reference in both the text and the HTML', () => {
    for (const part of [message.text, message.html]) {
      expect(part).toContain(`https://calculator.example.org/result/${SESSION}`);
      expect(part).toContain('Your calculation reference is K7M2QX9D.');
    }
    expect(message.html).toContain(`<a href="https://calculator.example.org/result/${SESSION}"`);
  });

  it('says that on another device the link asks for the postcode first', () => {
    expect(message.text).toContain(
      'If you open the link on a different computer, phone or browser, we will ask for the postcode used in the calculation before showing your results.',
    );
  });

  it('holds no amounts of money', () => {
    expect(`${message.text}${message.html}`).not.toMatch(/£|per week|per month/);
  });

  it('escapes what it puts into the HTML', () => {
    const odd = calculationEmailMessage({
      link: 'https://example.org/result/x?a=1&b=2',
      reference: 'K7M2QX9D',
      senderName: 'Advice <North> & Co',
    });
    expect(odd.html).toContain('href="https://example.org/result/x?a=1&amp;b=2"');
    expect(odd.html).toContain('<p>Advice &lt;North&gt; &amp; Co</p>');
  });
});
