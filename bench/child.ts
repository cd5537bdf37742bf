// Starts a bench server script in its own process (its own core) and waits for READY <url>.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..');

export interface BenchServer {
  url: string;
  child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/** `root`: the checkout whose script runs (this one by default; another to compare commits). */
export function startBenchServer(
  script: string,
  env: Record<string, string>,
  onLine?: (line: string) => void,
  root = REPO_ROOT,
): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) onLine?.(line.trim());
        const ready = /^READY (\S+)/.exec(line.trim());
        if (ready) {
          resolve({
            url: ready[1]!.replace('0.0.0.0', '127.0.0.1'),
            child,
            log: () => output,
            async stop() {
              child.kill('SIGINT');
              await exited;
            },
          });
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}) before it was ready:\n${output}`)));
  });
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
