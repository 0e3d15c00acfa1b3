import { createRequire } from 'node:module';
import { imageTemplates, readImageCode } from '../../../test/support/captcha-attacks.js';
import { CHALLENGE_IMAGE_TITLE, drawChallenge } from './captcha-image.js';
import { CHALLENGE_ALPHABET, CHALLENGE_LENGTH, newChallengeText } from './challenge-text.js';

describe('drawChallenge', () => {
  const svg = drawChallenge('K7M3X');

  it('is an SVG picture titled "Security code" for screen readers', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*role="img" aria-labelledby="security-code-title">/);
    expect(svg).toContain(`<title id="security-code-title">${CHALLENGE_IMAGE_TITLE}</title>`);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('draws the characters as outlines, never as text a program could read', () => {
    expect(svg).not.toMatch(/<text|<tspan|font-family/);
    expect(svg).not.toMatch(/K7M3X|K\W*7\W*M\W*3\W*X/);
    // All the characters and the bands across them in one filled path, after the line.
    expect(svg.match(/<path fill=/g)).toHaveLength(1);
    expect(svg.length).toBeLessThan(40_000);
  });

  it('draws in dark grey on white, or in the partner’s colour inside its portal', () => {
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(svg).toContain('<path fill="#1b1b1b" stroke="#1b1b1b"');
    expect(svg).toContain('stroke="#454a4f"');
    const partner = drawChallenge('K7M3X', '#c8102e');
    expect(partner).toContain('<path fill="#c8102e" stroke="#c8102e"');
    expect(partner).toContain('stroke="#c8102e" stroke-width="1.5" fill="none"');
    expect(partner).not.toMatch(/#1b1b1b|#454a4f/);
  });

  it('ignores a partner colour that is not a plain hex colour', () => {
    expect(drawChallenge('K7M3X', 'red" onload="alert(1)')).not.toContain('onload');
  });

  it('is different each time, even for the same characters', () => {
    expect(drawChallenge('K7M3X')).not.toBe(drawChallenge('K7M3X'));
  });
});

/**
 * The image side of the attack: a script that has read a few pictures by eye (18 codes, each character five
 * times) names each character of a new picture after the nearest one it has seen, first by the sequence of path
 * commands, then by the shape of its points in a unit box.
 */
describe('a script reading the picture by matching character outlines against ones it has seen', () => {
  const labelledCodes = Array.from({ length: CHALLENGE_ALPHABET.length }, (_, code) =>
    Array.from({ length: CHALLENGE_LENGTH }, (_, index) => CHALLENGE_ALPHABET[(code + index * 4) % CHALLENGE_ALPHABET.length]).join(''),
  );

  function attack(draw: (text: string) => string): { read: number; characters: number } {
    const templates = imageTemplates(labelledCodes.map((text) => ({ text, svg: draw(text) })));
    const outcome = { read: 0, characters: 0 };
    for (let code = 0; code < 100; code += 1) {
      const text = newChallengeText();
      const guess = readImageCode(draw(text), templates, CHALLENGE_LENGTH);
      if (guess === text) outcome.read += 1;
      outcome.characters += [...text].filter((character, index) => guess[index] === character).length;
    }
    return outcome;
  }

  it('reads every code drawn by svg-captcha itself, one path per character (how codes were drawn before)', () => {
    const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as (text: string, options: object) => string;
    expect(attack((text) => svgCaptcha(text, { width: 220, height: 76, fontSize: 68, noise: 2, color: false }))).toEqual({
      read: 100,
      characters: 500,
    });
  });

  it('reads at most 5 of 100 codes, and under a third of the characters', () => {
    const outcome = attack((text) => drawChallenge(text));
    expect(outcome.read).toBeLessThanOrEqual(5);
    expect(outcome.characters).toBeLessThan(500 / 3);
  }, 120_000);
});
