/**
 * Simple programs that try to read a security code the way a spammer's script would, for tests that show the codes
 * resist them. Each knows what an attacker could collect by asking for many codes: every recorded clip, and what
 * each character looks like in the picture.
 */

const twiddles = new Map<number, [Float64Array, Float64Array]>();

/** In-place radix-2 fast Fourier transform of (re, im); `inverse` leaves the result scaled by the length. */
function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (!twiddles.has(n))
    twiddles.set(n, [
      Float64Array.from({ length: n / 2 }, (_, k) => Math.cos((2 * Math.PI * k) / n)),
      Float64Array.from({ length: n / 2 }, (_, k) => -Math.sin((2 * Math.PI * k) / n)),
    ]);
  const [cos, sin] = twiddles.get(n)!;
  const sign = inverse ? -1 : 1;
  for (let i = 1, j = 0; i < n; i += 1) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) [re[i], re[j], im[i], im[j]] = [re[j], re[i], im[j], im[i]];
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k += 1) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = start + k;
        const b = a + half;
        const tr = re[b] * wr - im[b] * wi;
        const ti = re[b] * wi + im[b] * wr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
      }
    }
  }
}

/** The attacker works at a quarter of the sample rate: the voice's pitch and lower formants, four times quicker. */
const DECIMATION = 4;

function decimate(samples: ArrayLike<number>): Float64Array {
  const out = new Float64Array(Math.floor(samples.length / DECIMATION));
  for (let i = 0; i < out.length; i += 1) for (let j = 0; j < DECIMATION; j += 1) out[i] += samples[i * DECIMATION + j] / DECIMATION;
  return out;
}

/**
 * The sounds of a recording, as [start, end) sample ranges: 10 ms frames at least four times (12 dB) louder than the
 * quiet at the start of the recording, with gaps under 150 ms bridged and blips under 80 ms dropped.
 */
export function splitOnSilence(samples: Int16Array, sampleRate: number): [number, number][] {
  const frame = Math.round(sampleRate / 100);
  const loudness = Array.from({ length: Math.floor(samples.length / frame) }, (_, f) =>
    Math.sqrt(samples.subarray(f * frame, (f + 1) * frame).reduce((sum, s) => sum + s * s, 0) / frame),
  );
  const floor = [...loudness.slice(0, 20)].sort((a, b) => a - b)[10];
  const threshold = Math.max(4 * floor, 100);
  const sounds: [number, number][] = [];
  loudness.forEach((level, f) => {
    if (level < threshold) return;
    const last = sounds.at(-1);
    if (last && f - last[1] < 15) last[1] = f + 1;
    else sounds.push([f, f + 1]);
  });
  return sounds.filter(([start, end]) => end - start >= 8).map(([start, end]) => [start * frame, end * frame]);
}

/** A clip the attacker has collected, with its spectrum cached for each transform length. */
interface Template {
  character: string;
  samples: Float64Array;
  energy: number;
  spectra: Map<number, [Float64Array, Float64Array]>;
}

export function audioTemplates(clips: ReadonlyMap<string, readonly Int16Array[]>): Template[] {
  return [...clips].flatMap(([character, recordings]) =>
    recordings.map((clip) => {
      const samples = decimate(clip);
      return { character, samples, energy: samples.reduce((sum, s) => sum + s * s, 0), spectra: new Map() };
    }),
  );
}

/**
 * How alike a sound and a clip are at their best alignment: the shorter slid along the longer, the normalised
 * cross-correlation (1 when the samples are the same up to loudness), computed with the FFT.
 */
function bestCorrelation(sound: Float64Array, soundSpectrum: [Float64Array, Float64Array], template: Template, size: number): number {
  if (!template.spectra.has(size)) {
    const re = new Float64Array(size);
    re.set(template.samples);
    const im = new Float64Array(size);
    fft(re, im);
    template.spectra.set(size, [re, im]);
  }
  const [tr, ti] = template.spectra.get(size)!;
  const [sr, si] = soundSpectrum;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let k = 0; k < size; k += 1) {
    re[k] = sr[k] * tr[k] + si[k] * ti[k];
    im[k] = si[k] * tr[k] - sr[k] * ti[k];
  }
  fft(re, im, true);
  const [longer, shorter] = sound.length >= template.samples.length ? [sound, template.samples] : [template.samples, sound];
  const prefix = new Float64Array(longer.length + 1);
  longer.forEach((s, i) => (prefix[i + 1] = prefix[i] + s * s));
  const shortEnergy = shorter.reduce((sum, s) => sum + s * s, 0);
  let best = 0;
  for (let lag = 0; lag <= longer.length - shorter.length; lag += 1) {
    // Sound shifted left by `lag` against the template, or the template shifted left by `lag` against the sound.
    const product = longer === sound ? re[lag] : re[(size - lag) % size];
    const norm = Math.sqrt(shortEnergy * (prefix[lag + shorter.length] - prefix[lag]));
    if (norm > 0) best = Math.max(best, Math.abs(product) / size / norm);
  }
  return best;
}

/**
 * Reads a spoken code: splits the recording on silence, then names each sound after the collected clip that
 * correlates best with it. Returns '' when it does not find as many sounds as `length`.
 */
