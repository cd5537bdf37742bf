// Runs a local voice tool (flite, espeak-ng, pocketsphinx, ffmpeg) without a shell reading
// its arguments: input on stdin, bounded output on stdout, a wall-clock and a memory limit
// (spawnLimited, shared with Chromium), and a cap on how many run at once so a burst of
// requests queues instead of starving the machine.
import { type ChildLimits, describeExit, spawnLimited } from '@curb/audit/limited-child';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError } from '@curb/runtime';

/** Which limit ended the tool, if one did: the routes answer those with a 503 that says so. */
export type ToolLimitHit = 'time' | 'output' | null;

export class ToolError extends Error {
  override name = 'ToolError';
  constructor(
    message: string,
    readonly limit: ToolLimitHit = null,
  ) {
    super(message);
  }
}

/**
 * What one tool run may take unless its call says otherwise: ffmpeg, flite and espeak-ng use
 * about 20–60 MB, pocketsphinx about 100 MB; a crafted file that makes ffmpeg allocate
 * gigabytes fails at once under this limit.
 */
export const VOICE_TOOL_LIMITS: ChildLimits = { timeoutMs: 30_000, memoryBytes: 512 * 1024 * 1024 };

/** Limits for one request's tools; unset ones keep each call's own. */
export type ToolLimits = Partial<ChildLimits>;

export interface RunOptions extends ToolLimits {
  input?: Buffer;
  maxOutputBytes?: number;
}

const MAX_PARALLEL = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function acquire(): Promise<void> {
  if (running < MAX_PARALLEL) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/** Resolves with stdout when the tool exits 0; rejects with a ToolError otherwise. */
export async function runTool(command: string, args: readonly string[], options: RunOptions = {}): Promise<Buffer> {
  const { input, maxOutputBytes = 64 * 1024 * 1024 } = options;
  const limits: ChildLimits = {
    timeoutMs: options.timeoutMs ?? VOICE_TOOL_LIMITS.timeoutMs,
    memoryBytes: options.memoryBytes ?? VOICE_TOOL_LIMITS.memoryBytes,
  };
  await acquire();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const { child, exited } = spawnLimited(command, args, limits);
      const chunks: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let tooLong = false;
      child.stdout!.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxOutputBytes) {
          tooLong = true;
          child.kill('SIGKILL');
          return;
        }
        chunks.push(chunk);
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      // 'close' comes after 'exit' and after the pipes ended: stdout is complete here.
      child.on('close', () => {
        void exited.then((exit) => {
          if (exit.timedOut) reject(new ToolError(describeExit(command, exit, limits), 'time'));
          else if (tooLong) reject(new ToolError(`${command} produced more than ${maxOutputBytes} bytes`, 'output'));
          else if (exit.code !== 0) reject(new ToolError(`${describeExit(command, exit, limits)}: ${stderr.trim().slice(-500)}`));
          else resolve(Buffer.concat(chunks));
        });
      });
      // A tool that exits before reading all its input closes the pipe: not our failure.
      child.stdin!.on('error', () => {});
      child.stdin!.end(input);
    });
  } finally {
    release();
  }
}

/**
 * A voice tool that failed or hit its limit is the server's to answer for: a 503 that says
 * what could not be done, never a hung request or a bare 500. Other errors pass unchanged.
 */
export function toolFailure(err: unknown, what: string): unknown {
  if (!(err instanceof ToolError)) return err;
  return new HttpError(
    503,
    err.limit === 'time'
      ? `${what} took too long on this server and was stopped. Please try again in a moment.`
      : `${what} failed on this server. Please try again in a moment.`,
  );
}

/**
 * For tools that only read or write named files: Node's stdio pipes are sockets, which
 * `/dev/stdin` and `/dev/stdout` cannot open. A private directory holds `in.<ext>` (the
 * input, when given) and `out.<ext>` while the callback runs, and is removed after.
 */
export async function withTempFiles<T>(
  files: { input?: Buffer; inputExt?: string; outputExt?: string },
  run: (paths: { input: string; output: string }) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'curb-voice-'));
  const paths = { input: join(dir, `in.${files.inputExt ?? 'bin'}`), output: join(dir, `out.${files.outputExt ?? 'bin'}`) };
  try {
    if (files.input) await writeFile(paths.input, files.input);
    return await run(paths);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
