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

// A script's attempt to read the pictures (100 codes drawn as now, 100 as before) is in the `properties` tier:
// test/properties/captcha-attacks.properties.spec.ts.
