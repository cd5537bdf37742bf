// The voice endpoints with the machine's real tools: flite speaks, pocketsphinx listens,
// ffmpeg reads WebM. A sentence spoken by the server comes back as text.
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer, type Stores } from '@curb/runtime';
import { composeApp } from '../../../../launcher/src/compose.ts';
import { createTestStores, testConfig } from '../../../../../test/harness.ts';
import { encodeWav, parseWav, resample, toPcm16 } from '../../lib/voice/audio.ts';
import { runTool, type ToolLimits } from '../../lib/voice/run-tool.ts';
import { detectVoiceTools, NO_VOICE_TOOLS, type VoiceTools } from '../../lib/voice/tools.ts';
import assistant from './index.ts';
import { VOICE_QUEUE } from './voice.ts';

const machine = await detectVoiceTools();
const SENTENCE = 'I would like a free marketing audit for my real estate website';

/** Reads a WAV header the way a player does and checks it against the bytes present. */
function wavHeader(bytes: Buffer) {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  expect(bytes.toString('ascii', 12, 16)).toBe('fmt ');
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  expect(bytes.toString('ascii', 36, 40)).toBe('data');
  const dataBytes = bytes.readUInt32LE(40);
  expect(dataBytes).toBe(bytes.length - 44);
  return { format: bytes.readUInt16LE(20), channels, sampleRate, bits, seconds: dataBytes / (sampleRate * channels * (bits / 8)) };
}

