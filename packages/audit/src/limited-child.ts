// Every helper program the product starts (ffmpeg, flite, espeak-ng, pocketsphinx, Chromium)
// starts here, with three limits: a wall-clock deadline past which it is killed (SIGKILL), a
// memory limit set on it before it runs, and a lower CPU priority than the server's. The
// memory limit is RLIMIT_DATA (heap and private writable mappings, per process, inherited by
// the processes it forks), set by `ulimit -d` in /bin/sh just before the shell execs the
// program: Node cannot set a child's limits itself, and the address-space limit (RLIMIT_AS)
// is no use here because Chromium reserves terabytes of address space it never touches and
// dies under it. A program that needs more memory than its limit gets failed allocations, so
// it exits with an error instead of growing until the machine swaps.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { yieldCpu } from './util.ts';

export interface ChildLimits {
  /** Killed this long after it started. */
  timeoutMs: number;
  /** Data segment limit of each of its processes, in bytes. */
  memoryBytes: number;
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The wall-clock limit killed it. */
  timedOut: boolean;
  /** The program could not be started at all (not found, not executable). */
  notStarted: boolean;
}

export interface LimitedChild {
  child: ChildProcess;
  /** Resolves once it has exited, however that happened (never rejects). */
  exited: Promise<ChildExit>;
}

/** `sh -c` exit codes for a program it could not exec: not found, not executable. */
const EXEC_FAILED = new Set([126, 127]);

// "$0" is the limit in KiB, "$@" the program and its arguments: nothing is interpolated into
// the script, so no argument is ever read by the shell. Lowering a limit always succeeds; if
// the process already has a lower one, that one stays and the program still runs.
const SCRIPT = 'ulimit -d "$0" 2>/dev/null; exec "$@"';

/** Starts `command` with `args` under `limits`; the caller reads its pipes as with `spawn`. */
export function spawnLimited(
  command: string,
  args: readonly string[],
  limits: ChildLimits,
  options: { stdio?: StdioOptions; env?: NodeJS.ProcessEnv } = {},
): LimitedChild {
  const kib = String(Math.max(1024, Math.floor(limits.memoryBytes / 1024)));
  const child = spawn('/bin/sh', ['-c', SCRIPT, kib, command, ...args], {
    stdio: options.stdio ?? ['pipe', 'pipe', 'pipe'],
    ...(options.env && { env: options.env }),
  });
  // The shell execs the program in place: same process, so the same pid to lower and to kill.
  yieldCpu(child.pid);
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      child.kill('SIGKILL');
    },
    Math.max(0, limits.timeoutMs),
  );
  const exited = new Promise<ChildExit>((resolve) => {
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, timedOut, notStarted: true });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, notStarted: code !== null && EXEC_FAILED.has(code) });
    });
  });
  return { child, exited };
}

/** What a limited child's exit means, in words for a log line or an error message. */
export function describeExit(command: string, exit: ChildExit, limits: ChildLimits): string {
  if (exit.timedOut) return `${command} took longer than ${limits.timeoutMs} ms and was stopped`;
  if (exit.notStarted) return `${command} could not start`;
  if (exit.signal) return `${command} was killed by ${exit.signal}`;
  return `${command} exited with ${exit.code}`;
}
