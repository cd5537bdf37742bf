// The voice assistant's wire contract: chat, text-to-speech, speech-to-text and what the
// server can do, so the chat pages pick voice or text mode.
import { Type, type Static } from '@sinclair/typebox';

/** Limits a visitor's request must stay within (the page trims its history to fit). */
export const CHAT_LIMITS = {
  maxMessages: 20,
  maxMessageChars: 2000,
} as const;
export const TTS_MAX_CHARS = 2000;
export const STT_MAX_BYTES = 10 * 1024 * 1024;
export const STT_MAX_SECONDS = 60;

/** Voice detection and conversation timing. */
export const VOICE_CONSTANTS = {
  positiveSpeechThreshold: 0.6,
  negativeSpeechThreshold: 0.4,
  preSpeechPadFrames: 8,
  redemptionFrames: 35,
  minSpeechFrames: 8,
  /** Listening restarts this long after the reply's audio ends: long enough not to hear the reply's
   *  echo, short enough to feel like a conversation (1 to 2 s). */
  relistenDelayMs: 1500,
  fallbackRecordingMs: 4000,
  /** What the page sends and the local recogniser reads: 16 kHz mono. */
  sampleRate: 16000,
} as const;

/** The third-party avatar creator framed by /metaperson-chat when it is configured. */
/** The avatar creator is on when both its client id and secret are set. */
export const metapersonConfigured = (config: { METAPERSON_CLIENT_ID?: string; METAPERSON_CLIENT_SECRET?: string }): boolean =>
  Boolean(config.METAPERSON_CLIENT_ID && config.METAPERSON_CLIENT_SECRET);

export const METAPERSON_ORIGIN = 'https://metaperson.avatarsdk.com';
export const METAPERSON_FRAME_URL = `${METAPERSON_ORIGIN}/iframe.html`;

export const ChatRoleSchema = Type.Union([Type.Literal('user'), Type.Literal('assistant')]);

export const ChatTurnSchema = Type.Object(
  {
    role: ChatRoleSchema,
    content: Type.String({ maxLength: CHAT_LIMITS.maxMessageChars }),
  },
  { additionalProperties: false },
);

export const ChatRequestSchema = Type.Object(
  {
    messages: Type.Array(ChatTurnSchema, { minItems: 1, maxItems: CHAT_LIMITS.maxMessages }),
  },
  { additionalProperties: false },
);

/** A page of the site the answer came from. */
export const ChatSourceSchema = Type.Object({
  title: Type.String(),
  path: Type.String(),
});

export const ChatResponseSchema = Type.Object({
  message: Type.String(),
  sources: Type.Array(ChatSourceSchema),
  mode: Type.Union([Type.Literal('retrieval'), Type.Literal('provider')]),
});

export const AudioFormatSchema = Type.Union([Type.Literal('wav'), Type.Literal('mp3'), Type.Literal('ogg')]);

export const TextToSpeechRequestSchema = Type.Object(
  {
    text: Type.String({ maxLength: TTS_MAX_CHARS }),
    format: Type.Optional(AudioFormatSchema),
  },
  { additionalProperties: false },
);

/** Synthesised speech: the audio bytes are sent as they are, never serialised. */
export const SpeechAudioSchema = Type.Unsafe<Buffer>({ description: 'audio/wav, audio/mpeg or audio/ogg bytes' });

export const SpeechToTextResponseSchema = Type.Object({ text: Type.String() });

export const VoiceCapabilitiesSchema = Type.Object({
  chat: Type.Object({ mode: Type.Union([Type.Literal('retrieval'), Type.Literal('provider')]) }),
  tts: Type.Object({
    available: Type.Boolean(),
    engine: Type.Union([Type.Literal('provider'), Type.Literal('flite'), Type.Literal('espeak-ng'), Type.Null()]),
    formats: Type.Array(AudioFormatSchema),
  }),
  stt: Type.Object({
    available: Type.Boolean(),
    engine: Type.Union([Type.Literal('provider'), Type.Literal('pocketsphinx'), Type.Null()]),
    /** Containers the server reads; WAV always, WebM/Ogg only with ffmpeg or a provider. */
    formats: Type.Array(Type.Union([Type.Literal('wav'), Type.Literal('webm'), Type.Literal('ogg')])),
  }),
  metaperson: Type.Object({ enabled: Type.Boolean() }),
});

export const MetapersonTokenResponseSchema = Type.Object({
  accessToken: Type.String(),
  expiresIn: Type.Integer(),
});

export type ChatRole = Static<typeof ChatRoleSchema>;
export type ChatTurn = Static<typeof ChatTurnSchema>;
export type ChatRequest = Static<typeof ChatRequestSchema>;
export type ChatSource = Static<typeof ChatSourceSchema>;
export type ChatResponse = Static<typeof ChatResponseSchema>;
export type AudioFormat = Static<typeof AudioFormatSchema>;
export type TextToSpeechRequest = Static<typeof TextToSpeechRequestSchema>;
export type SpeechToTextResponse = Static<typeof SpeechToTextResponseSchema>;
export type VoiceCapabilities = Static<typeof VoiceCapabilitiesSchema>;
export type MetapersonTokenResponse = Static<typeof MetapersonTokenResponseSchema>;
