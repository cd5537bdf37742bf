// The conversation: Thinking while the chat request is
// pending, Speaking while the reply plays, Listening while speech is detected; each
// utterance is transcribed and sent; listening restarts 1-2 s after the reply's audio.
// Without a microphone (denied, or no speech-to-text on the server) it runs in text mode.
import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_CONSTANTS, type VoiceCapabilities } from '@curb/contracts/assistant';
import { toast } from '@/components/ui/toast/toast-store';
import { serverMessage } from '@/lib/server-message';
import { sendChat, speechToText, textToSpeech } from '../api/chat-api';
import { historyForRequest, type ChatMessage } from '../lib/history';
import { useAudioOutput } from './use-audio-output';
import { MicrophoneUnavailableError, useVoiceInput } from './use-voice-input';

export type ConversationMode = 'idle' | 'voice' | 'text';

export interface MicrophoneErrorToast {
  title: string;
  description: string;
}

/** /chat's words when the microphone cannot be used; /metaperson-chat has its own. */
export const VOICE_UNAVAILABLE: MicrophoneErrorToast = { title: 'Voice Unavailable', description: 'Using text mode instead' };

let nextId = 0;
const message = (role: ChatMessage['role'], content: string, isAudio: boolean): ChatMessage => ({
  id: `m${++nextId}`,
  role,
  content,
  timestamp: new Date(),
  isAudio,
});

export function useConversation(capabilities: VoiceCapabilities | undefined, microphoneError: MicrophoneErrorToast = VOICE_UNAVAILABLE) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [thinking, setThinking] = useState(false);
  /** The server's refusal of the last message typed or spoken, until the next one. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [transcribing, setTranscribing] = useState(false);
  const [mode, setMode] = useState<ConversationMode>('idle');
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const autoListenRef = useRef(false);
  const relistenTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const output = useAudioOutput();
  const capabilitiesRef = useRef(capabilities);
  capabilitiesRef.current = capabilities;

  const toTextMode = useCallback((words: MicrophoneErrorToast) => {
    autoListenRef.current = false;
    setMode('text');
    toast({ title: words.title, description: words.description });
  }, []);

  const relistenSoon = useCallback(() => {
    clearTimeout(relistenTimer.current);
    if (!autoListenRef.current) return;
    relistenTimer.current = setTimeout(() => {
      if (autoListenRef.current) voiceRef.current?.resume();
    }, VOICE_CONSTANTS.relistenDelayMs);
  }, []);

  const speak = useCallback(
    async (text: string) => {
      if (!capabilitiesRef.current?.tts.available) return;
      try {
        await output.play(await textToSpeech(text));
      } catch (err) {
        // A failed reading is only logged; the conversation goes on without audio.
        console.warn('Text-to-speech failed', err);
      }
    },
    [output],
  );

  const send = useCallback(
    async (text: string, isAudio: boolean) => {
      const content = text.trim();
      if (!content) return; // a blank message would cost a reply that answers nothing
      const userMessage = message('user', content, isAudio);
      const history = historyForRequest([...messagesRef.current, userMessage]);
      setMessages((all) => [...all, userMessage]);
      setThinking(true);
      setRefusal(null);
      let reply: string;
      try {
        reply = (await sendChat(history)).message;
      } catch (err) {
        // What the server refused (too long, too many at once) is said at the message box;
        // a failure to reach it is not the visitor's to fix there.
        const refused = /^4\d\d: /.test(err instanceof Error ? err.message : '') ? serverMessage(err) : null;
        if (refused) setRefusal(refused);
        else toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
        setThinking(false);
        relistenSoon();
        return;
      }
      setMessages((all) => [...all, message('assistant', reply, false)]);
      setThinking(false);
      await speak(reply);
      relistenSoon();
    },
    [relistenSoon, speak],
  );

  const onUtterance = useCallback(
    async (wav: Blob) => {
      setTranscribing(true);
      let text = '';
      try {
        text = await speechToText(wav);
      } catch {
        toast({ title: 'Transcription Error', description: 'Failed to convert speech to text', variant: 'destructive' });
      } finally {
        setTranscribing(false);
      }
      if (text.trim()) await send(text, true);
      else relistenSoon();
    },
    [relistenSoon, send],
  );

  const voice = useVoiceInput({
    onUtterance: (wav) => void onUtterance(wav),
    onRecordingError: () => toTextMode(microphoneError),
  });
  const voiceRef = useRef(voice);
  voiceRef.current = voice;

  /** 'Wake Up & Listen': open the microphone and keep the conversation going by voice. */
  const wake = useCallback(async () => {
    output.unlock();
    if (!capabilitiesRef.current?.stt.available) {
      toTextMode(VOICE_UNAVAILABLE);
      return;
    }
    autoListenRef.current = true;
    setMode('voice');
    try {
      await voiceRef.current.start();
    } catch (err) {
      if (err instanceof MicrophoneUnavailableError) toTextMode(microphoneError);
      else throw err;
    }
  }, [microphoneError, output, toTextMode]);

  /** Stops listening (and any reply being read) without leaving the page. */
  const sleep = useCallback(() => {
    autoListenRef.current = false;
    clearTimeout(relistenTimer.current);
    voiceRef.current.pause();
    output.stop();
    setMode('idle');
  }, [output]);

  const sendText = useCallback(
    (text: string) => {
      output.unlock();
      // Typing while the microphone listens would let it hear the reply: pause it first.
      voiceRef.current.pause();
      void send(text, false);
    },
    [output, send],
  );

  useEffect(() => () => clearTimeout(relistenTimer.current), []);

  return {
    messages,
    mode,
    thinking,
    transcribing,
    speaking: output.speaking,
    listening: voice.hearing,
    micActive: voice.active,
    voiceEngine: voice.engine,
    getLevel: output.getLevel,
    wake,
    sleep,
    sendText,
    refusal,
  };
}

export type Conversation = ReturnType<typeof useConversation>;