async function multipart(file: Buffer | null, filename = 'speech.wav', type = 'audio/wav') {
  const form = new FormData();
  if (file) form.append('audio', new Blob([new Uint8Array(file)], { type }), filename);
  else form.append('note', 'no file');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

describe('voice endpoints on this machine', () => {
  let app: FastifyInstance;
  let stores: Stores;
  let tools: VoiceTools;
  let spoken: Buffer;
  let ip = 1;
  const remoteAddress = () => `10.7.0.${ip++}`;
  const speak = (body: unknown) =>
    app.inject({ method: 'POST', url: '/api/text-to-speech', payload: body as object, remoteAddress: remoteAddress() });
  const listen = async (file: Buffer | null, filename?: string, type?: string) =>
    app.inject({ method: 'POST', url: '/api/speech-to-text', ...(await multipart(file, filename, type)), remoteAddress: remoteAddress() });

  beforeAll(async () => {
    tools = await detectVoiceTools();
    stores = await createTestStores();
    app = await composeApp(testConfig(), stores);
    const res = await speak({ text: SENTENCE });
    spoken = res.rawPayload;
  });
  afterAll(async () => {
    await app?.close();
    await stores?.close();
  });

  it('reports what works here', async () => {
    expect(tools.flite && tools.pocketsphinx && tools.ffmpeg.available).toBe(true);
    const res = await app.inject('/api/voice/capabilities');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      chat: { mode: 'retrieval' },
      tts: { available: true, engine: 'flite', formats: ['wav', 'mp3', 'ogg'] },
      stt: { available: true, engine: 'pocketsphinx', formats: ['wav', 'webm', 'ogg'] },
      metaperson: { enabled: false },
    });
  });

  it('speaks a sentence as a playable 16 kHz mono WAV of the right length', async () => {
    const header = wavHeader(spoken);
    expect(header).toMatchObject({ format: 1, channels: 1, sampleRate: 16000, bits: 16 });
    expect(header.seconds).toBeGreaterThan(2);
    expect(header.seconds).toBeLessThan(8);
    // Not silence: a real voice has energy well above the noise floor.
    const samples = parseWav(spoken).samples;
    const rms = Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
    expect(rms).toBeGreaterThan(0.02);
  });

  it('answers with audio headers and strips link targets before speaking', async () => {
    const res = await speak({ text: 'See [our services](/services) at https://example.com/x today.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['x-voice-engine']).toBe('flite');
    expect(wavHeader(res.rawPayload).seconds).toBeLessThan(4);
  });

  it('encodes MP3 and Ogg when asked and ffmpeg has the encoder', async () => {
    const [mp3, ogg] = await Promise.all([speak({ text: 'Hello.', format: 'mp3' }), speak({ text: 'Hello.', format: 'ogg' })]);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    expect(mp3.rawPayload.length).toBeGreaterThan(200);
    expect(ogg.headers['content-type']).toBe('audio/ogg');
    expect(ogg.rawPayload.toString('ascii', 0, 4)).toBe('OggS');
  });

  it('hears the key words of the spoken sentence from WAV, resampled stereo WAV and WebM', async () => {
    const voice = parseWav(spoken).samples;
    const stereo44k = (() => {
      const mono = resample(voice, 16000, 44100);
      const interleaved = new Float32Array(mono.length * 2);
      mono.forEach((s, i) => {
        interleaved[2 * i] = s;
        interleaved[2 * i + 1] = s;
      });
      const wav = encodeWav(toPcm16(interleaved), 44100);
      wav.writeUInt16LE(2, 22); // two channels
      wav.writeUInt32LE(44100 * 4, 28);
      wav.writeUInt16LE(4, 32);
      return wav;
    })();
    const webm = await runTool('ffmpeg', ['-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', '-c:a', 'libopus', '-f', 'webm', 'pipe:1'], {
      input: spoken,
    });

    const results = await Promise.all([listen(spoken), listen(stereo44k), listen(webm, 'speech.webm', 'audio/webm')]);
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      const { text } = res.json() as { text: string };
      for (const word of ['free', 'marketing', 'real estate']) expect(text).toContain(word);
    }
  });

  it('answers 503 with Retry-After once the speech line is full, and speaks for the rest', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => speak({ text: 'Your audit is ready.' })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(VOICE_QUEUE.concurrency + VOICE_QUEUE.maxWaiting);
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(refused[0]!.headers['retry-after']).toBe('5');
    expect(refused[0]!.json()).toEqual({ message: 'The voice is busy right now. Please try again in a few seconds.' });
  });

  it('refuses what it cannot speak', async () => {
    for (const body of [{ text: '' }, { text: '   \n ' }, { text: '[](https://x.example)' }]) {
      const res = await speak(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('There is no text to speak.');
    }
    expect((await speak({ text: 'a'.repeat(2001) })).statusCode).toBe(400);
    expect((await speak({ text: 'hi', voice: 'x' })).statusCode).toBe(400);
    expect((await speak({ text: 'hi', format: 'flac' })).statusCode).toBe(400);
  });

  it('refuses uploads that are not a usable recording', async () => {
    const json = await app.inject({ method: 'POST', url: '/api/speech-to-text', payload: { audio: 'x' }, remoteAddress: remoteAddress() });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the recording as multipart/form-data with an audio file.');

    const noFile = await listen(null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Attach the recording as an audio file.');

    expect((await listen(Buffer.alloc(0))).json()).toEqual({ message: 'The recording is empty.' });

    const unreadable = 'The recording could not be read: send it as multipart/form-data with one audio file.';
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="audio"; filename="a.wav"\r\n\r\nRIFF'],
      ['multipart/form-data; boundary=xyz', '--abc\r\n\r\n--abc--'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/speech-to-text',
        headers: { 'content-type': contentType },
        payload,
        remoteAddress: remoteAddress(),
      });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        expect.stringMatching(/^(The recording could not be read|Attach the recording)/),
      ]);
      if (payload.startsWith('no')) expect(res.json().message).toBe(unreadable);
    }

    const notAudio = await listen(Buffer.from('<html>hello</html>'), 'x.wav');
    expect(notAudio.statusCode).toBe(415);
    expect(notAudio.json().message).toBe('Unsupported audio: send a WAV or WebM recording.');

    const tooLong = await listen(encodeWav(Buffer.alloc(16000 * 2 * 61), 16000));
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toBe('The recording is longer than 60 seconds.');

    const tooBig = await listen(Buffer.concat([spoken.subarray(0, 44), Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The recording is larger than 10 MB.');

    const broken = await listen(Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEjunk'), Buffer.alloc(64)]));
    expect(broken.statusCode).toBe(400);
  });

  it('refuses an impossible WAV header at once with a 400, before ffmpeg could see it', async () => {
    // The 4 KB WAV that cost ffmpeg 15 s of a core and 0.9 GB: its rate field says 1,660,960,384 Hz.
    const crafted = encodeWav(Buffer.alloc(3800), 16000);
    crafted.writeUInt32LE(1_660_960_384, 24);
    crafted.writeUInt32LE((1_660_960_384 * 2) >>> 0, 28);
    const started = performance.now();
    const res = await listen(crafted);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The WAV file could not be read: Unsupported WAV: a sample rate of 1660960384 Hz (expected 8,000 to 192,000).',
    );
    expect(performance.now() - started).toBeLessThan(500);

    // Whatever else reaches ffmpeg runs under its memory limit: the same file fails at once.
    const decoding = performance.now();
    const decode = ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'];
    await expect(runTool('ffmpeg', decode, { input: crafted })).rejects.toThrow(/ffmpeg exited with/);
    expect(performance.now() - decoding).toBeLessThan(3000);
  });

  it('answers silence with empty text', async () => {
    const res = await listen(encodeWav(Buffer.alloc(1000), 16000));
    expect(res.json()).toEqual({ text: '' });
  });
});

