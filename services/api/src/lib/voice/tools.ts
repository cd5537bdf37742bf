// Which local voice tools this machine has, found once and cached: the endpoints answer
// 503 and the page falls back to text mode when one is missing.
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { runTool, withTempFiles } from './run-tool.ts';

export interface VoiceTools {
  /** flite with its slt voice. */
  flite: boolean;
  espeakNg: boolean;
  /** pocketsphinx_continuous with a working US English model. */
  pocketsphinx: boolean;
  ffmpeg: { available: boolean; mp3: boolean; ogg: boolean };
}

export const NO_VOICE_TOOLS: VoiceTools = {
  flite: false,
  espeakNg: false,
  pocketsphinx: false,
  ffmpeg: { available: false, mp3: false, ogg: false },
};

async function onPath(name: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      await access(join(dir, name), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

async function succeeds(command: string, args: string[]): Promise<string | null> {
  try {
    return (await runTool(command, args, { timeoutMs: 10_000 })).toString('utf8');
  } catch {
    return null;
  }
}

/** A fifth of a second of silence proves the recogniser finds its acoustic model. */
async function recognizerWorks(): Promise<boolean> {
  try {
    await withTempFiles({ input: Buffer.alloc(6400), inputExt: 'raw' }, ({ input }) =>
      runTool('pocketsphinx_continuous', ['-infile', input, '-logfn', '/dev/null'], { timeoutMs: 10_000 }),
    );
    return true;
  } catch {
    return false;
  }
}

async function detect(): Promise<VoiceTools> {
  const [hasFlite, espeakNg, hasSphinx, hasFfmpeg] = await Promise.all([
    onPath('flite'),
    onPath('espeak-ng'),
    onPath('pocketsphinx_continuous'),
    onPath('ffmpeg'),
  ]);
  const flite = hasFlite && /\bslt\b/.test((await succeeds('flite', ['-lv'])) ?? '');
  const pocketsphinx = hasSphinx && (await recognizerWorks());
  const encoders = hasFfmpeg ? ((await succeeds('ffmpeg', ['-hide_banner', '-encoders'])) ?? '') : '';
  return {
    flite,
    espeakNg,
    pocketsphinx,
    ffmpeg: {
      available: hasFfmpeg && encoders.length > 0,
      mp3: /\blibmp3lame\b/.test(encoders),
      ogg: /\blibopus\b/.test(encoders),
    },
  };
}

let cached: Promise<VoiceTools> | undefined;

/** Detected on first use, then remembered for the life of the process. */
export function detectVoiceTools(): Promise<VoiceTools> {
  cached ??= detect();
  return cached;
}
