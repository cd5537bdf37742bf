import { useQuery } from '@tanstack/react-query';
import type { ChatResponse, ChatTurn, MetapersonTokenResponse, SpeechToTextResponse, VoiceCapabilities } from '@curb/contracts/assistant';
import { apiRequest, getQueryFn } from '@/lib/api-client';

/** What the server can do: the page picks voice or text mode from it. */
export function useVoiceCapabilities() {
  return useQuery({ queryKey: ['/api/voice/capabilities'], queryFn: getQueryFn<VoiceCapabilities>({ on401: 'throw' }) });
}

export async function sendChat(messages: ChatTurn[]): Promise<ChatResponse> {
  const response = await apiRequest('POST', '/api/chat', { messages });
  return (await response.json()) as ChatResponse;
}

/** The reply read aloud, as an audio blob ready to play. */
export async function textToSpeech(text: string): Promise<Blob> {
  const response = await apiRequest('POST', '/api/text-to-speech', { text });
  return response.blob();
}

/** Sends one recording (16 kHz WAV, or WebM when it could not be converted). */
export async function speechToText(audio: Blob): Promise<string> {
  const form = new FormData();
  form.append('audio', audio, audio.type === 'audio/wav' ? 'speech.wav' : 'speech.webm');
  const response = await fetch('/api/speech-to-text', { method: 'POST', body: form, credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return ((await response.json()) as SpeechToTextResponse).text;
}

/** A short-lived token for the avatar creator, so its secret never reaches the browser. */
export async function getMetapersonToken(): Promise<string> {
  const response = await apiRequest('POST', '/api/voice/metaperson-token');
  return ((await response.json()) as MetapersonTokenResponse).accessToken;
}