describe('voice endpoints with tools missing or a provider', () => {
  async function appWith(tools: VoiceTools, env: Record<string, string> = {}, toolLimits?: ToolLimits) {
    const app = await createServer(testConfig(env));
    await app.register(assistant, { config: testConfig(env), tools: async () => tools, ...(toolLimits && { toolLimits }) });
    return app;
  }

  it('stops a tool at its time limit and answers 503 within it, never a hung request', async () => {
    const limit = 150;
    const app = await appWith(await detectVoiceTools(), {}, { timeoutMs: limit });
    try {
      // Two seconds of noise: pocketsphinx alone takes longer than the limit to load its model.
      const noise = Buffer.alloc(16000 * 2 * 2);
      for (let i = 0; i < noise.length; i += 2) noise.writeInt16LE(Math.round((Math.random() - 0.5) * 20000), i);
      let started = performance.now();
      const stt = await app.inject({ method: 'POST', url: '/api/speech-to-text', ...(await multipart(encodeWav(noise, 16000))) });
      expect(performance.now() - started).toBeLessThan(limit + 1500);
      expect([stt.statusCode, stt.json().message]).toEqual([
        503,
        'Transcribing the recording took too long on this server and was stopped. Please try again in a moment.',
      ]);

      started = performance.now();
      const tts = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: `${SENTENCE}. `.repeat(30) } });
      expect(performance.now() - started).toBeLessThan(limit + 1500);
      expect([tts.statusCode, tts.json().message]).toEqual([
        503,
        'Speaking this text took too long on this server and was stopped. Please try again in a moment.',
      ]);
    } finally {
      await app.close();
    }
  });

  it('answers 503 with what to install, and reports nothing available', async () => {
    const app = await appWith(NO_VOICE_TOOLS);
    const caps = (await app.inject('/api/voice/capabilities')).json();
    expect(caps.tts).toEqual({ available: false, engine: null, formats: [] });
    expect(caps.stt).toEqual({ available: false, engine: null, formats: [] });

    const tts = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: 'Hello' } });
    expect(tts.statusCode).toBe(503);
    expect(tts.json().message).toBe('Text-to-speech is not available on this server: install flite or espeak-ng, or configure a provider.');

    const stt = await app.inject({
      method: 'POST',
      url: '/api/speech-to-text',
      ...(await multipart(encodeWav(Buffer.alloc(32000), 16000))),
    });
    expect(stt.statusCode).toBe(503);
    expect(stt.json().message).toBe(
      'Speech-to-text is not available on this server: install pocketsphinx and pocketsphinx-en-us, or configure a provider.',
    );
    await app.close();
  });

  it('reads WAV without ffmpeg but asks for WAV when WebM arrives', async () => {
    const real = await detectVoiceTools();
    const app = await appWith({ ...real, ffmpeg: { available: false, mp3: false, ogg: false } });
    expect((await app.inject('/api/voice/capabilities')).json().stt.formats).toEqual(['wav']);
    const webm = await app.inject({
      method: 'POST',
      url: '/api/speech-to-text',
      ...(await multipart(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]), 'a.webm', 'audio/webm')),
    });
    expect(webm.statusCode).toBe(503);
    expect(webm.json().message).toBe('Reading WebM audio needs ffmpeg on the server; send 16 kHz WAV instead.');
    const mp3 = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: 'Hi', format: 'mp3' } });
    expect(mp3.statusCode).toBe(503);
    expect(mp3.json().message).toBe('MP3 audio is not available on this server; ask for WAV.');
    await app.close();
  });

  it.skipIf(!machine.espeakNg)('falls back to espeak-ng with a corrected WAV header', async () => {
    const real = await detectVoiceTools();
    const app = await appWith({ ...real, flite: false });
    const res = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: SENTENCE } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-voice-engine']).toBe('espeak-ng');
    const header = wavHeader(res.rawPayload);
    expect(header.channels).toBe(1);
    expect(header.seconds).toBeGreaterThan(1.5);
    expect(header.seconds).toBeLessThan(8);
    await app.close();
  });

  describe('with an OpenAI-compatible provider', () => {
    let server: Server;
    let baseUrl: string;
    let failing = false;
    const seen: string[] = [];
    beforeAll(async () => {
      server = createHttpServer((req, res) => {
        seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
        req.resume();
        req.on('end', () => {
          if (failing) return void res.writeHead(500).end('down');
          if (req.url === '/v1/audio/speech')
            return void res.writeHead(200, { 'content-type': 'audio/wav' }).end(encodeWav(Buffer.alloc(3200), 16000));
          if (req.url === '/v1/audio/transcriptions')
            return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"text":" from the provider "}');
          res.writeHead(404).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('uses the provider first and the local tools when it fails', async () => {
      const real = await detectVoiceTools();
      const app = await appWith(real, { LLM_BASE_URL: baseUrl, LLM_API_KEY: 'sk-test' });
      const caps = (await app.inject('/api/voice/capabilities')).json();
      expect(caps.tts.engine).toBe('provider');
      expect(caps.stt.engine).toBe('provider');
      expect(caps.chat.mode).toBe('provider');

      failing = false;
      const tts = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: 'Hello' } });
      expect(tts.headers['x-voice-engine']).toBe('provider');
      const stt = await app.inject({
        method: 'POST',
        url: '/api/speech-to-text',
        ...(await multipart(encodeWav(Buffer.alloc(32000), 16000))),
      });
      expect(stt.json()).toEqual({ text: 'from the provider' });
      expect(seen).toContain('POST /v1/audio/speech Bearer sk-test');

      failing = true;
      const fallback = await app.inject({ method: 'POST', url: '/api/text-to-speech', payload: { text: 'Hello' } });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.headers['x-voice-engine']).toBe('flite');
      await app.close();
    });
  });
});
