// Speech to text: the provider (Whisper-compatible) when configured, else pocketsphinx on
// 16 kHz mono 16-bit audio. WAV is converted in process; WebM and Ogg need ffmpeg.
import { STT_MAX_SECONDS, VOICE_CONSTANTS } from '@curb/contracts/assistant';
import type { Provider } from '../assistant/provider.ts';
import { HttpError } from '@curb/runtime';
import {
  AudioFormatError,
  decodesInProcess,
  parseWav,
  readWavHeader,
  resample,
  sniffContainer,
  toPcm16,
  type Container,
  type WavHeader,
} from './audio.ts';
import { runTool, ToolError, toolFailure, withTempFiles, type ToolLimits } from './run-tool.ts';
import type { VoiceTools } from './tools.ts';
import type { VoiceLog } from './tts.ts';

const RATE = VOICE_CONSTANTS.sampleRate;
const CONTAINER_TYPES: Record<Container, string> = { wav: 'audio/wav', webm: 'audio/webm', ogg: 'audio/ogg' };

export function localTranscriptionFormats(tools: VoiceTools): Container[] {
  if (!tools.pocketsphinx) return [];
  return tools.ffmpeg.available ? ['wav', 'webm', 'ogg'] : ['wav'];
}

async function decodeWithFfmpeg(audio: Buffer, limits: ToolLimits): Promise<Buffer> {
  try {
    return await runTool(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'],
      {
        input: audio,
        maxOutputBytes: (STT_MAX_SECONDS + 1) * RATE * 2,
        ...limits,
      },
    );
  } catch (err) {
    if (err instanceof ToolError && err.limit === 'output')
      throw new HttpError(413, `The recording is longer than ${STT_MAX_SECONDS} seconds.`);
    // ffmpeg failing on the upload (its memory limit included) is the upload's fault; its time limit is ours.
    if (err instanceof ToolError && err.limit === 'time') throw toolFailure(err, 'Reading the recording');
    throw new HttpError(400, 'The audio could not be decoded.');
  }
}

/** The header of a WAV upload, checked; an impossible one is refused before anything decodes it, ffmpeg least of all. */
function checkedWavHeader(audio: Buffer): WavHeader {
  try {
    return readWavHeader(audio);
  } catch (err) {
    if (err instanceof AudioFormatError) throw new HttpError(400, `The WAV file could not be read: ${err.message}`);
    throw err;
  }
}

/** 16 kHz mono signed 16-bit samples of the upload. */
async function toRecognizerPcm(
  audio: Buffer,
  wav: WavHeader | null,
  container: Container,
  tools: VoiceTools,
  limits: ToolLimits,
): Promise<Buffer> {
  if (wav && decodesInProcess(wav)) {
    const { samples, sampleRate } = parseWav(audio);
    return toPcm16(resample(samples, sampleRate, RATE));
  }
  if (!tools.ffmpeg.available) {
    // A possible header in an encoding only ffmpeg reads (A-law, µ-law…).
    if (wav) throw new HttpError(400, `The WAV file could not be read: its encoding (format ${wav.format}) needs ffmpeg on the server.`);
    throw new HttpError(503, `Reading ${container === 'webm' ? 'WebM' : 'Ogg'} audio needs ffmpeg on the server; send 16 kHz WAV instead.`);
  }
  return decodeWithFfmpeg(audio, limits);
}

export async function transcribe(
  audio: Buffer,
  deps: { tools: VoiceTools; provider: Provider | null; log: VoiceLog; limits?: ToolLimits },
): Promise<string> {
  const container = sniffContainer(audio);
  if (!container) throw new HttpError(415, 'Unsupported audio: send a WAV or WebM recording.');
  const { tools, provider, log, limits = {} } = deps;
  const wav = container === 'wav' ? checkedWavHeader(audio) : null;

  if (provider?.offers('transcription')) {
    try {
      return await provider.transcribe(audio, `speech.${container}`, CONTAINER_TYPES[container]);
    } catch (err) {
      log.warn({ err }, 'provider transcription failed; using the local recogniser');
    }
  }
  if (!tools.pocketsphinx) {
    throw new HttpError(
      503,
      'Speech-to-text is not available on this server: install pocketsphinx and pocketsphinx-en-us, or configure a provider.',
    );
  }

  const pcm = await toRecognizerPcm(audio, wav, container, tools, limits);
  if (pcm.length / (RATE * 2) > STT_MAX_SECONDS) throw new HttpError(413, `The recording is longer than ${STT_MAX_SECONDS} seconds.`);
  if (pcm.length < RATE / 10) return ''; // under 50 ms: nothing to hear
  const out = await withTempFiles({ input: pcm, inputExt: 'raw' }, ({ input }) =>
    runTool('pocketsphinx_continuous', ['-infile', input, '-samprate', String(RATE), '-logfn', '/dev/null'], {
      timeoutMs: 60_000,
      ...limits,
    }),
  ).catch((err: unknown) => {
    throw toolFailure(err, 'Transcribing the recording');
  });
  // One line per utterance the recogniser found.
  return out
    .toString('utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
}
