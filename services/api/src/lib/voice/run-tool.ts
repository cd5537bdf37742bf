// Runs a local voice tool (flite, espeak-ng, pocketsphinx, ffmpeg) without a shell: input
// on stdin, bounded output on stdout, a deadline, and a cap on how many run at once so a
// burst of requests queues instead of starving the machine.
import { spawn } from 'node:child_process';
import { yieldCpu } from '@curb/audit/util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class ToolError extends Error {
  override name = 'ToolError';
}

export interface RunOptions {
  input?: Buffer;
  timeoutMs?: number;
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
  const { input, timeoutMs = 30_000, maxOutputBytes = 64 * 1024 * 1024 } = options;
  await acquire();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
      // Speech tools yield the CPU to the server's own requests.
      yieldCpu(child.pid);
      const chunks: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let failure: string | undefined;
      const timer = setTimeout(() => {
        failure = `${command} took longer than ${timeoutMs} ms`;
        child.kill('SIGKILL');
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxOutputBytes) {
          failure = `${command} produced more than ${maxOutputBytes} bytes`;
          child.kill('SIGKILL');
          return;
        }
        chunks.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 4000) stderr += chunk.toString('utf8');
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(new ToolError(`${command} could not start: ${err.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (failure) reject(new ToolError(failure));
        else if (code !== 0) reject(new ToolError(`${command} exited with ${code}: ${stderr.trim().slice(-500)}`));
        else resolve(Buffer.concat(chunks));
      });
      // A tool that exits before reading all its input closes the pipe: not our failure.
      child.stdin.on('error', () => {});
      child.stdin.end(input);
    });
  } finally {
    release();
  }
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
