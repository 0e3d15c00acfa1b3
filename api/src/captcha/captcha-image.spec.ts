import { CHALLENGE_IMAGE_TITLE, drawChallenge } from './captcha-image.js';

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
    // Five characters, each one filled path, after the lines.
    expect(svg.match(/<path fill=/g)).toHaveLength(5);
  });

  it('draws in dark grey on white, or in the partner’s colour inside its portal', () => {
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(svg.match(/fill="#1b1b1b"/g)).toHaveLength(5);
    const partner = drawChallenge('K7M3X', '#c8102e');
    expect(partner.match(/<path fill="#c8102e"/g)).toHaveLength(5);
    expect(partner).not.toContain('#1b1b1b');
  });

  it('ignores a partner colour that is not a plain hex colour', () => {
    expect(drawChallenge('K7M3X', 'red" onload="alert(1)')).not.toContain('onload');
  });

  it('is different each time, even for the same characters', () => {
    expect(drawChallenge('K7M3X')).not.toBe(drawChallenge('K7M3X'));
  });
});
