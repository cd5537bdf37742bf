// WAV reading and writing, and the resampling the recogniser needs (16 kHz mono, signed
// 16-bit), done in process so WAV uploads never need ffmpeg.

export class AudioFormatError extends Error {
  override name = 'AudioFormatError';
}

export type Container = 'wav' | 'webm' | 'ogg';

/** What the bytes are, by their magic number, never by the name or type the client gave. */
export function sniffContainer(bytes: Buffer): Container | null {
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE') return 'wav';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm'; // EBML: WebM / Matroska
  if (bytes.length >= 4 && bytes.toString('ascii', 0, 4) === 'OggS') return 'ogg';
  return null;
}

export interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
}

const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;

/** What a WAV's format chunk may say before any byte of it is decoded, here or by ffmpeg. */
export const WAV_LIMITS = { minRate: 8000, maxRate: 192_000, maxChannels: 8, bits: [8, 16, 24, 32] } as const;
/**
 * Streamed WAVs write a placeholder data size: none (0), or one near the largest (espeak-ng
 * writes 0x7FFFF000, others 0x7FFFFFFF or 0xFFFFFFFF). The bytes present are the audio then.
 */
const isStreamedSize = (declared: number) => declared === 0 || declared >= 0x7ffff000;

export interface WavHeader {
  /** The encoding (the sub-format of an extensible WAV): 1 PCM, 3 float, 6 A-law, 7 µ-law… */
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Where the samples start and how many bytes of them the file holds. */
  dataOffset: number;
  dataBytes: number;
}

/**
 * Reads and checks a WAV's RIFF header: a format chunk whose rate (8–192 kHz), channels (1–8),
 * sample size (8, 16, 24 or 32 bits; 64 for float) and block size are possible, then a data
 * chunk no larger than the file (a streamed size placeholder is allowed). Throws an
 * AudioFormatError naming the impossible field: a file that fails here is never decoded, by us
 * or by ffmpeg (a 4 KB WAV claiming 1.66 GHz once cost ffmpeg 15 s of a core and 0.9 GB).
 */
export function readWavHeader(bytes: Buffer): WavHeader {
  if (sniffContainer(bytes) !== 'wav') throw new AudioFormatError('Not a WAV file.');
  let offset = 12;
  let fmt: Omit<WavHeader, 'dataOffset' | 'dataBytes'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const declared = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (declared < 16 || body + 16 > bytes.length) throw new AudioFormatError('The WAV format chunk is truncated.');
      let format = bytes.readUInt16LE(body);
      if (format === EXTENSIBLE && declared >= 26 && body + 26 <= bytes.length) format = bytes.readUInt16LE(body + 24);
      fmt = {
        format,
        channels: bytes.readUInt16LE(body + 2),
        sampleRate: bytes.readUInt32LE(body + 4),
        bitsPerSample: bytes.readUInt16LE(body + 14),
      };
      checkFormat(fmt, bytes.readUInt16LE(body + 12));
    } else if (id === 'data') {
      if (!fmt) throw new AudioFormatError('The WAV data comes before its format.');
      const present = bytes.length - body;
      if (declared > present && !isStreamedSize(declared)) {
        throw new AudioFormatError(`The WAV header announces ${declared} bytes of audio but the file holds ${present}.`);
      }
      return { ...fmt, dataOffset: body, dataBytes: isStreamedSize(declared) ? present : Math.min(declared, present) };
    }
    offset = body + declared + (declared % 2);
  }
  throw new AudioFormatError('The WAV file has no audio data.');
}

