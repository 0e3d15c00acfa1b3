import { CHALLENGE_ALPHABET, CHALLENGE_LENGTH, newChallengeText } from './challenge-text.js';

describe('the security code alphabet', () => {
  it('has only capitals and digits, each once', () => {
    expect(CHALLENGE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    expect(new Set(CHALLENGE_ALPHABET).size).toBe(CHALLENGE_ALPHABET.length);
  });

  it('leaves out characters that look alike (0 O, 1 I L, S 5, B 8, Z 2)', () => {
    for (const character of '0O1ILS5B8Z2') expect(CHALLENGE_ALPHABET).not.toContain(character);
  });

  it('keeps only one of the letters that sound alike when spoken ("ee" letters; M and N)', () => {
    expect([...'BCDEGPTVZ'].filter((letter) => CHALLENGE_ALPHABET.includes(letter))).toEqual(['T']);
    expect([...'MN'].filter((letter) => CHALLENGE_ALPHABET.includes(letter))).toEqual(['M']);
  });

  it('still leaves over a million codes of the standard length', () => {
    expect(CHALLENGE_ALPHABET.length ** CHALLENGE_LENGTH).toBeGreaterThan(1_000_000);
  });
});

describe('newChallengeText', () => {
  it('draws each character from the alphabet with the random numbers given', () => {
    const picks = [0, 1, CHALLENGE_ALPHABET.length - 1, 4, 2];
    const asked: number[] = [];
    const text = newChallengeText(5, (below) => {
      asked.push(below);
      return picks.shift()!;
    });
    expect(text).toBe(
      `${CHALLENGE_ALPHABET[0]}${CHALLENGE_ALPHABET[1]}${CHALLENGE_ALPHABET.at(-1)}${CHALLENGE_ALPHABET[4]}${CHALLENGE_ALPHABET[2]}`,
    );
    expect(asked).toEqual(Array(5).fill(CHALLENGE_ALPHABET.length));
  });

  it('makes codes of the standard length from the alphabet by default', () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const text = newChallengeText();
      expect(text).toHaveLength(CHALLENGE_LENGTH);
      for (const character of text) expect(CHALLENGE_ALPHABET).toContain(character);
    }
  });
});