export function readSpokenCode(samples: Int16Array, sampleRate: number, templates: Template[], length: number): string {
  const sounds = splitOnSilence(samples, sampleRate);
  if (sounds.length !== length) return '';
  const margin = Math.round(sampleRate * 0.06);
  const longestTemplate = Math.max(...templates.map((template) => template.samples.length));
  return sounds
    .map(([start, end]) => {
      const sound = decimate(samples.subarray(Math.max(0, start - margin), end + margin));
      let size = 1;
      while (size < sound.length + longestTemplate) size <<= 1;
      const re = new Float64Array(size);
      re.set(sound);
      const im = new Float64Array(size);
      fft(re, im);
      let best = { character: '?', score: -1 };
      for (const template of templates) {
        const score = bestCorrelation(sound, [re, im], template, size);
        if (score > best.score) best = { character: template.character, score };
      }
      return best.character;
    })
    .join('');
}

type Point = [number, number];

/** One character's outline as an attacker sees it: its commands' letters, and its points scaled into a unit box. */
interface Shape {
  letters: string;
  points: Point[];
}

interface Outline {
  letters: string;
  points: Point[];
  left: number;
  right: number;
}

function outlinesOf(d: string): Outline[] {
  return d
    .split(/(?=M)/)
    .filter(Boolean)
    .map((part) => {
      const numbers = (part.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
      const points = Array.from({ length: numbers.length >> 1 }, (_, index) => [numbers[2 * index], numbers[2 * index + 1]] as Point);
      const xs = points.map(([x]) => x);
      return { letters: part.replace(/[^A-Za-z]/g, ''), points, left: Math.min(...xs), right: Math.max(...xs) };
    });
}

function shapeOf(outlines: Outline[]): Shape {
  const points = outlines.flatMap((outline) => outline.points);
  const [xs, ys] = [points.map(([x]) => x), points.map(([, y]) => y)];
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const [width, height] = [Math.max(...xs) - left || 1, Math.max(...ys) - top || 1];
  const step = Math.max(1, Math.floor(points.length / 60));
  return {
    letters: outlines.map((outline) => outline.letters).join('|'),
    points: points.filter((_, index) => index % step === 0).map(([x, y]) => [(x - left) / width, (y - top) / height]),
  };
}

/**
 * The characters of a picture, left to right: each filled path when there is one per character (as svg-captcha
 * draws them); otherwise every outline of the filled paths, leaving out those wider than half the picture (lines
 * across it), grouped at the widest gaps between them.
 */
function characterShapes(svg: string, length: number): Shape[] {
  const filled = [...svg.matchAll(/<path fill="[^"]*"[^>]*? d="([^"]*)"/g)].map((match) => outlinesOf(match[1]));
  if (filled.length === length)
    return filled.sort((a, b) => Math.min(...a.map((o) => o.left)) - Math.min(...b.map((o) => o.left))).map(shapeOf);
  const width = Number(/width="(\d+)"/.exec(svg)?.[1] ?? 0);
  const outlines = filled
    .flat()
    .filter((outline) => outline.right - outline.left < width / 2)
    .sort((a, b) => a.left + a.right - b.left - b.right);
  const centre = (outline: Outline) => (outline.left + outline.right) / 2;
  const cuts = outlines
    .slice(1)
    .map((outline, index) => ({ index: index + 1, gap: centre(outline) - centre(outlines[index]) }))
    .sort((a, b) => b.gap - a.gap)
    .slice(0, length - 1)
    .map(({ index }) => index)
    .sort((a, b) => a - b);
  return [0, ...cuts].map((start, index) => shapeOf(outlines.slice(start, [...cuts, outlines.length][index])));
}

/** 0 for the same sequence of commands; otherwise how far apart the points are (mean distance to the nearest). */
function shapeDistance(a: Shape, b: Shape): number {
  if (a.letters === b.letters) return 0;
  const nearest = (from: Point[], to: Point[]) => {
    let sum = 0;
    for (const [x, y] of from) {
      let least = Infinity;
      for (const [u, v] of to) least = Math.min(least, (x - u) ** 2 + (y - v) ** 2);
      sum += Math.sqrt(least);
    }
    return sum / from.length;
  };
  return 1 + nearest(a.points, b.points) + nearest(b.points, a.points);
}

export interface ImageTemplate {
  character: string;
  shape: Shape;
}

/** What each character looks like, from pictures whose characters the attacker has read by eye. */
export function imageTemplates(labelled: { svg: string; text: string }[]): ImageTemplate[] {
  return labelled.flatMap(({ svg, text }) => characterShapes(svg, text.length).map((shape, index) => ({ character: text[index], shape })));
}

/** Reads a picture by naming each character's outline after the nearest collected one. */
export function readImageCode(svg: string, templates: ImageTemplate[], length: number): string {
  return characterShapes(svg, length)
    .map((shape) => {
      const same = templates.find((template) => template.shape.letters === shape.letters);
      if (same) return same.character;
      return templates
        .map((template) => ({ character: template.character, distance: shapeDistance(shape, template.shape) }))
        .reduce((best, next) => (next.distance < best.distance ? next : best)).character;
    })
    .join('');
}
