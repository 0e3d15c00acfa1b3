import { concatenate, normalisePeak, readWav, resample, silence, trimSilence, WAV_HEADER_BYTES, WavFormatError, writeWav } from './wav.js';

function tone(sampleRate: number, hertz: number, seconds: number, amplitude = 10_000): Int16Array {
  return Int16Array.from({ length: Math.round(sampleRate * seconds) }, (_, index) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * hertz * index) / sampleRate)),
  );
}

describe('writeWav', () => {
  const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
  const file = writeWav({ sampleRate: 11025, samples });

  it('writes the canonical 44-byte header with every size filled in', () => {
    expect(file.length).toBe(WAV_HEADER_BYTES + samples.length * 2);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(file.readUInt32LE(16)).toBe(16);
    expect(file.readUInt16LE(20)).toBe(1); // PCM
    expect(file.readUInt16LE(22)).toBe(1); // mono
    expect(file.readUInt32LE(24)).toBe(11025);
    expect(file.readUInt32LE(28)).toBe(11025 * 2); // bytes a second
    expect(file.readUInt16LE(32)).toBe(2); // bytes a sample frame
    expect(file.readUInt16LE(34)).toBe(16);
    expect(file.toString('ascii', 36, 40)).toBe('data');
    expect(file.readUInt32LE(40)).toBe(samples.length * 2);
  });

  it('stores the samples little-endian after the header, and reads back the same', () => {
    expect(file.readInt16LE(WAV_HEADER_BYTES + 3 * 2)).toBe(32767);
    expect(file.readInt16LE(WAV_HEADER_BYTES + 4 * 2)).toBe(-32768);
    expect(readWav(file)).toEqual({ sampleRate: 11025, samples });
  });
});

describe('readWav', () => {
  const plain = writeWav({ sampleRate: 22050, samples: Int16Array.from([5, -5, 7]) });

  it('skips chunks it does not need, such as LIST, padded to an even length', () => {
    const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc'), Buffer.from([0])]);
    const file = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    file.writeUInt32LE(file.length - 8, 4);
    expect(readWav(file).samples).toEqual(Int16Array.from([5, -5, 7]));
  });

  it('reads to the end when the data size was never filled in, as a program writing to a pipe leaves it', () => {
    const streamed = Buffer.from(plain);
    streamed.writeUInt32LE(0xffffffff, 40);
    expect(readWav(streamed).samples).toEqual(Int16Array.from([5, -5, 7]));
  });

  it('refuses what is not 16-bit PCM mono', () => {
    const stereo = Buffer.from(plain);
    stereo.writeUInt16LE(2, 22);
    expect(() => readWav(stereo)).toThrow(new WavFormatError('expected 16-bit PCM mono, found format 1, 2 channel(s), 16 bits'));
    expect(() => readWav(Buffer.from('not a wave file at all'))).toThrow(WavFormatError);
  });
});

describe('joining and tidying samples', () => {
  it('makes silence of the length asked for', () => {
    expect(silence(11025, 700)).toEqual(new Int16Array(7718));
  });

  it('joins pieces end to end', () => {
    expect(concatenate([Int16Array.from([1, 2]), new Int16Array(0), Int16Array.from([3])])).toEqual(Int16Array.from([1, 2, 3]));
  });

  it('cuts the quiet around a sound, keeping a margin either side', () => {
    const sound = Int16Array.from([0, 3, -2, 0, 0, 900, -1200, 800, 0, 1, 0, 0]);
    expect(trimSilence(sound, 0.01, 1)).toEqual(Int16Array.from([0, 900, -1200, 800, 0]));
    expect(trimSilence(new Int16Array(10), 0.01, 1)).toEqual(new Int16Array(0));
  });

  it('makes the loudest sample the peak asked for', () => {
    const louder = normalisePeak(Int16Array.from([100, -200, 50]), 0.5);
    // 0.5 of full scale is 16383.5, which rounds to one side or the other.
    expect(Math.abs(Math.max(...Array.from(louder, Math.abs)) - 0.5 * 32767)).toBeLessThanOrEqual(0.5);
    expect(louder).toEqual(Int16Array.from([Math.round(0.25 * 32767), Math.round(-0.5 * 32767), Math.round(0.125 * 32767)]));
  });

  it('halves the sample rate keeping a speech-band tone, and removing one above the new Nyquist frequency', () => {
    const speech = resample(tone(22050, 1000, 0.2), 22050, 11025);
    expect(speech.length).toBe(2205);
    const expected = tone(11025, 1000, 0.2);
    const middle = (samples: Int16Array) => samples.slice(200, 2000);
    const error = middle(speech).reduce((most, sample, index) => Math.max(most, Math.abs(sample - middle(expected)[index])), 0);
    expect(error).toBeLessThan(200); // within 2% of the 10,000 amplitude
    const tooHigh = resample(tone(22050, 8000, 0.2), 22050, 11025);
    expect(Math.max(...Array.from(middle(tooHigh), Math.abs))).toBeLessThan(500);
  });
});
