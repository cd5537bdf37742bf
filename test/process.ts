// Starts the product as `pnpm start` does, in a child process, for end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@curb/runtime/free-port';

export const REPO_ROOT = join(import.meta.dirname, '..');

export interface RunningProduct {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Sends SIGINT and resolves with the exit code and how long the stop took. */
  stop(): Promise<{ code: number | null; ms: number }>;
}

export function runLauncher(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'services/launcher/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startProduct(dataDir: string, env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  const run = runLauncher({ DATA_DIR: dataDir, PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`product exited (${exitCode}) before it was healthy:\n${run.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child: run.child,
    url,
    output: run.output,
    async stop() {
      const started = performance.now();
      run.child.kill('SIGINT');
      const code = await run.exited;
      return { code, ms: performance.now() - started };
    },
  };
}
