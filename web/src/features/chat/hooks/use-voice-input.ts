// The microphone side of the conversation: voice activity detection in the browser
// (Silero model and onnxruntime WASM served by this site), or, when the model cannot
// load, a plain 4-second recording. Each utterance is handed over as 16 kHz WAV.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MicVAD } from '@ricky0123/vad-web';
import { VOICE_CONSTANTS } from '@curb/contracts/assistant';
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.wasm?url';
import { encodeWav, toWav16k } from '../lib/wav';

/** Where the build copies the model and the audio worklet (see web/vite.config.ts). */
export const VAD_ASSET_PATH = '/vad/';
/** The v5 Silero model reads 512-sample frames: 32 ms at 16 kHz. */
const FRAME_MS = 512 / 16;

export class MicrophoneUnavailableError extends Error {
  override name = 'MicrophoneUnavailableError';
}

export type VoiceEngine = 'vad' | 'recorder';

export interface VoiceInput {
  /** True while speech is detected (or while the fallback recorder runs). */
  hearing: boolean;
  /** True while the microphone is being listened to. */
  active: boolean;
  engine: VoiceEngine | null;
  /** Opens the microphone and starts listening; throws MicrophoneUnavailableError when denied. */
  start(): Promise<VoiceEngine>;
  resume(): void;
  pause(): void;
  stop(): void;
}

function recordFor(stream: MediaStream, ms: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onstop = () => resolve(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }));
    recorder.onerror = () => reject(new Error('Recording failed'));
    recorder.start();
    setTimeout(() => recorder.state !== 'inactive' && recorder.stop(), ms);
  });
}

export interface VoiceInputHandlers {
  onUtterance(wav: Blob): void;
  /** The fallback recorder failed after the microphone was granted. */
  onRecordingError(error: unknown): void;
}

export function useVoiceInput(handlers: VoiceInputHandlers): VoiceInput {
  const [hearing, setHearing] = useState(false);
  const [active, setActive] = useState(false);
  const [engine, setEngine] = useState<VoiceEngine | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const streamRef = useRef<MediaStream | null>(null);
  const vadRef = useRef<MicVAD | null>(null);
  const engineRef = useRef<VoiceEngine | null>(null);
  const recordingRef = useRef(false);

  const recordOnce = useCallback(async () => {
    const stream = streamRef.current;
    if (!stream || recordingRef.current) return;
    recordingRef.current = true;
    setActive(true);
    setHearing(true);
    try {
      const recording = await recordFor(stream, VOICE_CONSTANTS.fallbackRecordingMs);
      handlersRef.current.onUtterance(await toWav16k(recording));
    } catch (err) {
      handlersRef.current.onRecordingError(err);
    } finally {
      recordingRef.current = false;
      setHearing(false);
      setActive(false);
    }
  }, []);

  const pause = useCallback(() => {
    void vadRef.current?.pause();
    setHearing(false);
    setActive(false);
  }, []);

  const resume = useCallback(() => {
    if (engineRef.current === 'vad' && vadRef.current) {
      void vadRef.current.start();
      setActive(true);
    } else if (engineRef.current === 'recorder') {
      void recordOnce();
    }
  }, [recordOnce]);

  const stop = useCallback(() => {
    const vad = vadRef.current;
    vadRef.current = null;
    engineRef.current = null;
    if (vad) void vad.destroy().catch(() => {});
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setHearing(false);
    setActive(false);
    setEngine(null);
  }, []);

  const start = useCallback(async (): Promise<VoiceEngine> => {
    if (engineRef.current) {
      resume();
      return engineRef.current;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (err) {
      throw new MicrophoneUnavailableError(err instanceof Error ? err.message : 'Microphone unavailable');
    }
    streamRef.current = stream;
    try {
      const { MicVAD } = await import('@ricky0123/vad-web');
      vadRef.current = await MicVAD.new({
        model: 'v5',
        baseAssetPath: VAD_ASSET_PATH,
        onnxWASMBasePath: VAD_ASSET_PATH,
        // The runtime's WASM and its loader are hashed build assets; ortConfig runs after the
        // library has set its own path, so these win.
        ortConfig: (ort) => {
          ort.env.wasm.wasmPaths = { wasm: ortWasmUrl, mjs: ortMjsUrl };
          ort.env.logLevel = 'error';
        },
        positiveSpeechThreshold: VOICE_CONSTANTS.positiveSpeechThreshold,
        negativeSpeechThreshold: VOICE_CONSTANTS.negativeSpeechThreshold,
        preSpeechPadMs: VOICE_CONSTANTS.preSpeechPadFrames * FRAME_MS,
        redemptionMs: VOICE_CONSTANTS.redemptionFrames * FRAME_MS,
        minSpeechMs: VOICE_CONSTANTS.minSpeechFrames * FRAME_MS,
        getStream: async () => stream,
        // The stream stays open between turns: pausing only disconnects it.
        pauseStream: async () => {},
        resumeStream: async () => stream,
        onSpeechStart: () => setHearing(true),
        onVADMisfire: () => setHearing(false),
        onSpeechEnd: (audio) => {
          setHearing(false);
          setActive(false);
          void vadRef.current?.pause();
          handlersRef.current.onUtterance(encodeWav(audio));
        },
        startOnLoad: true,
      });
      engineRef.current = 'vad';
      setEngine('vad');
      setActive(true);
    } catch (err) {
      console.warn('Voice activity model failed to load; using the 4-second recorder', err);
      engineRef.current = 'recorder';
      setEngine('recorder');
      void recordOnce();
    }
    return engineRef.current;
  }, [recordOnce, resume]);

  useEffect(() => stop, [stop]);

  return { hearing, active, engine, start, resume, pause, stop };
}
