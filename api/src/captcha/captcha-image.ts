import { createRequire } from 'node:module';

interface SvgCaptchaOptions {
  width: number;
  height: number;
  fontSize: number;
  noise: number;
  color: boolean;
}

// svg-captcha's module is itself the function that draws a given text; its type declarations only describe
// `create`, which would pick the characters with Math.random. The characters here come from node:crypto.
const drawText = createRequire(import.meta.url)('svg-captcha') as (text: string, options: SvgCaptchaOptions) => string;

/** What a screen reader says for the picture; the characters are never in the image as text. */
export const CHALLENGE_IMAGE_TITLE = 'Security code';

/** Dark grey characters and lines on white when no partner styles the picture. */
const DEFAULT_COLOURS = { characters: '#1b1b1b', lines: '#454a4f' };
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const SIZE = { width: 220, height: 76, fontSize: 68 };
/** A few crossing lines, so the characters are not simply cut out; more would make them hard to read. */
const NOISE_LINES = 2;

/**
 * The security code as an SVG picture: each character drawn as an outline path (svg-captcha), slightly tilted, on
 * white with a few crossing lines. Inside a partner's portal the characters and lines take the partner's colour
 * (its checkbox colour, chosen to read well on white).
 */
export function drawChallenge(text: string, partnerColour: string | null = null): string {
  const colour = partnerColour && HEX_COLOUR.test(partnerColour) ? partnerColour : null;
  const characters = colour ?? DEFAULT_COLOURS.characters;
  const lines = colour ?? DEFAULT_COLOURS.lines;
  const svg = drawText(text, { ...SIZE, noise: NOISE_LINES, color: false })
    // svg-captcha draws characters as filled paths and noise as stroked ones, each in a random grey.
    // The font is drawn in outline; a thin stroke of the same colour makes the strokes solid and easier to read.
    .replace(/<path fill="#[0-9a-f]{3,6}" d=/gi, `<path fill="${characters}" stroke="${characters}" stroke-width="1.2" d=`)
    .replace(/stroke="#[0-9a-f]{3,6}" fill="none"/gi, `stroke="${lines}" stroke-width="1.5" fill="none"`);
  return svg.replace(
    /^<svg ([^>]*)>/,
    `<svg $1 role="img" aria-labelledby="security-code-title"><title id="security-code-title">${CHALLENGE_IMAGE_TITLE}</title><rect width="100%" height="100%" fill="#ffffff"/>`,
  );
}
