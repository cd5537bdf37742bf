// Plays the assistant's replies and measures how loud they are right now, so the avatar's
// mouth can follow the voice.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface AudioOutput {
  speaking: boolean;
  /** Call from a click or key press: browsers only start audio after a user gesture. */
  unlock(): void;
  /** Resolves when the audio has finished (or was stopped); rejects if it cannot play. */
  play(audio: Blob): Promise<void>;
  stop(): void;
  /** Loudness of what is playing, 0 to 1. */
  getLevel(): number;
}

export function useAudioOutput(): AudioOutput {
  const [speaking, setSpeaking] = useState(false);
  const contextRef = useRef<AudioContext | null>(null);
  const analyserRef = useRef<AnalyserNode | null>(null);
  const currentRef = useRef<{ element: HTMLAudioElement; url: string; finish: () => void } | null>(null);
  const samplesRef = useRef<Float32Array<ArrayBuffer> | null>(null);

  const unlock = useCallback(() => {
    try {
      contextRef.current ??= new AudioContext();
      void contextRef.current.resume();
    } catch {
      // No Web Audio: replies still play, the mouth moves without a level.
    }
  }, []);

  const stop = useCallback(() => {
    currentRef.current?.finish();
  }, []);

  const play = useCallback(
    (audio: Blob) =>
      new Promise<void>((resolve, reject) => {
        currentRef.current?.finish();
        const url = URL.createObjectURL(audio);
        const element = new Audio(url);
        let done = false;
        const finish = (error?: unknown) => {
          if (done) return;
          done = true;
          element.pause();
          URL.revokeObjectURL(url);
          if (currentRef.current?.element === element) currentRef.current = null;
          setSpeaking(false);
          if (error) reject(error instanceof Error ? error : new Error('Audio could not be played'));
          else resolve();
        };
        currentRef.current = { element, url, finish: () => finish() };
        const context = contextRef.current;
        // Routed through a suspended context the element would be silent: only measure when it runs.
        if (context?.state === 'running') {
          try {
            const analyser = (analyserRef.current ??= Object.assign(context.createAnalyser(), { fftSize: 1024 }));
            analyser.connect(context.destination);
            context.createMediaElementSource(element).connect(analyser);
          } catch {
            // measuring is optional
          }
        }
        element.onended = () => finish();
        element.onerror = () => finish(new Error('Audio could not be decoded'));
        element.play().then(
          () => setSpeaking(true),
          (err: unknown) => finish(err),
        );
      }),
    [],
  );

  const getLevel = useCallback(() => {
    const analyser = analyserRef.current;
    const current = currentRef.current;
    if (!current || current.element.paused) return 0;
    if (!analyser) return 0.35 + 0.25 * Math.sin(performance.now() / 90); // no analyser: a plausible flap
    samplesRef.current ??= new Float32Array(analyser.fftSize);
    const samples = samplesRef.current;
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    return Math.min(1, Math.sqrt(sum / samples.length) * 4);
  }, []);

  useEffect(
    () => () => {
      currentRef.current?.finish();
      void contextRef.current?.close();
    },
    [],
  );

  return { speaking, unlock, play, stop, getLevel };
}
