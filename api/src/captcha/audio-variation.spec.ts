import { allPass, pinkNoise, playAt, rootMeanSquare } from './audio-variation.js';
import { secureRandom } from './secure-random.js';

function tone(hertz: number, seconds: number, sampleRate = 11025): Int16Array {
  return Int16Array.from({ length: Math.round(sampleRate * seconds) }, (_, index) =>
    Math.round(10_000 * Math.sin((2 * Math.PI * hertz * index) / sampleRate)),
  );
}

describe('playAt', () => {
  it('plays the samples unchanged at the recorded rate, without wavering', () => {
    const samples = tone(440, 0.1);
    const played = playAt(samples, 11025, { rate: 1, depth: 0, hertz: 3, phase: 0 });
    expect(played).toHaveLength(samples.length - 1);
    played.forEach((sample, index) => expect(sample).toBeCloseTo(samples[index], 6));
  });

  it('is shorter when faster and longer when slower, wavering or not', () => {
    const samples = tone(440, 0.5);
    expect(playAt(samples, 11025, { rate: 1.1, depth: 0.03, hertz: 4, phase: 1 }).length / samples.length).toBeCloseTo(1 / 1.1, 1);
    expect(playAt(samples, 11025, { rate: 0.9, depth: 0.03, hertz: 4, phase: 1 }).length / samples.length).toBeCloseTo(1 / 0.9, 1);
  });
});

describe('allPass', () => {
  it('keeps a tone as loud as it was but changes the shape of the wave', () => {
    const samples = Float64Array.from(tone(800, 0.5));
    const filtered = allPass(samples, 800 / 11025, 0.85);
    // After the filter settles, the same loudness…
    expect(rootMeanSquare(filtered.subarray(500))).toBeCloseTo(rootMeanSquare(samples.subarray(500)), 2);
    // …but shifted in phase, so the samples differ.
    const difference = rootMeanSquare(filtered.subarray(500).map((sample, index) => sample - samples[500 + index]));
    expect(difference).toBeGreaterThan(0.1);
  });
});

describe('pinkNoise', () => {
  it('has the loudness asked for, with more low than high sound', () => {
    const noise = pinkNoise(22050, 0.01, secureRandom());
    expect(rootMeanSquare(noise)).toBeCloseTo(0.01, 6);
    const differences = noise.subarray(1).map((sample, index) => sample - noise[index]);
    // White noise's sample-to-sample differences are louder than the noise itself (by √2); pink noise's are not.
    expect(rootMeanSquare(differences)).toBeLessThan(rootMeanSquare(noise));
  });
});
