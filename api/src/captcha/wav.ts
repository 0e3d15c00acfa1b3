/**
 * Just enough WAV for the audio security code: read and write 16-bit PCM mono files, and the few sample
 * operations used to tidy the recorded clips. Plain TypeScript over Buffers, so no audio package is needed.
 */

export interface PcmAudio {
  sampleRate: number;
  /** 16-bit signed samples, one channel. */
  samples: Int16Array;
}

/** The canonical header: RIFF, WAVE, a 16-byte `fmt ` chunk and the `data` chunk's own 8 bytes. */
export const WAV_HEADER_BYTES = 44;
const PCM_FORMAT = 1;
const BITS_PER_SAMPLE = 16;
const BYTES_PER_SAMPLE = BITS_PER_SAMPLE / 8;

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

/**
 * Reads a RIFF WAVE file of 16-bit PCM mono. Chunks other than `fmt ` and `data` (such as LIST) are skipped. A
 * `data` size larger than the file, as a program writing to a pipe leaves it, is read as "to the end".
 */
export function readWav(file: Buffer): PcmAudio {
  if (file.length < 12 || file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new WavFormatError('not a RIFF WAVE file');
  }
  let sampleRate: number | null = null;
  let offset = 12;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const declaredSize = file.readUInt32LE(offset + 4);
    const start = offset + 8;
    const size = Math.min(declaredSize, file.length - start);
    if (id === 'fmt ') {
      if (size < 16) throw new WavFormatError('the fmt chunk is too short');
      const format = file.readUInt16LE(start);
      const channels = file.readUInt16LE(start + 2);
      const bits = file.readUInt16LE(start + 14);
      if (format !== PCM_FORMAT || channels !== 1 || bits !== BITS_PER_SAMPLE) {
        throw new WavFormatError(`expected 16-bit PCM mono, found format ${format}, ${channels} channel(s), ${bits} bits`);
      }
      sampleRate = file.readUInt32LE(start + 4);
    } else if (id === 'data') {
      if (sampleRate === null) throw new WavFormatError('the data chunk comes before the fmt chunk');
      const samples = new Int16Array(Math.floor(size / BYTES_PER_SAMPLE));
      for (let index = 0; index < samples.length; index += 1) samples[index] = file.readInt16LE(start + index * BYTES_PER_SAMPLE);
      return { sampleRate, samples };
    }
    // Chunks are padded to an even length.
    offset = start + declaredSize + (declaredSize % 2);
  }
  throw new WavFormatError('no data chunk');
}

/** Writes 16-bit PCM mono with the canonical 44-byte header, every size field filled in. */
export function writeWav({ sampleRate, samples }: PcmAudio): Buffer {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const file = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  file.write('RIFF', 0, 'ascii');
  // The RIFF size counts everything after its own 8 bytes.
  file.writeUInt32LE(WAV_HEADER_BYTES - 8 + dataBytes, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(PCM_FORMAT, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * BYTES_PER_SAMPLE, 28);
  file.writeUInt16LE(BYTES_PER_SAMPLE, 32);
  file.writeUInt16LE(BITS_PER_SAMPLE, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataBytes, 40);
  for (let index = 0; index < samples.length; index += 1) file.writeInt16LE(samples[index], WAV_HEADER_BYTES + index * BYTES_PER_SAMPLE);
  return file;
}

export function silence(sampleRate: number, milliseconds: number): Int16Array {
  return new Int16Array(Math.round((sampleRate * milliseconds) / 1000));
}

/** The pieces one after another. */
export function concatenate(pieces: readonly Int16Array[]): Int16Array {
  const joined = new Int16Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

/**
 * Cuts the quiet before the first and after the last sound louder than `threshold` (a fraction of full scale),
 * keeping `marginSamples` either side so the start and end of the word are not clipped.
 */
export function trimSilence(samples: Int16Array, threshold: number, marginSamples: number): Int16Array {
  const limit = threshold * 32767;
  let first = samples.findIndex((sample) => Math.abs(sample) > limit);
  if (first === -1) return new Int16Array(0);
  let last = samples.length - 1;
  while (Math.abs(samples[last]) <= limit) last -= 1;
  first = Math.max(0, first - marginSamples);
  last = Math.min(samples.length - 1, last + marginSamples);
  return samples.slice(first, last + 1);
}

/** Scales the samples so the loudest is `peak` (a fraction of full scale), so every clip is as loud as the others. */
export function normalisePeak(samples: Int16Array, peak: number): Int16Array {
  const loudest = samples.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0);
  if (loudest === 0) return samples.slice();
  const gain = (peak * 32767) / loudest;
  return Int16Array.from(samples, (sample) => Math.max(-32768, Math.min(32767, Math.round(sample * gain))));
}

/** Half-width of the resampling filter, in input samples: enough for speech, small enough to be quick. */
const FILTER_HALF_WIDTH = 16;

/**
 * Changes the sample rate with a windowed-sinc filter (Blackman window). When lowering the rate, the filter's
 * cut-off drops to the new Nyquist frequency so that high sounds do not fold back as noise.
 */
export function resample(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate) return samples.slice();
  const step = fromRate / toRate;
  const cutoff = Math.min(1, toRate / fromRate);
  const halfWidth = FILTER_HALF_WIDTH / cutoff;
  const output = new Int16Array(Math.floor(samples.length / step));
  for (let index = 0; index < output.length; index += 1) {
    const centre = index * step;
    let sum = 0;
    let weights = 0;
    for (let source = Math.ceil(centre - halfWidth); source <= Math.floor(centre + halfWidth); source += 1) {
      if (source < 0 || source >= samples.length) continue;
      const distance = source - centre;
      const x = distance * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const phase = (distance + halfWidth) / (2 * halfWidth);
      const window = 0.42 - 0.5 * Math.cos(2 * Math.PI * phase) + 0.08 * Math.cos(4 * Math.PI * phase);
      const weight = sinc * window;
      sum += samples[source] * weight;
      weights += weight;
    }
    output[index] = Math.max(-32768, Math.min(32767, Math.round(weights === 0 ? 0 : sum / weights)));
  }
  return output;
}
