import type { Random } from './secure-random.js';

/**
 * The ways each spoken character of a security code is varied, so that no two recordings of a code are alike and
 * a program cannot find a character by matching samples against clips it has collected. Each is mild on its own:
 * a person hears the same voice a little faster or slower, a little louder or quieter, over a soft hiss.
 */

/**
 * How fast a clip is played back over time: `rate` on average (1 is as recorded, 1.1 is 10% faster and a little
 * higher), wavering by `depth` (a fraction of the rate) `hertz` times a second, like a tape that does not run quite
 * evenly. Because the rate keeps changing, no single change of speed undoes it.
 */
export interface Playback {
  rate: number;
  depth: number;
  hertz: number;
  phase: number;
}

/** The clip played back at the changing rate, read between samples with a Catmull-Rom curve. */
export function playAt(samples: Int16Array, sampleRate: number, { rate, depth, hertz, phase }: Playback): Float64Array {
  const output: number[] = [];
  const at = (index: number) => samples[Math.max(0, Math.min(samples.length - 1, index))];
  for (let position = 0, index = 0; position < samples.length - 1; index += 1) {
    const whole = Math.floor(position);
    const t = position - whole;
    const [p0, p1, p2, p3] = [at(whole - 1), at(whole), at(whole + 1), at(whole + 2)];
    output.push(p1 + 0.5 * t * (p2 - p0 + t * (2 * p0 - 5 * p1 + 4 * p2 - p3 + t * (3 * (p1 - p2) + p3 - p0))));
    position += rate * (1 + depth * Math.sin(phase + (2 * Math.PI * hertz * index) / sampleRate));
  }
  return Float64Array.from(output);
}

/**
 * A second-order all-pass filter: every frequency passes at the same loudness, but those near `centre` (a fraction
 * of the sample rate) are delayed more than others. The ear hardly notices; the shape of the wave changes.
 */
export function allPass(samples: Float64Array, centre: number, radius: number): Float64Array {
  const c = -2 * radius * Math.cos(2 * Math.PI * centre);
  const r2 = radius * radius;
  const output = new Float64Array(samples.length);
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let index = 0; index < samples.length; index += 1) {
    const x = samples[index];
    const y = r2 * x + c * x1 + x2 - c * y1 - r2 * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    output[index] = y;
  }
  return output;
}

/**
 * Soft background noise with more low than high sound ("pink", Paul Kellet's economy filter), scaled so that its
 * root mean square is `level` (a fraction of full scale).
 */
export function pinkNoise(length: number, level: number, random: Random): Float64Array {
  const noise = new Float64Array(length);
  let [b0, b1, b2] = [0, 0, 0];
  let sumOfSquares = 0;
  for (let index = 0; index < length; index += 1) {
    const white = random() * 2 - 1;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    noise[index] = b0 + b1 + b2 + white * 0.1848;
    sumOfSquares += noise[index] ** 2;
  }
  const scale = length === 0 ? 0 : (level * 32767) / Math.sqrt(sumOfSquares / length);
  for (let index = 0; index < length; index += 1) noise[index] *= scale;
  return noise;
}

/** Root mean square, as a fraction of full scale. */
export function rootMeanSquare(samples: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < samples.length; index += 1) sum += samples[index] ** 2;
  return samples.length === 0 ? 0 : Math.sqrt(sum / samples.length) / 32767;
}
