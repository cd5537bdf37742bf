// Voice endpoints: what works here, text to speech, speech to text.
import { rateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import multipart from '@fastify/multipart';
import {
  metapersonConfigured,
  STT_MAX_BYTES,
  SpeechToTextResponseSchema,
  SpeechAudioSchema,
  TextToSpeechRequestSchema,
  VoiceCapabilitiesSchema,
  type VoiceCapabilities,
} from '@curb/contracts/assistant';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import type { Config } from '@curb/contracts/config';
import { WorkQueue } from '@curb/runtime/work-queue';
import type { Provider } from '../../lib/assistant/provider.ts';
import { HttpError } from '@curb/runtime';
import { localTranscriptionFormats, transcribe } from '../../lib/voice/stt.ts';
import { localSpeechFormats, synthesize } from '../../lib/voice/tts.ts';
import type { VoiceTools } from '../../lib/voice/tools.ts';
import type { ToolLimits } from '../../lib/voice/run-tool.ts';

export interface VoiceRoutesOptions {
  config: Config;
  provider: Provider | null;
  tools: () => Promise<VoiceTools>;
  /** Wall-clock and memory limits for every tool a request runs; each tool's own by default. */
  toolLimits?: ToolLimits;
}

const MEGABYTES = STT_MAX_BYTES / (1024 * 1024);

export function voiceCapabilities(config: Config, provider: Provider | null, tools: VoiceTools): VoiceCapabilities {
  const providerSpeech = provider?.offers('speech') ?? false;
  const providerTranscription = provider?.offers('transcription') ?? false;
  const speechFormats = localSpeechFormats(tools);
  const transcriptionFormats = localTranscriptionFormats(tools);
  return {
    chat: { mode: provider ? 'provider' : 'retrieval' },
    tts: {
      available: providerSpeech || speechFormats.length > 0,
      engine: providerSpeech ? 'provider' : tools.flite ? 'flite' : tools.espeakNg ? 'espeak-ng' : null,
      formats: providerSpeech ? ['wav', 'mp3', 'ogg'] : speechFormats,
    },
    stt: {
      available: providerTranscription || transcriptionFormats.length > 0,
      engine: providerTranscription ? 'provider' : tools.pocketsphinx ? 'pocketsphinx' : null,
      formats: providerTranscription ? ['wav', 'webm', 'ogg'] : transcriptionFormats,
    },
    metaperson: { enabled: metapersonConfigured(config) },
  };
}

/** Speech and transcription run external programs: a few at a time, a short line, then 503. */
export const VOICE_QUEUE = { concurrency: 2, maxWaiting: 8, retryAfterSeconds: 5 } as const;

export default async function voiceRoutes(app: RouteApp, opts: VoiceRoutesOptions): Promise<void> {
  const { config, provider, tools, toolLimits: limits } = opts;
  const speech = new WorkQueue({ ...VOICE_QUEUE, busyMessage: 'The voice is busy right now. Please try again in a few seconds.' });
  const listening = new WorkQueue({ ...VOICE_QUEUE, busyMessage: 'Transcription is busy right now. Please try again in a few seconds.' });
  // Another api plugin may have registered multipart already; the parser is shared.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: STT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  }

  app.get('/api/voice/capabilities', { schema: { response: { 200: VoiceCapabilitiesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return voiceCapabilities(config, provider, await tools());
  });

  app.post(
    '/api/text-to-speech',
    {
      schema: { body: TextToSpeechRequestSchema, response: { 200: SpeechAudioSchema, 400: ErrorResponseSchema, 503: ErrorResponseSchema } },
      config: { rateLimit: rateLimit('textToSpeech') },
    },
    async (request, reply) => {
      const result = await speech.run(async () =>
        synthesize(request.body.text, request.body.format ?? 'wav', { tools: await tools(), provider, log: request.log, limits }),
      );
      return reply.type(result.contentType).header('cache-control', 'no-store').header('x-voice-engine', result.engine).send(result.audio);
    },
  );

  app.post(
    '/api/speech-to-text',
    {
      schema: { response: { 200: SpeechToTextResponseSchema } },
      config: { rateLimit: rateLimit('speechToText') },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the recording as multipart/form-data with an audio file.');
      let audio: Buffer;
      try {
        const file = await request.file({ limits: { fileSize: STT_MAX_BYTES, files: 1 } });
        if (!file) throw new HttpError(400, 'Attach the recording as an audio file.');
        audio = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, `The recording is larger than ${MEGABYTES} MB.`);
        // Whatever else the multipart parser trips on is the body's fault: a missing or wrong
        // boundary, a form cut short, too many parts.
        throw new HttpError(400, 'The recording could not be read: send it as multipart/form-data with one audio file.');
      }
      if (audio.length === 0) throw new HttpError(400, 'The recording is empty.');
      return { text: await listening.run(async () => transcribe(audio, { tools: await tools(), provider, log: request.log, limits })) };
    },
  );
}
