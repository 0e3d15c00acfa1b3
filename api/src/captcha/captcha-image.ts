import { createRequire } from 'node:module';
import { between, secureRandom, type Random } from './secure-random.js';

interface GlyphCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}

interface Font {
  charToGlyph(character: string): { getPath(x: number, y: number, fontSize: number): { commands: GlyphCommand[] } };
}

// svg-captcha ships a hand-drawn font (Comismsh) and loads it with opentype.js. Its own drawing keeps each glyph's
// outline commands as the font has them, one path per character, so a script that has seen each character once
// reads every code by the sequence of commands alone. Here only its font is used; the drawing is below.
const { font } = createRequire(import.meta.url)('svg-captcha').options as { font: Font };

/** What a screen reader says for the picture; the characters are never in the image as text. */
export const CHALLENGE_IMAGE_TITLE = 'Security code';

/** Dark grey characters and lines on white when no partner styles the picture. */
const DEFAULT_COLOURS = { characters: '#1b1b1b', lines: '#454a4f' };
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const SIZE = { width: 220, height: 76, fontSize: 66 };

/**
 * How much each character varies, drawn afresh for every code: enough that no two drawings of a character share
 * their outline, little enough that each stays plainly readable.
 */
export const IMAGE_VARIATION = {
  /** Turned by up to this many degrees either way. */
  rotationDegrees: 12,
  /** Slanted by up to this fraction of its height either way. */
  shear: 0.15,
  widthScale: [0.9, 1.05],
  heightScale: [0.88, 1.05],
  /** Moved from its place by up to this many pixels across and up or down. */
  shiftX: 3,
  shiftY: 5,
  /** Each curve of the outline is redrawn as this many straight pieces, each point moved by up to 0.35 px. */
  curvePieces: [2, 5],
  pointJitter: 0.35,
  /** Thin ribbons across the characters, drawn in the same path as them, and crossing lines as before. */
  ribbons: 2,
  lines: 1,
} as const;

type Point = [number, number];

function jitter(random: Random, [x, y]: Point): Point {
  const amount = IMAGE_VARIATION.pointJitter;
  return [x + between(random, -amount, amount), y + between(random, -amount, amount)];
}

/** The glyph's closed outlines as points, every curve cut into a random number of straight pieces. */
function outlines(character: string, random: Random): Point[][] {
  const contours: Point[][] = [];
  let current: Point[] = [];
  let pen: Point = [0, 0];
  for (const command of font.charToGlyph(character).getPath(0, 0, SIZE.fontSize).commands) {
    if (command.type === 'M') {
      if (current.length > 2) contours.push(current);
      current = [[command.x!, command.y!]];
    } else if (command.type === 'Z') {
      if (current.length > 2) contours.push(current);
      current = [];
    } else {
      const end: Point = [command.x!, command.y!];
      const pieces =
        command.type === 'L' ? 1 : Math.floor(between(random, IMAGE_VARIATION.curvePieces[0], IMAGE_VARIATION.curvePieces[1] + 1));
      for (let piece = 1; piece <= pieces; piece += 1) {
        const t = piece / pieces;
        const u = 1 - t;
        if (command.type === 'Q') {
          current.push([
            u * u * pen[0] + 2 * u * t * command.x1! + t * t * end[0],
            u * u * pen[1] + 2 * u * t * command.y1! + t * t * end[1],
          ]);
        } else if (command.type === 'C') {
          current.push([
            u ** 3 * pen[0] + 3 * u * u * t * command.x1! + 3 * u * t * t * command.x2! + t ** 3 * end[0],
            u ** 3 * pen[1] + 3 * u * u * t * command.y1! + 3 * u * t * t * command.y2! + t ** 3 * end[1],
          ]);
        } else current.push(end);
      }
    }
    if (command.type !== 'Z') pen = [command.x!, command.y!];
  }
  if (current.length > 2) contours.push(current);
  return contours;
}

