// WAV reading as browsers and tools write it: any common encoding, streamed sizes, extra chunks.
import { describe, expect, it } from 'vitest';
import { AudioFormatError, decodesInProcess, encodeWav, parseWav, readWavHeader, resample, sniffContainer, toPcm16 } from './audio.ts';

function wav(
  format: number,
  bits: number,
  channels: number,
  rate: number,
  data: Buffer,
  opts: { extensible?: boolean; streamed?: boolean; junk?: boolean } = {},
) {
  const fmtSize = opts.extensible ? 40 : 16;
  const fmt = Buffer.alloc(8 + fmtSize);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(fmtSize, 4);
  fmt.writeUInt16LE(opts.extensible ? 0xfffe : format, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE((rate * channels * bits) / 8, 16);
  fmt.writeUInt16LE((channels * bits) / 8, 20);
  fmt.writeUInt16LE(bits, 22);
  if (opts.extensible) fmt.writeUInt16LE(format, 32);
  const junk = opts.junk ? Buffer.concat([Buffer.from('LIST'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0')]) : Buffer.alloc(0);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'ascii');
  dataHeader.writeUInt32LE(opts.streamed ? 0xffffffff : data.length, 4);
  const riff = Buffer.from('RIFF\0\0\0\0WAVE', 'ascii');
  return Buffer.concat([riff, fmt, junk, dataHeader, data]);
}

describe('WAV reading', () => {
  it('reads 16-bit PCM written by encodeWav', () => {
    const audio = parseWav(encodeWav(toPcm16(new Float32Array([0, 0.5, -0.5, 1])), 16000));
    expect(audio).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect([...audio.samples].map((s) => Math.round(s * 100) / 100)).toEqual([0, 0.5, -0.5, 1]);
  });

  it('reads 8-bit, 24-bit, float and extensible stereo, averaging the channels', () => {
    expect([...parseWav(wav(1, 8, 1, 8000, Buffer.from([128, 255, 0]))).samples].map((s) => Math.round(s * 10) / 10)).toEqual([0, 1, -1]);
    const s24 = Buffer.alloc(6);
    s24.writeIntLE(4194304, 0, 3);
    s24.writeIntLE(-8388608, 3, 3);
    expect([...parseWav(wav(1, 24, 1, 16000, s24)).samples]).toEqual([0.5, -1]);
    const floats = Buffer.alloc(16);
    [0.5, 0.25, -1, 0].forEach((v, i) => {
      floats.writeFloatLE(v, i * 4);
    });
    const stereo = parseWav(wav(3, 32, 2, 48000, floats, { extensible: true, junk: true }));
    expect(stereo.channels).toBe(2);
    expect([...stereo.samples]).toEqual([0.375, -0.5]);
  });

  it('tolerates streamed sizes and refuses what it cannot read', () => {
    expect(parseWav(wav(1, 16, 1, 22050, Buffer.alloc(100), { streamed: true })).samples).toHaveLength(50);
    expect(() => parseWav(wav(2, 4, 1, 16000, Buffer.alloc(10)))).toThrow(AudioFormatError);
    expect(() => parseWav(wav(1, 16, 0, 16000, Buffer.alloc(10)))).toThrow(AudioFormatError);
    expect(() => parseWav(Buffer.from('RIFF\0\0\0\0WAVE'))).toThrow('The WAV file has no audio data.');
  });

  it('refuses impossible headers before decoding anything, naming the field', () => {
    const data = Buffer.alloc(3800);
    // The 4 KB file that cost ffmpeg 15 s of a core and 0.9 GB: 1,660,960,384 Hz.
    expect(() => readWavHeader(wav(1, 16, 1, 1_660_960_384, data))).toThrow('a sample rate of 1660960384 Hz');
    expect(() => readWavHeader(wav(1, 16, 1, 7999, data))).toThrow(AudioFormatError);
    expect(() => readWavHeader(wav(1, 16, 1, 192_001, data))).toThrow(AudioFormatError);
    expect(() => readWavHeader(wav(1, 16, 9, 16000, data))).toThrow('9 channels');
    expect(() => readWavHeader(wav(1, 12, 1, 16000, data))).toThrow('12-bit samples');
    const badBlock = wav(1, 16, 2, 16000, data);
    badBlock.writeUInt16LE(3, 32);
    expect(() => readWavHeader(badBlock)).toThrow('a block of 3 bytes');
    const overlong = wav(1, 16, 1, 16000, data);
    overlong.writeUInt32LE(50_000_000, 40);
    expect(() => readWavHeader(overlong)).toThrow('announces 50000000 bytes of audio but the file holds 3800');
    expect(() => readWavHeader(Buffer.from('RIFF\0\0\0\0WAVEdata\x04\0\0\0abcd'))).toThrow('before its format');
  });

  it('takes possible headers, streamed sizes included, and says which encodings it reads itself', () => {
    expect(readWavHeader(wav(1, 16, 2, 48000, Buffer.alloc(400)))).toMatchObject({ sampleRate: 48000, channels: 2, dataBytes: 400 });
    expect(readWavHeader(wav(1, 16, 1, 8000, Buffer.alloc(100), { streamed: true })).dataBytes).toBe(100);
    expect(decodesInProcess(readWavHeader(wav(3, 64, 1, 16000, Buffer.alloc(16))))).toBe(true);
    // µ-law: a possible header in an encoding only ffmpeg reads.
    const mulaw = readWavHeader(wav(7, 8, 1, 8000, Buffer.alloc(80)));
    expect([mulaw.format, decodesInProcess(mulaw)]).toEqual([7, false]);
  });

  it('recognises containers by their bytes', () => {
    expect(sniffContainer(encodeWav(Buffer.alloc(4), 16000))).toBe('wav');
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1]))).toBe('webm');
    expect(sniffContainer(Buffer.from('OggS\0\0'))).toBe('ogg');
    expect(sniffContainer(Buffer.from('ID3\x03\0\0'))).toBeNull();
  });

  it('resamples to the requested rate, keeping a constant signal constant', () => {
    const down = resample(new Float32Array(48000).fill(0.5), 48000, 16000);
    expect(down).toHaveLength(16000);
    expect(down.every((s) => Math.abs(s - 0.5) < 1e-6)).toBe(true);
    const up = resample(new Float32Array([0, 1]), 8000, 16000);
    expect([...up]).toEqual([0, 0.5, 1, 1]);
  });
});
