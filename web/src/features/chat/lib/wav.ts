// Recordings go to the server as 16 kHz mono 16-bit WAV, what its recogniser reads.
import { VOICE_CONSTANTS } from '@curb/contracts/assistant';

const RATE = VOICE_CONSTANTS.sampleRate;

/** A mono 16-bit PCM WAV of samples in [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate: number = RATE): Blob {
  const view = new DataView(new ArrayBuffer(44 + samples.length * 2));
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => {
    const s = Math.max(-1, Math.min(1, sample));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  });
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** Decodes a recorded blob (WebM/Ogg) and resamples it to 16 kHz mono WAV; the blob itself if the browser cannot. */
export async function toWav16k(recording: Blob): Promise<Blob> {
  try {
    const context = new AudioContext();
    const decoded = await context.decodeAudioData(await recording.arrayBuffer()).finally(() => void context.close());
    const offline = new OfflineAudioContext(1, Math.max(1, Math.ceil(decoded.duration * RATE)), RATE);
    const source = offline.createBufferSource();
    source.buffer = decoded;
    source.connect(offline.destination);
    source.start();
    return encodeWav((await offline.startRendering()).getChannelData(0));
  } catch {
    return recording;
  }
}