/** The character's outlines turned, slanted, stretched and put in its place, each point moved a little. */
function placeCharacter(character: string, centreX: number, random: Random): Point[][] {
  const contours = outlines(character, random);
  const all = contours.flat();
  const middle: Point = [
    (Math.min(...all.map(([x]) => x)) + Math.max(...all.map(([x]) => x))) / 2,
    (Math.min(...all.map(([, y]) => y)) + Math.max(...all.map(([, y]) => y))) / 2,
  ];
  const angle = (between(random, -1, 1) * IMAGE_VARIATION.rotationDegrees * Math.PI) / 180;
  const shear = between(random, -1, 1) * IMAGE_VARIATION.shear;
  const [scaleX, scaleY] = [between(random, ...IMAGE_VARIATION.widthScale), between(random, ...IMAGE_VARIATION.heightScale)];
  const target: Point = [
    centreX + between(random, -1, 1) * IMAGE_VARIATION.shiftX,
    SIZE.height / 2 + between(random, -1, 1) * IMAGE_VARIATION.shiftY,
  ];
  return contours.map((contour) => {
    // Each outline starts at a random point of itself, so no two drawings list the same points in the same order.
    const start = Math.floor(random() * contour.length);
    return [...contour.slice(start), ...contour.slice(0, start)].map(([x, y]) => {
      const [dx, dy] = [(x - middle[0]) * scaleX, (y - middle[1]) * scaleY];
      const slanted = dx + shear * dy;
      return jitter(random, [
        target[0] + slanted * Math.cos(angle) - dy * Math.sin(angle),
        target[1] + slanted * Math.sin(angle) + dy * Math.cos(angle),
      ]);
    });
  });
}

/** A smooth random curve from the left edge to the right, as points. */
function crossingCurve(random: Random): Point[] {
  const [y0, y1, y2, y3] = Array.from({ length: 4 }, () => between(random, 12, SIZE.height - 12));
  return Array.from({ length: 25 }, (_, index) => {
    const t = index / 24;
    const u = 1 - t;
    return [4 + t * (SIZE.width - 8), u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3] as Point;
  });
}

/** A curve as a thin filled band, so that it is drawn in the same way as the characters' outlines. */
function ribbon(curve: Point[], halfWidth: number): Point[] {
  const edge = (side: number) =>
    curve.map(([x, y], index) => {
      const [nx, ny] = [curve[Math.min(index + 1, curve.length - 1)], curve[Math.max(index - 1, 0)]];
      const [tx, ty] = [nx[0] - ny[0], nx[1] - ny[1]];
      const length = Math.hypot(tx, ty) || 1;
      return [x - (side * halfWidth * ty) / length, y + (side * halfWidth * tx) / length] as Point;
    });
  return [...edge(1), ...edge(-1).reverse()];
}

function pathData(contours: Point[][], close: boolean): string {
  return contours.map((points) => `M${points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join('L')}${close ? 'Z' : ''}`).join('');
}

/**
 * The security code as an SVG picture: the characters drawn from svg-captcha's font as one filled path, each turned,
 * slanted and stretched at random with its outline redrawn, crossed by two thin bands drawn in the same path and
 * a line, on white. Inside a partner's portal the characters and lines take the partner's colour (its checkbox
 * colour, chosen to read well on white).
 */
export function drawChallenge(text: string, partnerColour: string | null = null, random: Random = secureRandom()): string {
  const colour = partnerColour && HEX_COLOUR.test(partnerColour) ? partnerColour : null;
  const characters = colour ?? DEFAULT_COLOURS.characters;
  const lines = colour ?? DEFAULT_COLOURS.lines;
  const spacing = (SIZE.width - 2) / (text.length + 1);
  const contours = [...text].flatMap((character, index) => placeCharacter(character, spacing * (index + 1), random));
  for (let band = 0; band < IMAGE_VARIATION.ribbons; band += 1) {
    // Each band in overlapping pieces about as wide as a character, so a band cannot be told from a character by size.
    const curve = crossingCurve(random);
    const halfWidth = between(random, 0.3, 0.45);
    for (let start = 0; start < curve.length - 1; start += 3)
      contours.push(ribbon(curve.slice(start, start + 4 + Math.floor(random() * 2)), halfWidth));
  }
  // The outlines in a random order: nothing in the path says where one character ends and the next begins.
  for (let index = contours.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [contours[index], contours[other]] = [contours[other], contours[index]];
  }
  const crossing = Array.from(
    { length: IMAGE_VARIATION.lines },
    () => `<path d="${pathData([crossingCurve(random)], false)}" stroke="${lines}" stroke-width="1.5" fill="none"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE.width}" height="${SIZE.height}" viewBox="0,0,${SIZE.width},${SIZE.height}" role="img" aria-labelledby="security-code-title">` +
    `<title id="security-code-title">${CHALLENGE_IMAGE_TITLE}</title><rect width="100%" height="100%" fill="#ffffff"/>` +
    `${crossing.join('')}<path fill="${characters}" stroke="${characters}" stroke-width="1.2" d="${pathData(contours, true)}"/></svg>`
  );
}
