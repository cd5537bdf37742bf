// Text to speech: the provider when configured, else flite (voice slt), else espeak-ng.
// WAV by default; MP3 or Ogg/Opus when ffmpeg has the encoder.
import { readFile } from 'node:fs/promises';
import type { AudioFormat } from '@curb/contracts/assistant';
import type { Provider } from '../assistant/provider.ts';
import { HttpError } from '@curb/runtime';
import { encodeWav, parseWav, toPcm16 } from './audio.ts';
import { runTool, toolFailure, withTempFiles, type ToolLimits } from './run-tool.ts';
import type { VoiceTools } from './tools.ts';

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
};

export interface SpeechResult {
  audio: Buffer;
  contentType: string;
  engine: 'provider' | 'flite' | 'espeak-ng';
}

export interface VoiceLog {
  warn(obj: object, msg: string): void;
}

/** What a voice should read: link labels without their targets, no bare URLs or markup. */
export function speakableText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\bhttps?:\/\/\S+/g, '')
    .replace(/[*_`#>|~]+/g, ' ')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function localSpeechFormats(tools: VoiceTools): AudioFormat[] {
  if (!tools.flite && !tools.espeakNg) return [];
  return ['wav', ...(tools.ffmpeg.mp3 ? (['mp3'] as const) : []), ...(tools.ffmpeg.ogg ? (['ogg'] as const) : [])];
}

const ENCODE_ARGS: Record<Exclude<AudioFormat, 'wav'>, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3'],
  ogg: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg'],
};

async function localWav(text: string, tools: VoiceTools, limits: ToolLimits): Promise<{ wav: Buffer; engine: 'flite' | 'espeak-ng' }> {
  if (tools.flite) {
    // The text goes as one argument, never read by a shell; flite reads and writes only named files.
    const wav = await withTempFiles({ outputExt: 'wav' }, async ({ output }) => {
      await runTool('flite', ['-voice', 'slt', '-t', text, '-o', output], limits);
      return readFile(output);
    });
    return { wav, engine: 'flite' };
  }
  if (tools.espeakNg) {
    // espeak-ng streams its WAV with placeholder sizes: rewrite the header.
    const streamed = parseWav(
      await runTool('espeak-ng', ['--stdout', '--stdin', '-v', 'en-us'], { input: Buffer.from(text, 'utf8'), ...limits }),
    );
    return { wav: encodeWav(toPcm16(streamed.samples), streamed.sampleRate), engine: 'espeak-ng' };
  }
  throw new HttpError(503, 'Text-to-speech is not available on this server: install flite or espeak-ng, or configure a provider.');
}

export async function synthesize(
  rawText: string,
  format: AudioFormat,
  deps: { tools: VoiceTools; provider: Provider | null; log: VoiceLog; limits?: ToolLimits },
): Promise<SpeechResult> {
  const text = speakableText(rawText);
  if (!text) throw new HttpError(400, 'There is no text to speak.');
  const { tools, provider, log, limits = {} } = deps;

  if (provider?.offers('speech')) {
    try {
      return { audio: await provider.speech(text, format), contentType: AUDIO_CONTENT_TYPES[format], engine: 'provider' };
    } catch (err) {
      log.warn({ err }, 'provider speech failed; using the local voice');
    }
  }

  if (format !== 'wav' && !localSpeechFormats(tools).includes(format)) {
    throw new HttpError(503, `${format === 'mp3' ? 'MP3' : 'Ogg'} audio is not available on this server; ask for WAV.`);
  }
  try {
    const { wav, engine } = await localWav(text, tools, limits);
    if (format === 'wav') return { audio: wav, contentType: AUDIO_CONTENT_TYPES.wav, engine };
    const encoded = await runTool(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', ...ENCODE_ARGS[format], 'pipe:1'],
      { input: wav, ...limits },
    );
    return { audio: encoded, contentType: AUDIO_CONTENT_TYPES[format], engine };
  } catch (err) {
    throw toolFailure(err, 'Speaking this text');
  }
}