function checkFormat(fmt: Omit<WavHeader, 'dataOffset' | 'dataBytes'>, blockAlign: number): void {
  const { format, channels, sampleRate, bitsPerSample } = fmt;
  if (sampleRate < WAV_LIMITS.minRate || sampleRate > WAV_LIMITS.maxRate) {
    throw new AudioFormatError(`Unsupported WAV: a sample rate of ${sampleRate} Hz (expected 8,000 to 192,000).`);
  }
  if (channels < 1 || channels > WAV_LIMITS.maxChannels) {
    throw new AudioFormatError(`Unsupported WAV: ${channels} channels (expected 1 to 8).`);
  }
  const float64 = format === IEEE_FLOAT && bitsPerSample === 64;
  if (!float64 && !(WAV_LIMITS.bits as readonly number[]).includes(bitsPerSample)) {
    throw new AudioFormatError(`Unsupported WAV: ${bitsPerSample}-bit samples (expected 8, 16, 24 or 32).`);
  }
  if (blockAlign !== (channels * bitsPerSample) / 8) {
    throw new AudioFormatError(`Unsupported WAV: a block of ${blockAlign} bytes for ${channels} × ${bitsPerSample}-bit samples.`);
  }
}

/** Whether parseWav reads this encoding itself (PCM, 32- and 64-bit float); others need ffmpeg. */
export function decodesInProcess(header: WavHeader): boolean {
  return header.format === PCM || (header.format === IEEE_FLOAT && header.bitsPerSample >= 32);
}

/** Reads PCM (8/16/24/32-bit) or float WAV; sizes of streamed WAVs (0xFFFFFFFF) are tolerated. */
export function parseWav(bytes: Buffer): WavAudio {
  const header = readWavHeader(bytes);
  const { sampleRate, channels, bitsPerSample, dataOffset, dataBytes } = header;
  return { sampleRate, channels, bitsPerSample, samples: decodeSamples(bytes.subarray(dataOffset, dataOffset + dataBytes), header) };
}

function decodeSamples(data: Buffer, fmt: { format: number; channels: number; bitsPerSample: number }): Float32Array {
  const { format, channels, bitsPerSample } = fmt;
  const read = sampleReader(format, bitsPerSample);
  const width = bitsPerSample / 8;
  const frames = Math.floor(data.length / (width * channels));
  const mono = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let ch = 0; ch < channels; ch++) sum += read(data, (frame * channels + ch) * width);
    mono[frame] = sum / channels;
  }
  return mono;
}

function sampleReader(format: number, bits: number): (data: Buffer, at: number) => number {
  if (format === PCM && bits === 16) return (d, at) => d.readInt16LE(at) / 32768;
  if (format === PCM && bits === 8) return (d, at) => (d.readUInt8(at) - 128) / 128;
  if (format === PCM && bits === 24) return (d, at) => d.readIntLE(at, 3) / 8388608;
  if (format === PCM && bits === 32) return (d, at) => d.readInt32LE(at) / 2147483648;
  if (format === IEEE_FLOAT && bits === 32) return (d, at) => d.readFloatLE(at);
  if (format === IEEE_FLOAT && bits === 64) return (d, at) => d.readDoubleLE(at);
  throw new AudioFormatError(`Unsupported WAV encoding (format ${format}, ${bits}-bit).`);
}

/** Resamples to `rate` (box-filtered when going down, linear when going up). */
export function resample(samples: Float32Array, from: number, rate: number): Float32Array {
  if (from === rate) return samples;
  const ratio = from / rate;
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const start = i * ratio;
    if (ratio > 1) {
      // Average the input samples this output sample covers: a cheap anti-aliasing filter.
      const first = Math.floor(start);
      const last = Math.min(samples.length, Math.floor(start + ratio));
      let sum = 0;
      for (let j = first; j < last; j++) sum += samples[j] ?? 0;
      out[i] = sum / Math.max(1, last - first);
    } else {
      const j = Math.floor(start);
      const t = start - j;
      out[i] = (samples[j] ?? 0) * (1 - t) + (samples[j + 1] ?? samples[j] ?? 0) * t;
    }
  }
  return out;
}

/** Signed 16-bit little-endian samples, clipped. */
export function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(s < 0 ? s * 32768 : s * 32767), i * 2);
  }
  return out;
}

/** A mono 16-bit PCM WAV around raw samples. */
export function encodeWav(pcm16: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm16.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm16.length, 40);
  return Buffer.concat([header, pcm16]);
}
