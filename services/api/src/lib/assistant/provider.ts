// An OpenAI-compatible provider (chat completions, speech, transcriptions), used when
// LLM_BASE_URL and LLM_API_KEY are set. Every call has a deadline; callers fall back to
// the local engines when a call fails. An endpoint the provider does not offer (404, 405,
// 501) is skipped for a while instead of being asked on every request.
import type { Config } from '@curb/contracts/config';

export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export type ProviderAudioFormat = 'wav' | 'mp3' | 'ogg';

export interface Provider {
  readonly model: string;
  chat(messages: ProviderMessage[]): Promise<string>;
  speech(text: string, format: ProviderAudioFormat): Promise<Buffer>;
  transcribe(audio: Buffer, filename: string, contentType: string): Promise<string>;
  /** False while the endpoint is remembered as not offered by the provider. */
  offers(endpoint: ProviderEndpoint): boolean;
}

export type ProviderEndpoint = 'chat' | 'speech' | 'transcription';

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Model names of the OpenAI audio API, which compatible servers accept too. */
export const PROVIDER_SPEECH_MODEL = 'tts-1';
export const PROVIDER_SPEECH_VOICE = 'alloy';
export const PROVIDER_TRANSCRIPTION_MODEL = 'whisper-1';

const TIMEOUT_MS: Record<ProviderEndpoint, number> = { chat: 20_000, speech: 15_000, transcription: 30_000 };
const UNSUPPORTED_FOR_MS = 10 * 60_000;
const MAX_REPLY_CHARS = 4000;

export function createProvider(
  config: Pick<Config, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL'>,
  fetchImpl: typeof fetch = fetch,
): Provider | null {
  if (!config.LLM_BASE_URL || !config.LLM_API_KEY) return null;
  const base = config.LLM_BASE_URL.replace(/\/+$/, '');
  const key = config.LLM_API_KEY;
  const unsupportedUntil = new Map<ProviderEndpoint, number>();

  async function call(endpoint: ProviderEndpoint, path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(TIMEOUT_MS[endpoint]),
        redirect: 'error',
      });
    } catch (err) {
      throw new ProviderError(`provider ${endpoint} request failed: ${(err as Error).message}`);
    }
    if (!response.ok) {
      if ([404, 405, 501].includes(response.status)) unsupportedUntil.set(endpoint, Date.now() + UNSUPPORTED_FOR_MS);
      await response.body?.cancel();
      throw new ProviderError(`provider ${endpoint} answered ${response.status}`, response.status);
    }
    return response;
  }

  return {
    model: config.LLM_MODEL,
    offers(endpoint) {
      return (unsupportedUntil.get(endpoint) ?? 0) <= Date.now();
    },
    async chat(messages) {
      const response = await call('chat', '/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: config.LLM_MODEL, messages, temperature: 0.3, max_tokens: 400 }),
      });
      const body = (await response.json().catch(() => null)) as { choices?: Array<{ message?: { content?: unknown } }> } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new ProviderError('provider chat answer has no content');
      return content.trim().slice(0, MAX_REPLY_CHARS);
    },
    async speech(text, format) {
      const response = await call('speech', '/audio/speech', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: PROVIDER_SPEECH_MODEL,
          voice: PROVIDER_SPEECH_VOICE,
          input: text,
          response_format: format === 'ogg' ? 'opus' : format,
        }),
      });
      const audio = Buffer.from(await response.arrayBuffer());
      if (audio.length === 0) throw new ProviderError('provider speech answer is empty');
      return audio;
    },
    async transcribe(audio, filename, contentType) {
      const form = new FormData();
      form.append('model', PROVIDER_TRANSCRIPTION_MODEL);
      form.append('file', new Blob([new Uint8Array(audio)], { type: contentType }), filename);
      const response = await call('transcription', '/audio/transcriptions', { method: 'POST', body: form });
      const body = (await response.json().catch(() => null)) as { text?: unknown } | null;
      if (typeof body?.text !== 'string') throw new ProviderError('provider transcription answer has no text');
      return body.text.trim();
    },
  };
}
